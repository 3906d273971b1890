#!/usr/bin/env node
// `npm run agents:upstream` (run with tsx: it reads the suite's capture normaliser): for every agent
// wired in installers/agents/, the pinned version (scripts/agents/agents.json) and the registry's
// newest; the real-agent suite run on the newest versions in a separate cache; envelope drift
// (how each newest agent starts its shell against the pinned capture). Writes docs/agents-upstream.md.
// Options: --list (registry look-up only), --all (re-run entries whose newest equals the pin too),
// --only a,b (these suite entries), --report-only (re-render from the last run kept in the cache). Exit 1 when a newest version fails a check or changed its envelope.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeShellLine } from '../../test/agents/fixtureShape.ts';
import { MORE_AGENT_NAMES } from '../../test/agents/moreAgentSpecs.ts';
import { AGENTS, newestVersion } from './install.mjs';
import { envelopeDrift, renderUpstreamBlock, spliceReport } from './upstreamReport.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const onlyArg = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]?.split(',') : undefined;
const CACHE = process.env.SHIMCTL_AGENT_UPSTREAM_CACHE || join(homedir(), '.cache', 'shimctl-agents-upstream');
// moreAgents.test.ts runs the entries of MORE_AGENT_NAMES; every other entry is agentSpecs.ts's.
const MORE = new Set(MORE_AGENT_NAMES);
const FIRST_SIX = new Set(Object.keys(AGENTS).filter((entry) => !MORE.has(entry)));
// Where a pinned capture lives: the fixture the suite checks first, then issue 19's captures.
const CAPTURE_DIRS = ['test/domain/shell/agents', 'test/agents/captures'];

function wiredAgents() {
  return readdirSync(join(ROOT, 'installers/agents'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

function readCapture(path) {
  if (!existsSync(path)) return { lines: null, note: 'no capture' };
  const raw = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  // Cline's and Droid's were taken with strace (absolute /bin/bash): not comparable with a logging shell.
  if (raw.some((l) => l.includes('"strace_execve"')))
    return { lines: null, note: 'pinned capture taken with strace (absolute /bin/bash); compare by hand' };
  return { lines: raw.map(normalizeShellLine), note: undefined };
}

function pinnedCapture(entry) {
  for (const dir of CAPTURE_DIRS) {
    const path = join(ROOT, dir, `${entry}.jsonl`);
    if (existsSync(path)) return { path, ...readCapture(path) };
  }
  return { path: undefined, lines: null, note: 'no pinned capture' };
}

const SUITE_LOG = join(CACHE, 'suite.log');

/** Comma-joined suite entries, or `none` (an empty filter would select every entry). */
function entriesWhere(rows, pick) {
  return (
    rows
      .filter(pick)
      .map((r) => r.entry)
      .join(',') || 'none'
  );
}

/** The first line of an install failure, without npm's repeated prefixes (the full text is in the logs). */
function shortReason(line) {
  return line
    .replace(/(npm error )+/g, '')
    .split(' | ')[0]
    .slice(0, 200);
}

function run(cmd, args, env, logFile) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (logFile) writeFileSync(logFile, out);
  return { status: r.status, out };
}

const rows = [];
const entries = Object.entries(AGENTS);
for (const agent of wiredAgents()) {
  const mine = entries.filter(([key, spec]) => (spec.agent ?? key) === agent);
  if (!mine.length) {
    rows.push({ agent, suiteNote: 'no suite entry', driftNote: 'no suite entry (no npm package pinned)' });
    continue;
  }
  for (const [entry, spec] of mine) {
    let newest;
    try {
      newest = newestVersion(spec.package);
    } catch (error) {
      newest = undefined;
      console.warn(`${spec.package}: npm view failed: ${String(error?.stderr || error?.message).trim()}`);
    }
    rows.push({ agent, entry, package: spec.package, pinned: spec.version, newest });
  }
}
for (const r of rows)
  if (r.entry)
    console.log(
      `${r.entry.padEnd(16)} ${r.package.padEnd(28)} pinned ${r.pinned.padEnd(10)} newest ${r.newest ?? '?'}`,
    );

// An entry whose newest is already pinned by a sibling (claude → claude-current) is not run twice:
// its drift is read from the two stored captures.
for (const r of rows) {
  const sibling = rows.find((o) => o !== r && o.entry && o.package === r.package && o.pinned === r.newest);
  if (!r.entry || r.newest === r.pinned || !sibling || onlyArg?.includes(r.entry)) continue;
  r.sibling = sibling.entry;
  r.suiteNote = `newest is pinned as ${sibling.entry}: see its row`;
  r.drift = envelopeDrift(pinnedCapture(r.entry).lines, pinnedCapture(sibling.entry).lines);
  r.driftNote = `stored captures of ${r.entry} and ${sibling.entry}`;
}

const chosen = rows.filter(
  (r) =>
    r.entry &&
    r.newest &&
    !r.sibling &&
    (onlyArg ? onlyArg.includes(r.entry) : argv.includes('--all') || r.newest !== r.pinned),
);
for (const r of rows)
  if (r.entry && !r.sibling && !chosen.includes(r))
    Object.assign(r, {
      suiteNote: r.newest ? (r.newest === r.pinned ? 'same as pinned' : 'not chosen') : 'registry look-up failed',
      driftNote: r.newest === r.pinned ? 'same as pinned' : 'not compared',
    });

let failed = false;
// --report-only: re-renders the report from the last run's results and captures in the cache.
const reportOnly = argv.includes('--report-only');
const supportJson = join(CACHE, 'upstream-support.json');
const captures = join(CACHE, 'captures');
if (!argv.includes('--list') && chosen.length) {
  mkdirSync(captures, { recursive: true });
  const env = {
    ...process.env,
    SHIMCTL_AGENT_VERSIONS: chosen.map((r) => `${r.entry}=${r.newest}`).join(','),
    SHIMCTL_AGENT_CACHE: CACHE,
    SHIMCTL_AGENT_SUPPORT_JSON: supportJson,
    SHIMCTL_AGENTS: entriesWhere(chosen, (r) => FIRST_SIX.has(r.entry)),
    SHIMCTL_MORE_AGENTS: entriesWhere(chosen, (r) => !FIRST_SIX.has(r.entry)),
  };
  const files = [];
  if (chosen.some((r) => FIRST_SIX.has(r.entry)))
    files.push('test/agents/plainShell.test.ts', 'test/agents/behindShimctl.test.ts');
  if (chosen.some((r) => r.agent === 'claude')) files.push('test/agents/claudeHeredoc.test.ts');
  if (chosen.some((r) => !FIRST_SIX.has(r.entry))) files.push('test/agents/moreAgents.test.ts');
  if (!reportOnly) {
    rmSync(supportJson, { force: true });
    const suite = run('npx', ['vitest', 'run', '--config', 'vitest.agents.config.ts', ...files], env, SUITE_LOG);
    console.log(suite.out.split('\n').slice(-40).join('\n'));
  }
  const results = existsSync(supportJson) ? JSON.parse(readFileSync(supportJson, 'utf8')).agents : {};
  for (const r of chosen) {
    const got = results[r.entry];
    if (got && got.version === r.newest) r.suite = got.checks;
    else r.suiteNote = `no result (log: ${SUITE_LOG})`;
    if (!r.suite || Object.values(r.suite).some((c) => c.state !== 'passed')) failed = true;
    // The same capture tool that made the pinned captures, on the newest build.
    const out = join(captures, `${r.entry}.jsonl`);
    if (!reportOnly) {
      rmSync(out, { force: true });
      run('npx', ['tsx', 'test/agents/capture.ts', r.entry, '--out', captures], env, `${out}.log`);
    }
    const log = existsSync(`${out}.log`) ? readFileSync(`${out}.log`, 'utf8') : '';
    const skip = log.split('\n').find((l) => l.startsWith(`${r.entry}: SKIP`));
    const newest = existsSync(out)
      ? readCapture(out)
      : { lines: null, note: skip ? `not captured: ${shortReason(skip)}` : `capture failed (log: ${out}.log)` };
    if (newest.lines && !newest.lines.length) newest.lines = null;
    const pinned = pinnedCapture(r.entry);
    r.drift = envelopeDrift(pinned.lines, newest.lines);
    r.driftNote = pinned.note ?? newest.note ?? (newest.lines ? undefined : 'the newest build started no shell');
    if (r.drift.changed !== false) failed = true;
  }
}

const block = renderUpstreamBlock(rows, { date: new Date().toISOString().slice(0, 10) });
const reportPath = join(ROOT, 'docs/agents-upstream.md');
if (!argv.includes('--list')) {
  writeFileSync(reportPath, spliceReport(existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : undefined, block));
  console.log(`wrote ${reportPath}`);
} else console.log(block);
// A version that could not be looked up is not "up to date".
process.exitCode = failed || rows.some((r) => r.entry && !r.newest) ? 1 : 0;
