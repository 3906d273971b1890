// The resident process's token, lock, socket and start stamp are protected resources (issue 17
// item 5): a command that reads them can talk to the daemon as a shim or find its pid, and one
// that writes or removes them can take its place. Checked through the real `shimctl decide`, with
// shimctl's state directory at its default and moved by XDG_STATE_HOME.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, SYSTEM_PATH, ensureBuilt, tempDir } from '../install/cliHarness.js';
import cases from './protectedDaemonFiles.cases.json' with { type: 'json' };

const root = tempDir('daemonfiles');
const home = join(root, 'home');
const workspace = join(home, 'proj');
const xdgState = join(root, 'xdg-state');
const state = join(home, '.local', 'state', 'shimctl');

beforeAll(() => {
  ensureBuilt();
  mkdirSync(join(workspace, '.git'), { recursive: true });
});

const fill = (t: string) =>
  t
    .replaceAll('{run}', join(state, 'run'))
    .replaceAll('{xdgrun}', join(xdgState, 'shimctl', 'run'))
    .replaceAll('{state}', state)
    .replaceAll('{workspace}', workspace);

describe('the daemon files are protected resources (shimctl decide)', () => {
  it.each(cases)(
    '$why: $decision ($code)',
    ({ command, decision, code, xdg }: { command: string; decision: string; code: string; xdg?: boolean }) => {
      const env: Record<string, string> = {
        HOME: home,
        PATH: SYSTEM_PATH,
        ...(xdg ? { XDG_STATE_HOME: xdgState } : {}),
      };
      const req = JSON.stringify({ api_version: 1, command: fill(command), cwd: workspace, agent: 'claude' });
      const r = spawnSync(process.execPath, [CLI, 'decide', '--json'], { input: req, env, encoding: 'utf8' });
      const v = JSON.parse(r.stdout) as { decision: string; reasons: Array<{ code: string }>; rule_ids: string[] };
      expect(v.decision, r.stdout).toBe(decision);
      expect(
        v.reasons.map((x) => x.code),
        r.stdout,
      ).toContain(code);
      if (decision === 'block') expect(v.rule_ids, r.stdout).toContain('paths:shimctl-daemon');
    },
  );
});
