import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KNOWN_AGENTS } from '../../../installers/agents.js';
import type { StatePaths } from '../paths/statePaths.js';
import { sha256 } from './atomicWrite.js';
import { readManifest } from './manifestStore.js';

export interface Check {
  ok: boolean | 'warn';
  title: string;
  detail?: string;
}

/** PATH as a fresh shell of the given kind would see it, starting from a minimal environment. */
function freshShellPath(bash: string, home: string, flag: '-lc' | '-ic'): string | undefined {
  const r = spawnSync(bash, [flag, 'printf %s "$PATH"'], {
    env: { HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin', TERM: 'dumb' },
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return r.status === 0 ? r.stdout : undefined;
}

function winsOnPath(pathVar: string, launcherDir: string, names: string[]): boolean {
  const dirs = pathVar.split(':');
  const at = dirs.indexOf(launcherDir);
  if (at < 0) return false;
  // No directory before ours may hold one of the agents.
  return dirs.slice(0, at).every((d) => names.every((n) => !existsSync(join(d, n))));
}

export function doctorChecks(paths: StatePaths, env: Record<string, string | undefined>): Check[] {
  const checks: Check[] = [];
  const manifest = readManifest(paths.manifest);
  if (!manifest) return [{ ok: false, title: 'shimctl is installed', detail: 'no manifest: run `shimctl install`' }];
  checks.push({ ok: true, title: `manifest at ${paths.manifest}` });

  for (const f of manifest.files) {
    if (!existsSync(f.path))
      checks.push({ ok: false, title: `${f.path} exists`, detail: 'missing: run `shimctl install` again' });
    else if (sha256(readFileSync(f.path)) !== f.sha256)
      checks.push({
        ok: false,
        title: `${f.path} is unaltered`,
        detail: 'changed since install: inspect it, then `shimctl uninstall && shimctl install`',
      });
  }
  if (checks.every((c) => c.ok === true))
    checks.push({ ok: true, title: `${manifest.files.length} installed files unaltered (sha256)` });

  for (const [name, real] of Object.entries(manifest.realShells)) {
    let ok = existsSync(real) && !real.startsWith(`${paths.dataDir}/`);
    try {
      accessSync(real, constants.X_OK);
    } catch {
      ok = false;
    }
    checks.push({
      ok,
      title: `the ${name} shim resolves to the real ${name} at ${real}`,
      detail: ok ? undefined : 'the recorded shell is gone: run `shimctl install` again',
    });
  }
  for (const f of [manifest.node, manifest.bundle]) {
    checks.push({
      ok: existsSync(f),
      title: `the review core is present: ${f}`,
      detail: existsSync(f)
        ? undefined
        : 'missing: every intercepted command is blocked until `shimctl install` runs again',
    });
  }

  const names = manifest.agents.map((a) => a.name);
  const bash = manifest.realShells.bash;
  for (const [label, flag] of [
    ['login shells (bash -l)', '-lc'],
    ['interactive shells (bash -i)', '-ic'],
  ] as const) {
    const p = freshShellPath(bash, paths.home, flag);
    const ok = p !== undefined && winsOnPath(p, paths.launcherDir, names);
    checks.push({
      ok,
      title: `the launcher dir comes first on PATH in new ${label}`,
      detail: ok
        ? undefined
        : `PATH there is ${p ?? '(could not start bash)'}; run \`shimctl install\` (or add the line it prints with --no-modify-path)`,
    });
  }
  const current = env.PATH ?? '';
  const ok = winsOnPath(current, paths.launcherDir, names);
  checks.push({
    ok: ok || 'warn',
    title: 'the launcher dir comes first on PATH in this shell',
    detail: ok ? undefined : 'open a new shell, or run `hash -r` after exporting PATH',
  });

  for (const a of manifest.agents) {
    if (a.coverage !== 'full') checks.push({ ok: 'warn', title: `${a.name}: coverage ${a.coverage}`, detail: a.note });
    const trust = KNOWN_AGENTS.find((w) => w.name === a.name)?.hookTrust;
    if (trust)
      checks.push({
        ok: 'warn',
        title: `${a.name}: its launcher lifts the agent's hook trust check for every hook, not only shimctl's`,
        detail: trust,
      });
  }
  checks.push({
    ok: 'warn',
    title: 'known gaps (not an OS sandbox)',
    detail: [
      'A program that runs /bin/bash or /bin/sh by absolute path bypasses the shims (only bash with BASH_ENV, i.e. the codex/cline guard, is still checked).',
      'A program that clears its environment (env -i) drops PATH and BASH_ENV: its shells are not reviewed.',
      'Login shells (bash -l) reset PATH from /etc/profile: nested login shells reach the shims only through the shimctl block in ~/.profile.',
      'Shell interpreted inside a process (Crush) never reaches a shim; only its PreToolUse hook, once added to crush.json, sees those commands.',
    ].join('\n      '),
  });
  return checks;
}
