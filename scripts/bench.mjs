// `npm run bench`: decisions per second of the in-process review core over a mixed corpus, and
// the latency of one `shimctl decide` process. A benchmark, not a test: it prints figures.
import { build } from 'esbuild';
import { copyGrammarWasm, treeSitterCjs } from './treeSitterBundle.mjs';
import { spawnSync } from 'node:child_process';
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
    plugins: [treeSitterCjs(repo)],
  });
  copyGrammarWasm(repo, tmp);
  // CommonJS like the shipped CLI (its dependencies use require).
  const core = createRequire(import.meta.url)(join(tmp, 'core.cjs'));
  const home = join(tmp, 'home');
  const proj = join(home, 'work', 'proj');
  // A real repository with a commit: git's discovery stops there, and the commands that print
  // from commits list its history (src/infrastructure/hostFacts/gitHistory.ts) as they would.
  mkdirSync(join(proj, 'src'), { recursive: true });
  writeFileSync(join(proj, 'README.md'), 'bench\n');
  writeFileSync(join(proj, 'src', 'index.ts'), 'export {};\n');
  const gitEnv = { PATH: '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=bench', '-c', 'user.email=bench@bench.invalid', 'commit', '-qm', 'bench'],
  ]) {
    const r = spawnSync('git', args, { cwd: proj, env: gitEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  }
  const env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const paths = core.statePaths(env);
  // The config as the loader gives it for the project (defaults, and the directories it searched:
  // the path review reads the project files of other directories only).
  const loaded = core.createConfigSource(paths).load(proj);
  if (loaded.kind !== 'ok') throw new Error(`the bench's config did not load: ${loaded.kind}`);
  const config = loaded.config;
  const corpus = loadCorpus(repo);
  const requests = corpus.commands.map((command) => ({ command, cwd: proj, agent: 'bench' }));
  // As the composition root wires it: the shell grammar loaded, and fresh host facts per review
  // (the provider keeps nothing across reviews, so each decision pays its own file-system calls).
  // Without it every compound command would be refused cheaply: a bench that cannot load the
  // grammar measures something else, so it stops.
  if (!(await core.treeSitterBash.load())) throw new Error('the shell grammar did not load');
  const provider = core.createHostFactsProvider(paths);
  const freshFacts = () => Object.assign(provider.facts(env), { grammar: core.treeSitterBash });
  const facts = freshFacts();

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
  const real = throughput((i) => core.reviewCommand(requests[i % m], config, freshFacts()), { seconds });
  rate('review core, real host facts', real);

  // The application layer's use case (async, engine dispatch) over the same core.
  const viaUseCase = await asyncThroughput(
    (i) => core.reviewUseCase(requests[i % m], { config, facts: freshFacts() }),
    {
      seconds,
    },
  );
  rate('review use case (async), real host facts', viaUseCase);

  // The same with every host fact memoised across reviews: what the pure domain costs without
  // file-system calls. Every fact of the real provider is kept (the review takes other paths
  // without one), each function answering from memory after its first call.
  const memo = (f) => {
    const c = new Map();
    return (...a) => {
      const k = a.length === 1 ? a[0] : JSON.stringify(a);
      if (!c.has(k)) c.set(k, f(...a));
      return c.get(k);
    };
  };
  const cached = {};
  for (const [k, v] of Object.entries(facts)) cached[k] = typeof v === 'function' && k !== 'grammar' ? memo(v) : v;
  const pure = throughput((i) => core.reviewCommand(requests[i % m], config, cached), { seconds });
  rate('review core, memoised host facts', pure);
  // Per source. Agent traffic (the built-in mix and the dcg peer corpus, the bench's corpus when
  // the 100k target was set) apart from the case tables, which are mostly bypass attempts.
  const builtIn = requests.slice(0, corpus.builtIn);
  const tables = requests.slice(corpus.builtIn, corpus.builtIn + corpus.cases);
  const dcg = requests.slice(corpus.builtIn + corpus.cases);
  const parts = [
    ['agent traffic: built-in mix + dcg corpus', [...builtIn, ...dcg]],
    ['built-in mix', builtIn],
    ['dcg corpus', dcg],
    ['review case tables', tables],
  ];
  const agentTraffic = {};
  for (const [label, part] of parts) {
    if (part.length === 0) continue;
    const r = throughput((i) => core.reviewCommand(part[i % part.length], config, cached), { seconds });
    rate(`  ${label} (${part.length}), memoised`, r);
    if (part === parts[0][1]) {
      agentTraffic.memoised = r;
      const f = throughput((i) => core.reviewCommand(part[i % part.length], config, freshFacts()), { seconds });
      rate(`  ${label} (${part.length}), real host facts`, f);
      agentTraffic.real = f;
    }
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
  const verdict = (r) => (r.perCpuSecond >= target ? 'met' : 'NOT met');
  console.log(
    `\ntarget ${target.toLocaleString('en')} decisions per CPU-second:\n` +
      `  whole corpus, real host facts: ${verdict(real)}; memoised: ${verdict(pure)}\n` +
      `  agent traffic, real host facts: ${verdict(agentTraffic.real)}; memoised: ${verdict(agentTraffic.memoised)}`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
