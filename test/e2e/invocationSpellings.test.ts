// Issue 17 end to end: spellings that make the real shell run text other than what the parser
// reviewed, sent to the installed bash/sh shims (per-command core and resident process). Each
// would write `marker` if its text ran; the controls show that a run is seen.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

interface Case {
  shell: 'bash' | 'sh';
  args: string[];
  stdin?: string;
  runs: boolean;
  why: string;
}
const CASES: Case[] = JSON.parse(readFileSync(new URL('./invocationSpellings.cases.json', import.meta.url), 'utf8'));

describe('shell spellings through the real shims', () => {
  const h = e2eHome();
  const shim = (name: string) => join(h.home, '.local/share/shimctl/shims', name);
  const marker = join(h.workspace, 'marker');
  for (const mode of ['off', 'on'] as const) {
    for (const c of CASES) {
      it(`${mode === 'off' ? 'per-command' : 'resident'}: ${c.shell} ${JSON.stringify(c.args)} ${c.runs ? 'runs' : 'does not run'} (${c.why})`, () => {
        rmSync(marker, { force: true });
        const env = mode === 'off' ? { ...h.env, SHIMCTL_DAEMON: 'off' } : h.env;
        const r = spawnSync(shim(c.shell), c.args, {
          cwd: h.workspace,
          env,
          input: c.stdin ?? '',
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(existsSync(marker), r.stderr).toBe(c.runs);
        if (!c.runs) {
          expect(r.status).toBe(126);
          expect(r.stderr).toMatch(/shimctl: blocked \(invocation\.unsupported\)/);
        }
      }, 90_000);
    }
  }
});
