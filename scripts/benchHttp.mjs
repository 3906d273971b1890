// POST /v1/decide under load: 16 concurrent clients over keep-alive connections, against a real
// `shimctl serve` in a throwaway HOME; compared with `shimctl decide --json` run as one process
// per request, in the same run. Figures go to docs/http-api.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '..', 'bin', 'shimctl.cjs');
const CLIENTS = 16;
const DURATION_MS = Number(process.env.BENCH_MS ?? 10_000);
const BODIES = [
  { api_version: 1, command: 'ls -la src', cwd: '/tmp' },
  { api_version: 1, command: 'cd src && ls | head -3', cwd: '/tmp' },
  { api_version: 1, command: 'git status --short', cwd: '/tmp' },
  { api_version: 1, command: 'rm -rf ~/.ssh', cwd: '/tmp' },
].map((b) => JSON.stringify(b));

const home = mkdtempSync(join(tmpdir(), 'shimctl-benchhttp-'));
const env = { HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' };
const server = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
    if (m) resolve(m[1]);
  });
});
const { port } = new URL(url);
const token = readFileSync(join(home, '.local', 'state', 'shimctl', 'http', 'shimctl-http.token'), 'utf8').trim();
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function post(body) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const r = request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/decide',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Number(process.hrtime.bigint() - t0) / 1e6)
            : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    r.on('error', reject);
    r.end(body);
  });
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
for (let i = 0; i < 200; i++) await post(BODIES[i % BODIES.length]); // warm-up: JIT, config cache
const latencies = [];
const end = Date.now() + DURATION_MS;
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; Date.now() < end; i++) latencies.push(await post(BODIES[i % BODIES.length]));
  }),
);
latencies.sort((a, b) => a - b);
const rps = latencies.length / (DURATION_MS / 1000);
console.log(
  `POST /v1/decide, ${CLIENTS} keep-alive clients, ${DURATION_MS / 1000} s: ${latencies.length} requests, ${rps.toFixed(0)} req/s, p50 ${pct(latencies, 50).toFixed(2)} ms, p99 ${pct(latencies, 99).toFixed(2)} ms`,
);
void cpu0;

// The same requests as one `decide --json` process each.
const per = [];
for (let i = 0; i < 20; i++) {
  const t0 = process.hrtime.bigint();
  spawnSync(process.execPath, [CLI, 'decide', '--json'], { input: BODIES[i % BODIES.length], env });
  per.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
per.sort((a, b) => a - b);
console.log(
  `decide --json, one process per request: p50 ${pct(per, 50).toFixed(1)} ms, p99 ${pct(per, 99).toFixed(1)} ms (${(1000 / pct(per, 50)).toFixed(0)} req/s sequential)`,
);
server.kill('SIGTERM');
agent.destroy();
rmSync(home, { recursive: true, force: true });
