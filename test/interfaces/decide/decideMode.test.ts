// The `mode` field of the decide API (docs/config-and-api.md) through the real CLI and config
// files: the request picks the mode, the config's ceiling (managed file, project files) caps it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, makeHome, runCli } from './cliHarness.js';
import cases from './decideMode.cases.json' with { type: 'json' };

interface ModeCase {
  name: string;
  user?: object;
  managed?: object;
  project?: object;
  mode?: string;
  command: string;
  decision: string;
  codes?: string[];
  absentCodes?: string[];
}

const homes: Array<{ cleanup(): void }> = [];
afterAll(() => {
  for (const h of homes) h.cleanup();
});

describe('decide --json: the mode field', () => {
  ensureBuilt();
  it.each(cases as ModeCase[])('$name', (c) => {
    const h = makeHome();
    homes.push(h);
    const proj = join(h.root, 'proj');
    mkdirSync(join(proj, '.git'), { recursive: true });
    mkdirSync(join(h.home, '.config', 'shimctl'), { recursive: true });
    if (c.user) writeFileSync(join(h.home, '.config', 'shimctl', 'config.json'), JSON.stringify(c.user));
    if (c.project) writeFileSync(join(proj, '.shimctlrc.json'), JSON.stringify(c.project));
    const managed = join(h.root, 'managed.json');
    if (c.managed) writeFileSync(managed, JSON.stringify(c.managed));
    const request = { api_version: 1, command: c.command, cwd: proj, ...(c.mode ? { mode: c.mode } : {}) };
    const r = runCli(['decide', '--json'], {
      env: { ...h.env, SHIMCTL_MANAGED_CONFIG: managed },
      cwd: proj,
      input: JSON.stringify(request),
    });
    const body = JSON.parse(r.stdout) as { decision: string; reasons: Array<{ code: string }> };
    const codes = body.reasons.map((x) => x.code);
    const why = `${body.decision} ${codes.join(',')} ${r.stderr}`;
    expect(body.decision, why).toBe(c.decision);
    for (const code of c.codes ?? []) expect(codes, why).toContain(code);
    for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
  });
});
