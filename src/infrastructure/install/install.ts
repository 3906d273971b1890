import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { AgentWiring } from '../../../installers/agentWiring.js';
import { KNOWN_AGENTS, genericWiring } from '../../../installers/agents.js';
import type { Manifest, ManifestFile } from '../../application/install/manifest.js';
import { fishFile, posixBlock } from '../../application/install/rcBlock.js';
import type { StatePaths } from '../paths/statePaths.js';
import { sha256, writeFileAtomic } from './atomicWrite.js';
import { findOnPath } from './discoverAgents.js';
import type { PackageLayout } from './packageRoot.js';
import { applyRcEdits, fishPresent, planRcEdits, rcTargets } from './rcFiles.js';
import type { PlannedFile } from './renderFiles.js';
import { hookScriptPath, hotBundle, renderFiles, shimEntryPath } from './renderFiles.js';
import { compileClient } from '../daemon/compileClient.js';
import { prebuiltClientPath } from './prebuiltClient.js';
import { readManifest, writeManifest } from './manifestStore.js';
import { clineGlobalHook } from './clineHookPath.js';
import { ShimctlError } from '../../application/shimctlError.js';

export interface InstallOptions {
  paths: StatePaths;
  pathVar: string;
  layout: PackageLayout;
  node: string;
  /** `--agent NAME=PATH`, added to what PATH discovery finds. */
  extraAgents: Array<{ name: string; path: string }>;
  modifyPath: boolean;
  dryRun: boolean;
  /** Where `CC`, `PATH` and `SHIMCTL_FAST_CLIENT` are read for building the fast-path client. */
  env?: Record<string, string | undefined>;
}

export interface InstallReport {
  agents: Array<{ name: string; realPath: string; coverage: string }>;
  written: string[];
  /** Optional files left alone because someone else's file is there (Cline's global PreToolUse hook). */
  skipped?: string[];
  unchanged: string[];
  rcEdited: string[];
  pathLine: string;
  manifest: Manifest;
}

export class InstallRefused extends ShimctlError {
  constructor(message: string) {
    super('install.refused', message);
  }
}

/**
 * The locations the review must never let a command change (see src/domain/paths/selfProtection.ts):
 * this install's directories, the bundles the shims and hooks run, and the directory of every file
 * it wrote outside them (Cline's global hooks). fish's conf.d is the user's: its one file is listed.
 */
function selfPathsOf(paths: StatePaths, bundles: string[], files: PlannedFile[]): string[] {
  const own = [paths.configDir, paths.stateDir, paths.dataDir, paths.launcherDir, paths.shimDir, ...bundles];
  for (const f of files) {
    if (own.some((d) => f.path === d || f.path.startsWith(`${d}/`))) continue;
    own.push(f.kind === 'fish' ? f.path : dirname(f.path));
  }
  return [...new Set(own)];
}

/** What install will write and edit, computed and checked in full before anything is touched. */
export function install(opts: InstallOptions): InstallReport {
  const { paths } = opts;
  const own = { launcherDir: paths.launcherDir, shimDir: paths.shimDir, dataDir: paths.dataDir };
  const previous = readManifest(paths.manifest);
  const bash = findOnPath('bash', opts.pathVar, own);
  const sh = findOnPath('sh', opts.pathVar, own);
  if (!bash || !sh)
    throw new InstallRefused(
      `cannot find the real ${bash ? 'sh' : 'bash'} on PATH (shimctl's own directories skipped)`,
    );

  const agents: Array<{ wiring: AgentWiring; realPath: string }> = [];
  for (const wiring of KNOWN_AGENTS) {
    const found = findOnPath(wiring.name, opts.pathVar, own);
    if (found) agents.push({ wiring, realPath: found });
  }
  for (const extra of opts.extraAgents) {
    if (!isAbsolute(extra.path) || !existsSync(extra.path))
      throw new InstallRefused(`--agent ${extra.name}=${extra.path}: not an existing absolute path`);
    const at = agents.findIndex((a) => a.wiring.name === extra.name);
    const entry = { wiring: genericWiring(extra.name), realPath: extra.path };
    if (at >= 0) agents[at] = entry;
    else agents.push(entry);
  }

  // The fast-path client is built here, on this machine, when a C compiler exists (see docs/hotpath.md):
  // the generic one for the BASH_ENV guard, and the bash/sh shims themselves with their paths built in.
  const source = join(opts.layout.templates, 'client', 'shimctl-client.c');
  const ccEnv = opts.env ?? { PATH: opts.pathVar };
  const entry = shimEntryPath(paths.shimDir);
  const prebuilt = prebuiltClientPath(opts.layout.root);
  const client = compileClient(source, ccEnv, { runDir: paths.runDir, daemon: { node: opts.node, entry } }, prebuilt);
  // The shims load the small hot-path bundle when the build made one; that is the bundle recorded.
  const shimBundle = hotBundle(opts.layout.bundle);
  const bundleSha256 = sha256(readFileSync(shimBundle));
  const cliBundle = join(opts.layout.root, 'dist', 'shimctl.cjs');
  const clientPath = client ? join(paths.shimDir, 'shimctl-client') : undefined;
  const compiledShims = client
    ? {
        bash: compileClient(
          source,
          ccEnv,
          { runDir: paths.runDir, shim: { name: 'bash', realShell: bash, node: opts.node, entry } },
          prebuilt,
        )?.binary,
        sh: compileClient(
          source,
          ccEnv,
          { runDir: paths.runDir, shim: { name: 'sh', realShell: sh, node: opts.node, entry } },
          prebuilt,
        )?.binary,
      }
    : undefined;
  const files: PlannedFile[] = renderFiles({
    templatesDir: opts.layout.templates,
    launcherDir: paths.launcherDir,
    shimDir: paths.shimDir,
    node: opts.node,
    bundle: shimBundle,
    bundleSha256,
    realShells: { bash, sh },
    client: clientPath,
    compiledShims,
    stateDir: paths.stateDir,
    agents,
    cliBundle,
  });
  if (client && clientPath) files.push({ path: clientPath, kind: 'shim', mode: 0o755, content: client.binary });
  // Cline runs /bin/bash by absolute path; its global hooks directory is the one place its commands can be seen first.
  if (agents.some((a) => a.wiring.name === 'cline')) {
    const hook = files.find((f) => f.path === hookScriptPath(paths.shimDir, 'cline'))!;
    files.push({ ...hook, path: clineGlobalHook(paths.home), optional: true });
  }
  if (opts.modifyPath && fishPresent(paths.home, opts.pathVar)) {
    files.push({
      path: join(paths.home, '.config', 'fish', 'conf.d', 'shimctl.fish'),
      kind: 'fish',
      mode: 0o644,
      content: fishFile(paths.launcherDir),
    });
  }

  // Check every file first: refuse to replace anything shimctl did not write (or that changed since).
  const owned = new Map((previous?.files ?? []).map((f) => [f.path, f.sha256]));
  const toWrite: PlannedFile[] = [];
  const unchanged: string[] = [];
  const skipped: string[] = [];
  for (const f of [...files]) {
    if (!existsSync(f.path)) {
      toWrite.push(f);
      continue;
    }
    const now = sha256(readFileSync(f.path));
    if (now === sha256(f.content)) {
      unchanged.push(f.path);
      continue;
    }
    if (owned.get(f.path) !== now && f.optional) {
      skipped.push(f.path);
      files.splice(files.indexOf(f), 1);
      continue;
    }
    if (owned.get(f.path) !== now) {
      throw new InstallRefused(
        `refusing to overwrite ${f.path}: shimctl did not write it (or it was changed since). Move it away and run install again`,
      );
    }
    toWrite.push(f);
  }
  const rcPlan = opts.modifyPath
    ? planRcEdits(rcTargets(paths.home, opts.pathVar), paths.launcherDir, paths.shimDir)
    : { edits: [], unchanged: [] };

  const manifestFiles: ManifestFile[] = files.map((f) => ({ path: f.path, sha256: sha256(f.content), kind: f.kind }));
  // Files of a previous install that this one no longer writes (an agent uninstalled) stay listed until removed.
  for (const old of previous?.files ?? [])
    if (!manifestFiles.some((f) => f.path === old.path) && existsSync(old.path)) manifestFiles.push(old);
  const keptRc = (previous?.rcEdits ?? []).filter((e) => rcPlan.unchanged.includes(e.path));
  const manifest: Manifest = {
    version: 1,
    installedAt:
      previous && toWrite.length === 0 && rcPlan.edits.length === 0 ? previous.installedAt : new Date().toISOString(),
    node: opts.node,
    bundle: shimBundle,
    bundleSha256,
    realShells: { bash, sh },
    files: manifestFiles,
    rcEdits: keptRc,
    agents: agents.map((a) => ({
      name: a.wiring.name,
      realPath: a.realPath,
      launcher: join(paths.launcherDir, a.wiring.name),
      coverage: a.wiring.coverage,
      note: a.wiring.note,
    })),
    selfPaths: selfPathsOf(paths, [shimBundle, cliBundle], files),
  };
  const report: InstallReport = {
    agents: agents.map((a) => ({ name: a.wiring.name, realPath: a.realPath, coverage: a.wiring.coverage })),
    written: toWrite.map((f) => f.path),
    skipped,
    unchanged,
    rcEdited: rcPlan.edits.map((e) => e.path),
    pathLine: posixBlock(paths.launcherDir, paths.shimDir).split('\n')[2]!,
    manifest,
  };
  if (opts.dryRun) return report;

  const createdDirs = new Set(previous?.createdDirs ?? []);
  const makeDir = (dir: string) => {
    const first = mkdirSync(dir, { recursive: true, mode: 0o755 });
    // mkdir returns the first directory it created: record it and every one below it.
    if (first) for (let d = dir; d.startsWith(first); d = dirname(d)) createdDirs.add(d);
  };
  for (const dir of [paths.launcherDir, paths.shimDir]) makeDir(dir);
  for (const f of toWrite) {
    makeDir(dirname(f.path));
    writeFileAtomic(f.path, f.content, f.mode);
  }
  manifest.createdDirs = [...createdDirs].sort((a, b) => a.length - b.length);
  manifest.rcEdits = [...keptRc, ...applyRcEdits(rcPlan)];
  const before = previous ? JSON.stringify({ ...previous, installedAt: '' }) : '';
  if (before !== JSON.stringify({ ...manifest, installedAt: '' })) writeManifest(paths.manifest, manifest);
  return report;
}
