// `npm run bench`: decisions per second of the in-process review core over a mixed corpus, and
// the latency of one `shimctl decide` process. A benchmark, not a test: it prints figures.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { loadCorpus } from './bench/corpus.mjs';
import { asyncThroughput, percentile, processLatency, throughput } from './bench/measure.mjs';

const repo = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'shimctl-bench-'));
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const spawns = Number(process.env.BENCH_SPAWNS ?? 50);

try {
  await build({
    entryPoints: [join(repo, 'scripts/bench/coreEntry.ts')],
    outfile: join(tmp, 'core.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['typescript'],
    logLevel: 'warning',
  });
  // CommonJS like the shipped CLI (its dependencies use require).
  const core = createRequire(import.meta.url)(join(tmp, 'core.cjs'));
  const home = join(tmp, 'home');
  const proj = join(home, 'work', 'proj');
  mkdirSync(join(proj, '.git'), { recursive: true });
  const env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const paths = core.statePaths(env);
  const config = core.defaultConfig();
  const corpus = loadCorpus(repo);
  const requests = corpus.commands.map((command) => ({ command, cwd: proj, agent: 'bench' }));
  const facts = core.createHostFactsProvider(paths).facts(env);

  const tally = { allow: 0, ask: 0, block: 0 };
  for (const r of requests) tally[core.reviewCommand(r, config, facts).verdict.decision]++;
  const internal = requests.filter((r) =>
    core.reviewCommand(r, config, facts).verdict.reasons.some((x) => x.code === 'internal.error'),
  ).length;

  const rows = [];
  const rate = (label, r, unit = 'decisions') =>
    rows.push([
      label,
      `${Math.round(r.perSecond).toLocaleString('en')} ${unit}/s`,
      `${Math.round(r.perCpuSecond).toLocaleString('en')} per CPU-s, ${(1e6 / r.perCpuSecond).toFixed(1)} µs CPU each`,
    ]);
  const m = requests.length;
  const real = throughput((i) => core.reviewCommand(requests[i % m], config, facts), { seconds });
  rate('review core, real host facts', real);

  // The application layer's use case (async, engine dispatch) over the same core.
  const viaUseCase = await asyncThroughput((i) => core.reviewUseCase(requests[i % m], { config, facts }), { seconds });
  rate('review use case (async), real host facts', viaUseCase);

  // The same with host facts memoised: what the pure domain costs without file-system calls.
  const memo = (f) => {
    const c = new Map();
    return (k) => {
      if (!c.has(k)) c.set(k, f(k));
      return c.get(k);
    };
  };
  const cached = {
    home: facts.home,
    realpath: memo(facts.realpath),
    resolveCommand: memo(facts.resolveCommand),
    fileId: memo(facts.fileId),
  };
  const pure = throughput((i) => core.reviewCommand(requests[i % m], config, cached), { seconds });
  rate('review core, memoised host facts', pure);
  // The same per source: the case tables are mostly bypass attempts, far heavier than agents' traffic.
  const parts = [
    ['built-in mix', 0, corpus.builtIn],
    ['review case tables', corpus.builtIn, corpus.builtIn + corpus.cases],
    ['dcg corpus', corpus.builtIn + corpus.cases, m],
  ];
  for (const [label, from, to] of parts) {
    const part = requests.slice(from, to);
    if (part.length === 0) continue;
    const r = throughput((i) => core.reviewCommand(part[i % part.length], config, cached), { seconds });
    rate(`  ${label} (${part.length}), memoised`, r);
  }

  // One config load as the interception path does it (fresh source: no cache), user + project file.
  mkdirSync(paths.configDir, { recursive: true });
  writeFileSync(
    join(paths.configDir, 'config.json'),
    JSON.stringify({ rules: [{ id: 'me:ls', command: 'ls', decision: 'allow' }] }),
  );
  writeFileSync(
    join(proj, '.shimctlrc.json'),
    JSON.stringify({ rules: [{ id: 'p:no-push', command: 'git', subcommand: ['push'], decision: 'block' }] }),
  );
  const loads = throughput(() => core.createConfigSource(paths).load(join(proj)), {
    seconds: Math.min(seconds, 1),
    warmupSeconds: 0.2,
  });
  rate('config load (user + project file)', loads, 'loads');

  // One `shimctl decide` process per request, as a hook would call it.
  const cli = join(repo, 'bin', 'shimctl.cjs');
  const input = JSON.stringify({ api_version: 1, command: 'git status', cwd: proj });
  const decide = processLatency(process.execPath, [cli, 'decide', '--json'], { input, env, cwd: proj, count: spawns });
  // The same CLI bundled without the TypeScript compiler cosmiconfig can require (it never does here).
  await build({
    entryPoints: [join(repo, 'src/interfaces/cli/entry.ts')],
    outfile: join(tmp, 'shimctl-lean.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['typescript'],
    logLevel: 'error',
  });
  const lean = processLatency(process.execPath, [join(tmp, 'shimctl-lean.cjs'), 'decide', '--json'], {
    input,
    env,
    cwd: proj,
    count: spawns,
  });
  const baseline = processLatency(process.execPath, ['-e', '0'], { env, cwd: proj, count: Math.min(spawns, 20) });
  const ms = (x) => `${x.toFixed(1)} ms`;
  rows.push([
    `shimctl decide process (n=${spawns})`,
    `median ${ms(percentile(decide.times, 50))}`,
    `p95 ${ms(percentile(decide.times, 95))}`,
  ]);
  rows.push([
    `  same, typescript external (n=${spawns})`,
    `median ${ms(percentile(lean.times, 50))}`,
    `p95 ${ms(percentile(lean.times, 95))}`,
  ]);
  rows.push([
    `node -e 0 for scale (n=${Math.min(spawns, 20)})`,
    `median ${ms(percentile(baseline.times, 50))}`,
    `p95 ${ms(percentile(baseline.times, 95))}`,
  ]);
  if (decide.last.status === null || decide.last.status > 1)
    rows.push(['  (decide failed!)', String(decide.last.status), decide.last.stderr.slice(0, 60)]);

  const bundle = statSync(join(repo, 'dist', 'shimctl.cjs')).size;
  const w = [Math.max(...rows.map((r) => r[0].length)), Math.max(...rows.map((r) => r[1].length))];
  console.log(
    `shimctl bench  node ${process.version}  ${cpus().length} cpus (${cpus()[0]?.model ?? '?'})  load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `corpus: ${m} commands (${corpus.builtIn} built-in, ${corpus.cases} from the review case tables${corpus.dcgDir ? `, ${corpus.dcg} from ${corpus.dcgDir}` : ', dcg corpus not found'}); verdicts allow ${tally.allow} / ask ${tally.ask} / block ${tally.block}${internal ? `; ${internal} internal.error` : ''}`,
  );
  console.log(`CLI bundle: ${(bundle / 1024).toFixed(0)} KiB\n`);
  for (const r of rows) console.log(`${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2]}`);
  const target = 100_000;
  console.log(
    `\ntarget ${target.toLocaleString('en')} decisions/s in process: ${real.perSecond >= target ? 'met' : 'NOT met'} (wall clock, real host facts; ${real.perCpuSecond >= target ? 'met' : 'not met'} per CPU-second)`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
