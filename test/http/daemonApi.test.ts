// `http.serveInDaemon`: the resident review process, started by the compiled shim the way agents
// start it (through the shim entry and the hot bundle), also serves the HTTP API; stopping it
// stops the API and removes its address file.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../install/cliHarness.js';
import { e2eHome } from '../e2e/e2eHome.js';

describe('the HTTP API inside the resident process', () => {
  const h = e2eHome(({ sentinel }) => ({ protectedPaths: [sentinel], http: { serveInDaemon: true, port: 0 } }));
  const info = join(h.home, '.local', 'state', 'shimctl', 'http', 'server.json');

  it('starts with the resident process the shim starts, answers, and goes when it stops', async () => {
    const shim = join(h.home, '.local', 'share', 'shimctl', 'shims', 'bash');
    const first = spawnSync(shim, ['-c', 'echo started'], {
      cwd: h.workspace,
      env: { ...h.env, SHIMCTL_AGENT: 'claude' },
      encoding: 'utf8',
    });
    expect(first.stdout).toContain('started');
    let server: { url: string; pid: number } | undefined;
    for (let i = 0; i < 120 && !server; i++) {
      if (existsSync(info)) server = JSON.parse(readFileSync(info, 'utf8'));
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(server, 'server.json written by the resident process').toBeTruthy();
    const status = JSON.parse(
      spawnSync(process.execPath, [CLI, 'daemon', 'status', '--json'], { env: h.env, encoding: 'utf8' }).stdout,
    );
    expect(server!.pid).toBe(status.pid);
    expect(await (await fetch(`${server!.url}/health`)).json()).toEqual({ api_version: 1, status: 'ok' });
    const token = readFileSync(join(h.home, '.local', 'state', 'shimctl', 'http', 'shimctl-http.token'), 'utf8').trim();
    const page = await (
      await fetch(`${server!.url}/v1/audit?limit=5`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(page.records.some((r: { command?: string }) => r.command === 'echo started')).toBe(true);
    spawnSync(process.execPath, [CLI, 'daemon', 'stop'], { env: h.env });
    for (let i = 0; i < 40 && existsSync(info); i++) await new Promise((r) => setTimeout(r, 250));
    expect(existsSync(info)).toBe(false);
    await expect(fetch(`${server!.url}/health`)).rejects.toThrow();
  }, 120_000);
});
