// `node scripts/benchDaemonReview.mjs`: the CPU one resident-process review costs, in process.
// It runs the function a review worker runs for each request (reviewRequest in daemon.ts: config,
// grammar parse, review, audit start and end records), with a stand-in executor that answers at
// once (in fast mode the client runs the command), for a simple command, the issue-18 compound
// one, and both inside Claude Code 2.1.332's envelope. A benchmark, not a test: it prints figures.
// Env: BENCH_ROUNDS (default 7) rounds of BENCH_N (default 400) reviews per case, after warm-up;
// BENCH_POOL=1 sends the requests through the resident process's worker pool instead (a worker
// thread running dist/shim.cjs, the structured-clone IPC; `npm run build` first) and reports the
// CPU of every thread of this process per request (the main thread's share is the pool's IPC).
// BENCH_ONLY=<case name> runs one case; BENCH_PROFILE=FILE writes a CPU profile (.cpuprofile, open
// it in Chrome DevTools) of the measured rounds only, warm-up excluded; BENCH_KEEP=1 keeps the temp dir.
import { build } from 'esbuild';
import { copyGrammarWasm, treeSitterCjs } from './treeSitterBundle.mjs';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';

const repo = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'shimctl-daemon-review-'));
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const perRound = Number(process.env.BENCH_N ?? 400);

await build({
  entryPoints: [join(repo, 'scripts/bench/daemonReviewEntry.ts')],
  outfile: join(tmp, 'review.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['typescript', 'pino', 'pino-*'],
  logLevel: 'error',
  plugins: [treeSitterCjs(repo)],
});
copyGrammarWasm(repo, tmp);
const core = createRequire(import.meta.url)(join(tmp, 'review.cjs'));
if (!(await core.treeSitterBash.load())) throw new Error('the shell grammar did not load');

// The hotpath bench's HOME: a project with a .git and a src directory; the env the client sends
// (its environ, with the hop counted).
const home = join(tmp, 'home');
const proj = join(home, 'proj');
mkdirSync(join(proj, '.git'), { recursive: true });
mkdirSync(join(proj, 'src'), { recursive: true });
for (const f of ['a.ts', 'b.ts', 'c.ts', 'd.ts']) writeFileSync(join(proj, 'src', f), '');
const env = {
  HOME: home,
  PATH: '/usr/local/bin:/usr/bin:/bin',
  LANG: 'C.UTF-8',
  SHIMCTL_DAEMON_IDLE_SECONDS: '600',
  SHIMCTL_DEPTH: '1',
};
const claudeEnv = { ...env, SHIMCTL_AGENT: 'claude', SHIMCTL_SESSION: 'bench-session' };
const snapshotDir = join(home, '.claude', 'shell-snapshots');
mkdirSync(snapshotDir, { recursive: true });
const captured = readFileSync(join(repo, 'test/domain/shell/agents/claude-2.1.332.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const envelope = captured[2].args.at(-1).replaceAll('$HOME', home);
writeFileSync(envelope.match(/^source (\S+)/)[1], '');
// Claude's quoting of the model's command inside `eval '…'` (no single quotes in these two).
const claude = (cmd) => envelope.replace("eval 'touch marker.txt'", () => `eval '${cmd}'`);

const COMPOUND = 'cd src && ls | head -3';
const cases = [
  { name: 'ls src', text: 'ls src', env },
  { name: 'ls', text: 'ls', env },
  { name: 'compound', text: COMPOUND, env },
  { name: 'claude ls', text: claude('ls'), env: claudeEnv },
  { name: 'claude compound', text: claude(COMPOUND), env: claudeEnv },
].filter((c) => !process.env.BENCH_ONLY || c.name === process.env.BENCH_ONLY);

const configSource = core.createWatchedConfigSource(core.statePaths(env));
const ran = {
  exitCode: 0,
  signal: null,
  durationMs: 1,
  stdoutBytes: 10,
  stderrBytes: 0,
  truncated: false,
  timedOut: false,
};
let stderr = '';
const channel = {
  writeStderr: (t) => {
    stderr += t;
  },
  executor: { run: async () => ran },
};
const human = () => undefined;
// The pool's worker is the shipped hot-path bundle, started as the daemon starts it.
const pool = process.env.BENCH_POOL
  ? core.createReviewPool({ script: join(repo, 'dist/shim.cjs'), argv: ['daemon', '__review-worker'] })
  : undefined;
if (pool) await pool.ready;
const once = async (c) => {
  const req = { mode: 'run', shell: 'bash', realShell: '/bin/bash', cwd: proj, args: ['-c', c.text], env: c.env };
  const code = pool ? await pool.handle(req, channel) : await core.reviewRequest(req, channel, human, configSource);
  if (code !== 0 || stderr) throw new Error(`${c.name}: exit ${code}: ${stderr}`);
};
// CPU ns of every thread of this process (schedstat is exact; process.cpuUsage lumps them).
const threadCpu = () => {
  const out = new Map();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      out.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread exited
    }
  }
  return out;
};
const threadUs = new Map(cases.map((c) => [c.name, []]));

// Warm-up (JIT, the config cache), then rounds interleaved across cases so load drift hits all alike.
for (const c of cases) for (let i = 0; i < 300; i++) await once(c);
const session = process.env.BENCH_PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const cpuUs = new Map(cases.map((c) => [c.name, []]));
const wallUs = new Map(cases.map((c) => [c.name, []]));
for (let r = 0; r < rounds; r++) {
  for (const c of cases) {
    const t0 = performance.now();
    const u0 = process.cpuUsage();
    const th0 = pool ? threadCpu() : undefined;
    for (let i = 0; i < perRound; i++) await once(c);
    const u = process.cpuUsage(u0);
    if (th0) {
      // main = this thread; worker = the busiest other one; helpers = V8's GC and compiler threads.
      const deltas = [...threadCpu()].map(([tid, ns]) => [tid, (ns - (th0.get(tid) ?? 0)) / 1e3 / perRound]);
      const main = deltas.find(([tid]) => Number(tid) === process.pid)?.[1] ?? 0;
      const others = deltas.filter(([tid]) => Number(tid) !== process.pid).map(([, us]) => us);
      const worker = Math.max(0, ...others);
      threadUs.get(c.name).push({ main, worker, helpers: others.reduce((a, b) => a + b, 0) - worker });
    }
    wallUs.get(c.name).push(((performance.now() - t0) * 1000) / perRound);
    cpuUs.get(c.name).push((u.user + u.system) / perRound);
  }
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  session.disconnect();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `machine: ${cpus().length}× ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(`${rounds} rounds × ${perRound} reviews per case; median (and min) over rounds of the per-review mean\n`);
console.log(
  `${'case'.padEnd(18)} ${'CPU µs'.padStart(8)} ${'min'.padStart(6)} ${'wall µs'.padStart(8)}  (CPU µs per round)`,
);
for (const c of cases) {
  const cpu = cpuUs.get(c.name);
  console.log(
    `${c.name.padEnd(18)} ${median(cpu).toFixed(0).padStart(8)} ${Math.min(...cpu)
      .toFixed(0)
      .padStart(6)} ${median(wallUs.get(c.name)).toFixed(0).padStart(8)}  (${cpu.map((x) => x.toFixed(0)).join(' ')})`,
  );
  const th = threadUs.get(c.name);
  if (th.length)
    console.log(
      `${''.padEnd(18)} threads, µs (median/min): main ${median(th.map((t) => t.main)).toFixed(0)}/${Math.min(...th.map((t) => t.main)).toFixed(0)}, worker ${median(th.map((t) => t.worker)).toFixed(0)}/${Math.min(...th.map((t) => t.worker)).toFixed(0)}, V8 helpers ${median(th.map((t) => t.helpers)).toFixed(0)}`,
    );
}
const m = (name) => (cpuUs.has(name) ? median(cpuUs.get(name)) : Number.NaN);
if (cpuUs.has('compound') && cpuUs.has('ls src'))
  console.log(`\ncompound minus 'ls src': ${(m('compound') - m('ls src')).toFixed(0)} µs CPU per review`);
if (cpuUs.has('claude compound') && cpuUs.has('claude ls'))
  console.log(
    `claude compound minus claude ls: ${(m('claude compound') - m('claude ls')).toFixed(0)} µs CPU per review`,
  );

pool?.close();
if (process.env.BENCH_KEEP !== '1') rmSync(tmp, { recursive: true, force: true });
else console.log(`kept ${tmp}`);
