// A different user on the same machine cannot use someone's resident review process: a real
// second uid (a throwaway account created here as root, removed afterwards) is refused by the
// owner-only run directory, cannot read the token, and is refused by the daemon without it.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../src/infrastructure/daemon/frames.js';
import type { FastHome } from './harness.js';
import { auditRecords, fastHome, startDaemon, stopDaemon } from './harness.js';
import { tempDir } from '../install/cliHarness.js';

const isRoot = process.getuid?.() === 0;
const user = `shimctlf${process.pid % 100000}`;
let h: FastHome;
let fakeNode: string;

/** Runs `argv` as the throwaway user, with the victim's HOME. */
function asForeign(argv: string[], env: Record<string, string> = {}) {
  return spawnSync('setpriv', ['--reuid', user, '--regid', user, '--clear-groups', '--', ...argv], {
    env: { PATH: '/usr/bin:/bin', HOME: h.home, SHIMCTL_CLIENT_DEBUG: '1', ...env },
    cwd: '/',
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe.skipIf(!isRoot)('another uid', () => {
  beforeAll(() => {
    const add = spawnSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', user], { encoding: 'utf8' });
    if (add.status !== 0) throw new Error(`useradd failed: ${add.stderr}`);
    h = fastHome();
    startDaemon(h);
    // Let the other user walk down to the run dir, so only the run dir's own 0700 protects it.
    for (let d = dirname(h.runDir); d !== '/' && d !== '/tmp'; d = dirname(d)) chmodSync(d, 0o755);
    // The "node" the foreign client falls back to: it only says it was reached.
    const dir = tempDir('foreign-node');
    chmodSync(dir, 0o755);
    fakeNode = join(dir, 'node');
    writeFileSync(fakeNode, '#!/bin/sh\necho "fallback reached as $(id -u)"\nexit 99\n', { mode: 0o755 });
  });

  afterAll(() => {
    if (h) stopDaemon(h);
    spawnSync('userdel', [user]);
  });

  it('cannot connect to the socket or read the token', () => {
    const probe = `
      const net = require('net'); const fs = require('fs');
      let token = 'unread'; try { token = fs.readFileSync(${JSON.stringify(join(h.runDir, 'daemon.token'))}, 'utf8'); } catch (e) { token = e.code; }
      const s = net.connect(${JSON.stringify(join(h.runDir, 'daemon.sock'))});
      s.on('connect', () => { console.log('connected', token); s.destroy(); });
      s.on('error', (e) => console.log(e.code, token));`;
    const r = asForeign([process.execPath, '-e', probe]);
    expect(r.stdout.trim()).toBe('EACCES EACCES');
  });

  it('is sent to the per-command path by the client, never served by the daemon', () => {
    const r = asForeign([h.client, fakeNode, h.entry, 'bash', '/bin/bash', '-c', 'touch /tmp/foreign-was-here']);
    expect(r.stderr).toContain('shimctl-client: fallback:');
    expect(r.stdout).toMatch(/^fallback reached as [1-9][0-9]*$/m);
    expect(r.status).toBe(99);
    expect(auditRecords(h)).toEqual([]);
  });

  it('is refused by the daemon even when the run directory is opened up by mistake', () => {
    chmodSync(h.runDir, 0o755);
    chmodSync(join(h.runDir, 'daemon.sock'), 0o777);
    try {
      // The client itself will not use a run dir that is not owner-only and its own.
      const viaClient = asForeign([
        h.client,
        fakeNode,
        h.entry,
        'bash',
        '/bin/bash',
        '-c',
        'touch /tmp/foreign-was-here',
      ]);
      expect(viaClient.stderr).toContain('fallback:');
      expect(viaClient.status).toBe(99);
      // A hand-written client gets in, but without the 0600 token the daemon refuses it.
      const forged = `
        const net = require('net');
        const fields = [${JSON.stringify(PROTOCOL)}, 'guess', String(Date.now()), 'run', 'bash', '/bin/bash', '/', '2', '-c', 'touch /tmp/foreign-was-here', '0'];
        const body = Buffer.concat(fields.map((f) => Buffer.from(f + '\\0')));
        const head = Buffer.alloc(5); head.writeUInt32BE(body.length + 1); head[4] = 81;
        const s = net.connect(${JSON.stringify(join(h.runDir, 'daemon.sock'))});
        let got = Buffer.alloc(0);
        s.on('data', (d) => (got = Buffer.concat([got, d])));
        s.on('close', () => console.log(String.fromCharCode(got[4]), got.subarray(5).toString().replace(/\\0/g, '')));
        s.on('error', (e) => console.log('error', e.code));
        s.write(Buffer.concat([head, body]));`;
      const r = asForeign([process.execPath, '-e', forged]);
      expect(r.stdout.trim()).toBe('F wrong token');
      expect(existsSync('/tmp/foreign-was-here')).toBe(false);
      expect(auditRecords(h)).toEqual([]);
    } finally {
      chmodSync(h.runDir, 0o700);
    }
  });

  it('keeps the run dir, socket and token owner-only', () => {
    expect(statSync(h.runDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(h.runDir, 'daemon.token')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(h.runDir, 'daemon.token'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});
