// A fake agent started through the REAL launcher text (shims/launcher.sh, its registry and mark
// included): it runs one attack as shell text, as a model's command would, then stays alive.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SYSTEM_PATH } from '../install/cliHarness.js';
import type { ApprovalHome } from './approvalHarness.js';

export interface LaunchedAgent {
  pid: number;
  stop(): void;
}

/** Renders the launcher for a fake agent in `h.root`; returns its path. */
export function renderLauncher(h: ApprovalHome): string {
  const dir = join(h.root, 'fake-agent');
  const shims = join(dir, 'shims');
  mkdirSync(shims, { recursive: true });
  // The wiring is not under test here: plain shells stand in for the shims.
  symlinkSync('/bin/bash', join(shims, 'bash'));
  symlinkSync('/bin/sh', join(shims, 'sh'));
  const agent = join(dir, 'agent');
  writeFileSync(agent, '#!/bin/sh\n/bin/sh -c "$1"\nexec sleep 60\n');
  chmodSync(agent, 0o755);
  const launcher = readFileSync(join(ROOT, 'shims', 'launcher.sh'), 'utf8')
    .replaceAll('@REAL_AGENT@', agent)
    .replaceAll('@LAUNCHER_DIR@', join(dir, 'bin'))
    .replaceAll('@SHIM_DIR@', shims)
    .replaceAll('@AGENT@', 'fakeagent')
    .replaceAll('@WIRING@', '')
    .replaceAll('@EXTRA_ARGS@', '');
  writeFileSync(join(dir, 'launcher'), launcher);
  chmodSync(join(dir, 'launcher'), 0o755);
  return join(dir, 'launcher');
}

/** Starts the agent through its launcher; `attack` runs as the agent's shell command. */
export function launchAgent(h: ApprovalHome, attack: string, env: Record<string, string> = {}): LaunchedAgent {
  const child = spawn(renderLauncher(h), [attack], {
    cwd: h.workspace,
    env: { HOME: h.home, PATH: SYSTEM_PATH, LANG: 'C.UTF-8', ...env },
    stdio: 'ignore',
  });
  return { pid: child.pid!, stop: () => void spawnSync('kill', [String(child.pid)]) };
}
