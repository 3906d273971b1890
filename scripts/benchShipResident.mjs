// `npm run bench:ship-resident`: what background shipping (issue 14) adds to a command reviewed
// by the resident process. Three installs, each with its own resident process: no targets;
// `audit.ship` in config.json with a file target (every burst of records is shipped); one whose only target is down
// (a loopback port nobody listens on: retried with backoff). The same command (`bash -c true`
// through the shim, fast mode) runs in all three, interleaved so load drift hits all alike.
// Also: each resident process's CPU per command, all its threads (the shipping thread included).
// Env: BENCH_RUNS (default 300). A benchmark, not a test: it prints figures.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = new URL('..', import.meta.url).pathname;
const cli = join(repo, 'bin', 'shimctl.cjs');
const runs = Number(process.env.BENCH_RUNS ?? 300);
const tmp = mkdtempSync(join(tmpdir(), 'shimctl-shipres-'));
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

function setupHome(name, ship) {
  const home = join(tmp, name);
  mkdirSync(join(home, 'proj', '.git'), { recursive: true });
  const env = { HOME: home, PATH: SYSTEM_PATH, LANG: 'C.UTF-8', SHIMCTL_DAEMON_IDLE_SECONDS: '600' };
  const r = spawnSync(process.execPath, [cli, 'install', '--no-modify-path'], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`install failed: ${r.stderr}`);
  if (ship) {
    mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
    writeFileSync(join(home, '.config', 'shimctl', 'config.json'), JSON.stringify({ audit: { ship: ship(home) } }));
  }
  const s = spawnSync(process.execPath, [cli, 'daemon', 'start'], { env, encoding: 'utf8' });
  if (s.status !== 0) throw new Error(`daemon start failed: ${s.stderr}`);
  const shim = join(home, '.local/share/shimctl/shims/bash');
  const pid = Number(readFileSync(join(home, '.local/state/shimctl/run/daemon.lock'), 'utf8').trim());
  return { name, home, env, shim, cwd: join(home, 'proj'), pid, samples: [], cpuMs: 0 };
}

const homes = [
  setupHome('no shipping', undefined),
  setupHome('ship to a file', (home) => ({ targets: [{ type: 'file', path: join(home, 'shipped.jsonl') }] })),
  // Port 9 (discard) on loopback: nothing listens, the connect is refused at once.
  setupHome('ship target down', () => ({
    targets: [{ type: 'otlp', url: 'http://127.0.0.1:9/v1/logs', protocol: 'http/protobuf' }],
  })),
];
if (!existsSync(join(homes[0].home, '.local/share/shimctl/shims/shimctl-client')))
  throw new Error('no C compiler: the fast client was not built');

/** CPU of every thread of `pid`, ms (schedstat: exact). */
const cpu = (pid) => {
  let ns = 0;
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // exited meanwhile
    }
  }
  return ns / 1e6;
};

function once(h) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(h.shim, ['-c', 'true'], { env: h.env, cwd: h.cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${h.name}: exit ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

for (const h of homes) for (let i = 0; i < 10; i++) once(h);
// The shipper's first runs (pino loaded, the backlog of the warm-up) are not what is measured.
await new Promise((r) => setTimeout(r, 3000));
const c0 = homes.map((h) => cpu(h.pid));
for (let i = 0; i < runs; i++) for (const h of homes) h.samples.push(once(h));
// Let the last debounced runs finish, so their CPU is counted.
await new Promise((r) => setTimeout(r, 3000));
homes.forEach((h, i) => {
  h.cpuMs = (cpu(h.pid) - c0[i]) / runs;
});

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
console.log(
  `machine: ${cpus().length}× ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${runs} runs per install, interleaved\n`,
);
console.log(
  `${'install'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'Δp50'.padStart(7)} ${'Δp95'.padStart(7)} ${'daemon CPU ms/cmd'.padStart(18)}`,
);
const base = homes[0].samples;
for (const h of homes) {
  console.log(
    `${h.name.padEnd(20)} ${pct(h.samples, 50).toFixed(2).padStart(8)} ${pct(h.samples, 95).toFixed(2).padStart(8)} ${(pct(h.samples, 50) - pct(base, 50)).toFixed(2).padStart(7)} ${(pct(h.samples, 95) - pct(base, 95)).toFixed(2).padStart(7)} ${h.cpuMs.toFixed(3).padStart(18)}`,
  );
}
const shipped = join(homes[1].home, 'shipped.jsonl');
console.log(
  `\nfile target: ${existsSync(shipped) ? readFileSync(shipped, 'utf8').split('\n').filter(Boolean).length : 0} records shipped`,
);
for (const h of homes) spawnSync(process.execPath, [cli, 'daemon', 'stop'], { env: h.env });
rmSync(tmp, { recursive: true, force: true });
