// Droid hands every command to its supervisor script as an ARGUMENT (issue 18 item 5, issue 19):
// the installed BASH_ENV guard must recognise exactly that script with exactly Droid's arguments,
// review the command inside, and let the bash the script starts run it with no second record.
// Real bash, the built CLI, real files; only Droid itself is played by this test (the real one:
// test/agents/moreAgents.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROID_SUPERVISOR_SCRIPT } from '../../installers/agents/droid.js';
import { fill, makeHookWorld, readAudit, stopHookWorlds, type HookWorld } from './hookHarness.js';

interface Case {
  id: string;
  cmd: string;
  scriptEdit?: string;
  scriptReplace?: [string, string];
  argv0?: string;
  pid?: string;
  shell?: string;
  extra?: string[];
  agent?: string;
  exit: number;
  records: number;
  made?: string;
  notMade?: string;
  noOutput?: string;
  envelope?: string;
}
const { cases } = JSON.parse(readFileSync(join(import.meta.dirname, 'droidSupervisor.cases.json'), 'utf8')) as {
  cases: Case[];
};

afterAll(stopHookWorlds);
let world: HookWorld;
beforeAll(() => {
  world = makeHookWorld('droid');
}, 120_000);

function script(c: Case): string {
  if (c.scriptReplace) {
    const [from, to] = c.scriptReplace;
    expect(DROID_SUPERVISOR_SCRIPT).toContain(from);
    return DROID_SUPERVISOR_SCRIPT.replace(from, to);
  }
  return DROID_SUPERVISOR_SCRIPT + (c.scriptEdit ?? '');
}

describe("Droid's supervisor script behind the BASH_ENV guard", () => {
  it.each(cases)('$id', (c) => {
    const cwd = join(world.workspace, c.id.replace(/[^a-z0-9]+/gi, '-').slice(0, 60));
    mkdirSync(join(cwd, 'sub'), { recursive: true });
    const before = readAudit(world).length;
    const args = [
      '-c',
      script(c),
      c.argv0 ?? 'factory-execute-supervisor',
      c.pid ?? String(process.pid),
      c.shell ?? '/bin/bash',
      fill(c.cmd, world),
      ...(c.extra ?? []),
    ];
    // stdin not a socket: a bash with a socket on stdin reads ~/.bashrc instead of BASH_ENV.
    const r = spawnSync('/bin/bash', args, {
      cwd,
      env: {
        ...world.env,
        BASH_ENV: join(world.shimDir, 'bash_env_guard.bash'),
        SHIMCTL_AGENT: c.agent ?? 'droid',
        SHIMCTL_SESSION: `droid-${c.id.length}-${Date.now()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    });
    const records = readAudit(world).slice(before);
    const why = `stderr: ${r.stderr}\nrecords: ${JSON.stringify(records, null, 1)}`;
    expect(r.status, why).toBe(c.exit);
    expect(records.length, why).toBe(c.records);
    for (const rec of records) expect(rec.agent, why).toBe(c.agent ?? 'droid');
    if (c.envelope) expect((records[0] as { envelope?: string }).envelope, why).toBe(c.envelope);
    if (c.exit !== 0)
      expect(
        records.every((rec) => rec.decision === 'block'),
        why,
      ).toBe(true);
    if (c.made) expect(existsSync(join(cwd, c.made)), why).toBe(true);
    if (c.notMade) expect(existsSync(join(cwd, c.notMade)), why).toBe(false);
    if (c.noOutput) expect(r.stdout + r.stderr).not.toContain(c.noOutput);
  });
});
