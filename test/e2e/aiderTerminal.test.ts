// Aider's two paths, with a real pseudo-terminal (util-linux `script`) for the TTY case.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

const h = e2eHome();

function inTerminal(command: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('script', ['-qec', `exec aider ${JSON.stringify(command)}`, '/dev/null'], {
    cwd: h.workspace,
    env: h.env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const json = /\{"agent".*\}/.exec(r.stdout);
  if (!json) throw new Error(`no result from fake aider under script: ${r.status}\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(json[0]).steps.find((s: { what: string }) => s.what === 'command');
}

describe.skipIf(spawnSync('script', ['--version']).status !== 0)('aider with a terminal ($SHELL -i -c)', () => {
  it('runs a harmless command through the shim', () => {
    const step = inTerminal('echo via-tty');
    expect(step.status).toBe(0);
    expect(step.stdout).toContain('via-tty');
  });

  it('blocks a dangerous one', () => {
    const step = inTerminal(`rm -f ${h.sentinel}`);
    expect(step.status).toBe(126);
    expect(step.stderr).toContain('shimctl: blocked (');
    expect(existsSync(h.sentinel)).toBe(true);
  });
});

describe('aider without a terminal (/bin/sh -c by absolute path)', () => {
  it('KNOWN GAP, pinned: the command runs unreviewed and leaves no audit record', () => {
    const victim = join(h.workspace, 'victim.txt');
    writeFileSync(victim, 'x');
    const before = existsSync(h.auditLog) ? readFileSync(h.auditLog, 'utf8') : '';
    const r = h.runAgent('aider', `rm -f ${victim}`);
    expect(r.command.file).toBe('/bin/sh');
    expect(r.command.status).toBe(0);
    expect(existsSync(victim)).toBe(false);
    const after = existsSync(h.auditLog) ? readFileSync(h.auditLog, 'utf8') : '';
    expect(after).toBe(before);
  });
});
