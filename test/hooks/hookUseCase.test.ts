// The hook use case with FAKE ports (test/intercept/fakePorts.ts): the failure paths a real agent
// cannot easily provoke. Every one of them must be the agent's own "block" answer.
import { describe, expect, it } from 'vitest';
import {
  clineProtocol,
  codexProtocol,
  crushProtocol,
  type HookProtocol,
} from '../../src/application/hook/hookProtocols.js';
import { hookUseCase } from '../../src/application/hook/hookUseCase.js';
import { verdict } from '../../src/domain/verdict.js';
import { fakeWorld, type FakeOptions } from '../intercept/fakePorts.js';

const codexInput = (command: string) =>
  JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    cwd: '/work/p',
    session_id: 's',
    tool_input: { command },
  });
const inputs: Record<string, (c: string) => string> = {
  codex: codexInput,
  crush: (command) =>
    JSON.stringify({ event: 'PreToolUse', tool_name: 'bash', cwd: '/work/p', tool_input: { command } }),
  cline: (command) =>
    JSON.stringify({
      hookName: 'PreToolUse',
      workspaceRoots: ['/work/p'],
      preToolUse: { toolName: 'execute_command', parameters: { command } },
    }),
};

/** Whether the answer tells the agent to stop, read the way that agent reads it. */
function blocks(p: HookProtocol, a: { stdout: string; exitCode: number }): boolean {
  return p.agent === 'cline' ? JSON.parse(a.stdout).cancel === true : a.exitCode === 2;
}
const text = (a: { stdout: string; stderr: string }) => a.stdout + a.stderr;

async function run(p: HookProtocol, command: string, opts: FakeOptions) {
  const w = fakeWorld(opts);
  const timeouts: number[] = [];
  const approver = w.deps.approver;
  w.deps.approver = {
    request: (req, ms) => {
      timeouts.push(ms);
      return approver.request(req, ms);
    },
  };
  const answer = await hookUseCase(
    { protocol: p, stdin: inputs[p.agent]!(command), cwd: '/elsewhere', env: { SHIMCTL_SESSION: 'sess' } },
    w.deps,
  );
  return { w, answer, timeouts };
}

const allow = () => ({ verdict: verdict('allow', 'low', 'command.allowed', 'fine'), trace: [] });

describe.each([codexProtocol, crushProtocol, clineProtocol])('$agent hook use case', (p) => {
  it('reviews at the agent hop, in the cwd the agent named, and records once', async () => {
    const { w, answer } = await run(p, 'ls', { review: allow });
    expect(blocks(p, answer)).toBe(false);
    expect(w.reviewed).toEqual([{ command: 'ls', hop: 'agent' }]);
    expect(w.records).toHaveLength(1);
    expect(w.records[0]).toMatchObject({
      agent: p.agent,
      cwd: '/work/p',
      session: 'sess',
      command: 'ls',
      decision: 'allow',
    });
  });

  it('no audit, no run: an unwritable audit log is a block', async () => {
    const { answer } = await run(p, 'ls', { review: allow, auditOpenFails: true });
    expect(blocks(p, answer)).toBe(true);
    expect(text(answer)).toContain('audit.unavailable');
  });

  it('an invalid config is a block, recorded', async () => {
    const { w, answer } = await run(p, 'ls', {
      review: allow,
      configOutcome: { kind: 'invalid', file: '/u/.shimctlrc', field: 'mode', message: 'bad' },
    });
    expect(blocks(p, answer)).toBe(true);
    expect(text(answer)).toContain('config.invalid');
    expect(w.records[0]!.reasons[0]!.code).toBe('config.invalid');
  });

  it('a review that throws is a block', async () => {
    const { answer } = await run(p, 'ls', {
      review: () => {
        throw new Error('boom');
      },
    });
    expect(blocks(p, answer)).toBe(true);
    expect(text(answer)).toContain('internal.error');
  });

  it(`an ask waits at most ${p.maxApprovalSeconds}s, below the agent's own hook timeout`, async () => {
    const ask = () => ({ verdict: verdict('ask', 'medium', 'command.allowed', 'needs a human'), trace: [] });
    const { answer, timeouts } = await run(p, 'git push', {
      review: ask,
      config: { approvals: { enabled: true, timeoutSeconds: 3600 } },
      approval: { granted: false, by: 'timeout' },
    });
    expect(timeouts).toEqual([p.maxApprovalSeconds * 1000]);
    expect(blocks(p, answer)).toBe(true);
    expect(text(answer)).toContain('approval.timeout');
  });
});
