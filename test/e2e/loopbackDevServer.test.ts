// End to end (issue 18 item 8): an agent checks its own dev server through the real shim. The
// server is a loopback HTTP server this test starts in a child process (the agent run is
// synchronous, so the server cannot live in this process); nothing leaves the machine: the HOME
// is hermetic (no proxy variables, no ~/.curlrc) and the only address is 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

const h = e2eHome();
const requestLog = join(h.home, 'dev-server-requests.log');

const SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const server = http.createServer((req, res) => {
  fs.appendFileSync(process.argv[1], req.method + ' ' + req.url + '\\n');
  res.end(req.url === '/health' ? 'ok from the dev server\\n' : 'not found\\n');
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

let server: ChildProcess;
let port = 0;

beforeAll(async () => {
  server = spawn(process.execPath, ['-e', SERVER, requestLog], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
  });
});
afterAll(() => {
  server.kill();
});

const requests = (): string[] =>
  existsSync(requestLog) ? readFileSync(requestLog, 'utf8').trim().split('\n').filter(Boolean) : [];

describe('a loopback dev server through the real shim', () => {
  it('curl -s http://127.0.0.1:PORT/health runs and its body reaches the agent', () => {
    const r = h.runAgent('claude', `curl -s http://127.0.0.1:${port}/health`);
    expect(r.command.stderr).toBe('');
    expect(r.command.status).toBe(0);
    expect(r.command.stdout).toBe('ok from the dev server\n');
    expect(requests()).toContain('GET /health');
  });

  it('a POST to the same server is not allowed, and never reaches it', () => {
    const before = requests().length;
    const r = h.runAgent('claude', `curl -s -X POST http://127.0.0.1:${port}/health`);
    expect(r.command.status).toBe(126);
    // An ask: with CI=true nobody can answer it, so it does not run.
    expect(r.command.stderr).toMatch(/approval\.unavailable/);
    expect(requests().slice(before)).toEqual([]);
  });
});
