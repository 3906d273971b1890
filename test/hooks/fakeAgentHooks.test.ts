// The installed PreToolUse hooks, called by FAKE agents that speak each documented protocol
// (fakeHookAgent.mjs): what runs, what is blocked, what the agent is told, what is audited.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAgent, fill, makeHookWorld, readAudit, type HookWorld, stopHookWorlds } from './hookHarness.js';

afterAll(stopHookWorlds);

interface Cases {
  agents: string[];
  commands: Array<{
    id: string;
    command: string;
    expect: 'allow' | 'block';
    code?: string;
    codeFor?: Record<string, string>;
  }>;
  malformed: Array<{ id: string; raw: string | Record<string, string> }>;
  otherTools: Record<string, string>;
}
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'hooks.cases.json'), 'utf8')) as Cases;

// The guard exempts only the installed Codex hook's exact path; these doctored copies live elsewhere.
const NO_GUARD = { BASH_ENV: '' };

let world: HookWorld;
beforeAll(() => {
  world = makeHookWorld('fake');
}, 120_000);

describe.each(cases.agents)('%s hook (fake agent)', (agent) => {
  it.each(cases.commands)('$id', ({ command, expect: want, code: anyAgent, codeFor }) => {
    const code = anyAgent ?? codeFor?.[agent];
    const text = fill(command, world);
    const before = readAudit(world).length;
    const r = fakeAgent(world, agent, text);
    const records = readAudit(world).slice(before);
    expect(records, 'exactly one audit record per hook decision').toHaveLength(1);
    const rec = records[0]!;
    expect(rec.agent).toBe(agent);
    expect(rec.command).toBe(text);
    expect(rec.cwd).toBe(world.workspace);
    expect(rec.session).toBe(`s-${agent}`);
    // Hook mode: the agent runs the command, so shimctl records no exit status.
    expect(rec.exitCode).toBeUndefined();
    if (want === 'allow') {
      expect(r, r.hookStderr).toMatchObject({ blocked: false, ran: true });
      expect(r.output).toContain(world.noteToken);
      expect(rec.decision).toBe('allow');
    } else {
      expect(r.ran, `the command ran: ${JSON.stringify(r)}`).toBe(false);
      expect(r.blocked).toBe(true);
      expect(r.reason).toMatch(/^shimctl: blocked \(/);
      expect(rec.decision).toBe('block');
      if (code) {
        expect(rec.reasons.map((x) => x.code)).toContain(code);
        expect(r.reason).toContain(`(${code})`);
      }
    }
    expect(readFileSync(world.sentinel, 'utf8')).toBe('must survive\n');
  });

  it.each(cases.malformed)('malformed input is a block: $id', ({ raw }) => {
    const input = typeof raw === 'string' ? raw : raw[agent]!;
    const before = readAudit(world).length;
    const r = fakeAgent(world, agent, 'true', { raw: input });
    expect(r.blocked, JSON.stringify(r)).toBe(true);
    expect(r.ran).toBe(false);
    expect(r.reason).toContain('hook.malformed');
    const records = readAudit(world).slice(before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ decision: 'block', agent });
    expect(records[0]!.reasons[0]!.code).toBe('hook.malformed');
  });

  it('leaves tools that are not the shell to the agent, unrecorded', () => {
    const before = readAudit(world).length;
    const r = fakeAgent(world, agent, 'true', { raw: cases.otherTools[agent]! });
    expect(r.blocked, JSON.stringify(r)).toBe(false);
    expect(readAudit(world).length).toBe(before);
  });

  it('blocks when the review core is gone (a deleted bundle), instead of failing open', () => {
    const hook = join(world.root, `broken-${agent}`);
    const text = readFileSync(join(world.shimDir, 'hooks', `${agent}-pretooluse`), 'utf8').replace(
      /^shimctl_cli=.*$/m,
      "shimctl_cli='/nonexistent/shimctl.cjs'",
    );
    writeExecutable(hook, text);
    const r = fakeAgent(world, agent, 'touch ran-marker', { hook, env: NO_GUARD });
    expect(r, JSON.stringify(r)).toMatchObject({ blocked: true, ran: false });
    expect(r.reason).toContain('the review core is missing');
    expect(existsSync(join(world.workspace, 'ran-marker'))).toBe(false);
  });

  it('blocks when the review core crashes (exits with another status)', () => {
    const hook = join(world.root, `crash-${agent}`);
    const crash = join(world.root, 'crash.cjs');
    writeExecutable(crash, 'process.stdout.write(\'{"cancel":false}\\n\'); process.exit(3);\n');
    const text = readFileSync(join(world.shimDir, 'hooks', `${agent}-pretooluse`), 'utf8').replace(
      /^shimctl_cli=.*$/m,
      `shimctl_cli='${crash}'`,
    );
    writeExecutable(hook, text);
    const r = fakeAgent(world, agent, 'touch ran-marker', { hook, env: NO_GUARD });
    expect(r, JSON.stringify(r)).toMatchObject({ blocked: true, ran: false });
    expect(r.reason).toContain('status 3');
  });
});

function writeExecutable(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o755 });
}
