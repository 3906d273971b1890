import { build } from 'esbuild';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
const repo = process.argv[2];
const { loadCorpus } = await import(join(repo, 'scripts/bench/corpus.mjs'));
const tmp = mkdtempSync(join(tmpdir(), 'prof-'));
await build({ entryPoints: [join(repo, 'scripts/bench/coreEntry.ts')], outfile: join(tmp, 'core.cjs'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['typescript'], logLevel: 'warning', minify: false });
const core = createRequire(import.meta.url)(join(tmp, 'core.cjs'));
const home = join(tmp, 'home'); const proj = join(home, 'work', 'proj');
mkdirSync(join(proj, '.git'), { recursive: true });
const env = { HOME: home, PATH: process.env.PATH };
const paths = core.statePaths(env);
const config = core.defaultConfig();
const corpus = loadCorpus(repo);
const requests = corpus.commands.map((command) => ({ command, cwd: proj, agent: 'bench' }));
const facts = core.createHostFactsProvider(paths).facts(env);
const memo = (f) => { const c = new Map(); return (k) => { if (!c.has(k)) c.set(k, f(k)); return c.get(k); }; };
const cached = { home: facts.home, realpath: memo(facts.realpath), resolveCommand: memo(facts.resolveCommand), fileId: memo(facts.fileId) };

const m = requests.length;
const secs = Number(process.env.SECS ?? 4);
// warm
for (let i = 0; i < m * 2; i++) core.reviewCommand(requests[i % m], config, cached);
const per = new Float64Array(m);
if (process.env.PER) {
  for (let r = 0; r < 5; r++) for (let i = 0; i < m; i++) { const t = process.hrtime.bigint(); core.reviewCommand(requests[i], config, cached); per[i] += Number(process.hrtime.bigint() - t); }
  const idx = [...per.keys()].sort((a, b) => per[b] - per[a]);
  const tot = per.reduce((a, b) => a + b, 0);
  console.log('total µs per pass', (tot / 5 / 1000).toFixed(0));
  for (const i of idx.slice(0, Number(process.env.PER))) console.log((per[i] / 5 / 1000).toFixed(1).padStart(8), 'µs', JSON.stringify(requests[i].command).slice(0, 120));
  process.exit(0);
}
const c0 = process.cpuUsage(); const t0 = performance.now(); let n = 0;
while (performance.now() - t0 < secs * 1000) { for (let k = 0; k < 256; k++) core.reviewCommand(requests[n++ % m], config, cached); }
const c = process.cpuUsage(c0);
console.log('per CPU-s', Math.round(n / ((c.user + c.system) / 1e6)), 'n', n, 'corpus', m);
