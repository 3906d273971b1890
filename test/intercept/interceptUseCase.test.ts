import { describe, expect, it } from 'vitest';
import { interceptUseCase } from '../../src/application/intercept/interceptUseCase.js';
import type { InterceptRequest } from '../../src/application/intercept/interceptRequest.js';
import type { ReviewResult } from '../../src/domain/review/reviewCommand.js';
import type { NormalizedCommand } from '../../src/domain/reviewRequest.js';
import { verdict } from '../../src/domain/verdict.js';
import { cmd, fakeWorld } from './fakePorts.js';

const ENV = {
  PATH: '/shims:/usr/bin',
  HOME: '/home/u',
  SHIMCTL_AGENT: 'claude',
  SHIMCTL_SESSION: 's1',
  SHIMCTL_DEPTH: '1',
  SECRET_TOKEN: 'x',
};

function request(
  args: string[],
  env: Record<string, string | undefined> = ENV,
  mode: 'run' | 'check' = 'run',
): InterceptRequest {
  return { shell: 'bash', realShell: '/usr/bin/bash', args, cwd: '/work', env, mode };
}

function normalized(argv: string[], extra: Partial<NormalizedCommand> = {}): NormalizedCommand {
  return {
    command: argv.join(' '),
    argv,
    envAssignments: {},
    wrappers: [],
    effectiveArgv: argv,
    resolvedBinary: `/usr/bin/${argv[0]}`,
    paths: [],
    urls: [],
    ...extra,
  };
}

const allowLs = (): ReviewResult => ({
  verdict: verdict('allow', 'low', 'command.allowed', 'ls is fine', 'core:ls'),
  normalized: normalized(['ls', '-la']),
  trace: [],
});
const blockRm = (): ReviewResult => ({
  verdict: verdict('block', 'critical', 'path.root_deletion', 'deletes home'),
  trace: [],
});
const askCurl = (): ReviewResult => ({
  verdict: verdict('ask', 'medium', 'command.unknown', 'unknown command'),
  trace: [],
});

describe('intercept use case (fake ports)', () => {
  it('runs an allowed plain command as the resolved binary with an argv array: a start record before it runs, an end record with the exit status', async () => {
    const w = fakeWorld({ invocation: cmd('ls -la'), review: allowLs, exec: { exitCode: 3 } });
    expect(await interceptUseCase(request(['-c', 'ls -la']), w.deps)).toBe(3);
    expect(w.runs).toHaveLength(1);
    expect(w.runs[0]).toMatchObject({ file: '/usr/bin/ls', args: ['-la'], argv0: 'ls', cwd: '/work' });
    expect(w.runs[0]!.env.SECRET_TOKEN).toBeUndefined();
    expect(w.runs[0]!.env).toMatchObject({ PATH: '/shims:/usr/bin', SHIMCTL_DEPTH: '1', SHIMCTL_SESSION: 's1' });
    expect(w.records.map((r) => r.phase)).toEqual(['start', 'end']);
    expect(w.records[0]).toMatchObject({
      decision: 'allow',
      agent: 'claude',
      session: 's1',
      command: 'ls -la',
      rule_ids: ['core:ls'],
    });
    expect(w.records[0]).not.toHaveProperty('exitCode');
    expect(w.records[1]).toMatchObject({
      id: w.records[0]!.id,
      decision: 'allow',
      exitCode: 3,
      agent: 'claude',
      session: 's1',
      command: 'ls -la',
      rule_ids: ['core:ls'],
    });
    expect(w.reviewed).toEqual([{ command: 'ls -la', hop: 'agent' }]);
  });

  it('runs an envelope, a builtin, or a command with positional args through the real shell with the original args', async () => {
    const cases: Array<[ReviewResult, string[]]> = [
      [{ ...allowLs(), envelope: 'claude' }, ['-c', 'source x && eval ls']],
      [{ ...allowLs(), normalized: normalized(['cd', '/tmp']) }, ['-c', 'cd /tmp']],
      [
        {
          ...allowLs(),
          normalized: normalized(['timeout', '5', 'ls'], { wrappers: ['timeout'], effectiveArgv: ['ls'] }),
        },
        ['-c', 'timeout 5 ls'],
      ],
      [{ ...allowLs(), normalized: normalized(['ls'], { resolvedBinary: undefined }) }, ['-c', 'ls']],
    ];
    for (const [review, args] of cases) {
      const w = fakeWorld({ invocation: cmd(args[1]!), review: () => review });
      expect(await interceptUseCase(request(args), w.deps)).toBe(0);
      expect(w.runs[0]).toMatchObject({ file: '/usr/bin/bash', args, argv0: 'bash' });
    }
  });

  it('blocks with 126, one stderr line naming the first reason and the explain hint, and a record; nothing runs', async () => {
    const w = fakeWorld({ invocation: cmd('rm -rf ~'), review: blockRm });
    expect(await interceptUseCase(request(['-c', 'rm -rf ~']), w.deps)).toBe(126);
    expect(w.runs).toHaveLength(0);
    expect(w.stderr.join('')).toBe(
      "shimctl: blocked (path.root_deletion): deletes home — see: shimctl explain 'rm -rf ~'\n",
    );
    expect(w.records).toMatchObject([{ decision: 'block', command: 'rm -rf ~' }]);
  });

  it('answers 127 when the block is because the command does not exist', async () => {
    const w = fakeWorld({
      invocation: cmd('nope'),
      review: () => ({ verdict: verdict('block', 'low', 'command.not_found', 'no such command'), trace: [] }),
    });
    expect(await interceptUseCase(request(['-c', 'nope']), w.deps)).toBe(127);
  });

  it('asks a human: granted runs, denied and timeout block, CI=true never asks, a broken channel blocks', async () => {
    const granted = fakeWorld({ invocation: cmd('curl x'), review: askCurl, approval: { granted: true, by: 'user' } });
    expect(await interceptUseCase(request(['-c', 'curl x']), granted.deps)).toBe(0);
    expect(granted.records[0]).toMatchObject({ decision: 'allow', approval: { by: 'user' } });
    expect(granted.records[0]!.reasons[0]!.code).toBe('approval.granted');

    for (const [approval, code] of [
      [{ granted: false, by: 'user' }, 'approval.denied'],
      [{ granted: false, by: 'timeout' }, 'approval.timeout'],
      ['throw', 'approval.unavailable'],
    ] as const) {
      const w = fakeWorld({ invocation: cmd('curl x'), review: askCurl, approval });
      expect(await interceptUseCase(request(['-c', 'curl x']), w.deps)).toBe(126);
      expect(w.runs).toHaveLength(0);
      expect(w.records[0]!.reasons[0]!.code).toBe(code);
    }
    const ci = fakeWorld({ invocation: cmd('curl x'), review: askCurl, approval: { granted: true, by: 'user' } });
    expect(await interceptUseCase(request(['-c', 'curl x'], { ...ENV, CI: 'true' }), ci.deps)).toBe(126);
    expect(ci.asked).toHaveLength(0);
    expect(ci.stderr.join('')).toContain('(approval.unavailable)');
    const off = fakeWorld({
      invocation: cmd('curl x'),
      review: askCurl,
      approval: { granted: true, by: 'user' },
      config: { approvals: { enabled: false, timeoutSeconds: 1 } },
    });
    expect(await interceptUseCase(request(['-c', 'curl x']), off.deps)).toBe(126);
    expect(off.asked).toHaveLength(0);
  });

  it('does not run an allowed command when the audit cannot be opened', async () => {
    const w = fakeWorld({ invocation: cmd('ls -la'), review: allowLs, auditOpenFails: true });
    expect(await interceptUseCase(request(['-c', 'ls -la']), w.deps)).toBe(126);
    expect(w.runs).toHaveLength(0);
    expect(w.stderr.join('')).toContain('(audit.unavailable)');
  });

  // In check mode (the BASH_ENV guard) exit 0 means the caller's own bash runs the text: an audit
  // that cannot be opened or written must end in 126 there too, with nothing run by us either.
  for (const mode of ['run', 'check'] as const) {
    for (const failure of ['auditOpenFails', 'auditWriteFails'] as const) {
      it(`${mode} mode: ${failure} means 126, never 0`, async () => {
        const w = fakeWorld({ invocation: cmd('ls -la'), review: allowLs, [failure]: true });
        const status = await interceptUseCase(request(['-c', 'ls -la'], ENV, mode), w.deps);
        // Issue 14: in run mode the start record is written before the command starts, so a
        // write that fails stops the command too.
        expect(status).toBe(126);
        expect(w.runs).toHaveLength(0);
        if (mode === 'run') expect(w.stderr.join('')).toContain('(audit.unavailable)');
      });
    }
  }

  it('run mode: the end record failing leaves the start record; the status stands and a warning says so', async () => {
    const w = fakeWorld({
      invocation: cmd('ls -la'),
      review: allowLs,
      exec: { exitCode: 4 },
      auditEndWriteFails: true,
    });
    expect(await interceptUseCase(request(['-c', 'ls -la']), w.deps)).toBe(4);
    expect(w.runs).toHaveLength(1);
    expect(w.records.map((r) => r.phase)).toEqual(['start']);
    expect(w.stderr.join('')).toContain('its start record is in the audit');
  });

  it('blocks on an invalid or unreadable config, naming the file', async () => {
    for (const outcome of [
      { kind: 'invalid', file: '/c.toml', field: 'rules[0]', message: 'bad' },
      { kind: 'unreadable', file: '/c.toml', message: 'EACCES' },
    ] as const) {
      const w = fakeWorld({ invocation: cmd('ls -la'), review: allowLs, configOutcome: outcome });
      expect(await interceptUseCase(request(['-c', 'ls -la']), w.deps)).toBe(126);
      expect(w.runs).toHaveLength(0);
      expect(w.stderr.join('')).toMatch(new RegExp(`\\(config\\.${outcome.kind}\\): config /c\\.toml`));
      expect(w.reviewed).toHaveLength(0);
    }
  });

  it('turns an exception anywhere into internal.error 126 with exactly one record', async () => {
    const throwing = fakeWorld({
      invocation: cmd('ls -la'),
      review: () => {
        throw new Error('review bug');
      },
    });
    expect(await interceptUseCase(request(['-c', 'ls -la']), throwing.deps)).toBe(126);
    expect(throwing.records).toMatchObject([{ decision: 'block', reasons: [{ code: 'internal.error' }] }]);
    const execThrows = fakeWorld({ invocation: cmd('ls -la'), review: allowLs, exec: 'throw' });
    expect(await interceptUseCase(request(['-c', 'ls -la']), execThrows.deps)).toBe(126);
    // The start record was written before the executor threw: an end record says how it ended.
    expect(execThrows.records).toMatchObject([
      { phase: 'start', decision: 'allow' },
      { phase: 'end', decision: 'block', exitCode: 126, reasons: [{ code: 'internal.error' }] },
    ]);
    expect(execThrows.records[1]!.id).toBe(execThrows.records[0]!.id);
    expect(execThrows.stderr.join('')).toContain('(internal.error)');
  });

  it('caps the depth marker and treats a tampered one as too deep', async () => {
    for (const depth of ['14', 'x', '-1']) {
      const w = fakeWorld({ invocation: cmd('ls -la'), review: allowLs });
      expect(await interceptUseCase(request(['-c', 'ls -la'], { ...ENV, SHIMCTL_DEPTH: depth }), w.deps)).toBe(126);
      expect(w.stderr.join('')).toContain('(invocation.depth_exceeded)');
      expect(w.runs).toHaveLength(0);
    }
    const ok = fakeWorld({ invocation: cmd('ls -la'), review: allowLs });
    expect(await interceptUseCase(request(['-c', 'ls -la'], { ...ENV, SHIMCTL_DEPTH: '13' }), ok.deps)).toBe(0);
  });

  it('reviews nested shells under nested=review and records them unreviewed under passthrough', async () => {
    const nestedEnv = { ...ENV, SHIMCTL_DEPTH: '2' };
    const review = fakeWorld({ invocation: cmd('rm -rf ~'), review: blockRm });
    expect(await interceptUseCase(request(['-c', 'rm -rf ~'], nestedEnv), review.deps)).toBe(126);
    expect(review.reviewed).toEqual([{ command: 'rm -rf ~', hop: 'nested' }]);
    const pass = fakeWorld({ invocation: cmd('rm -rf ~'), review: blockRm, config: { nested: 'passthrough' } });
    expect(await interceptUseCase(request(['-c', 'rm -rf ~'], nestedEnv), pass.deps)).toBe(0);
    expect(pass.reviewed).toHaveLength(0);
    expect(pass.records[0]!.reasons[0]!.code).toBe('invocation.nested_passthrough');
    expect(pass.runs[0]).toMatchObject({ file: '/usr/bin/bash', args: ['-c', 'rm -rf ~'] });
    // Passthrough never applies to the agent's own shell.
    const agentHop = fakeWorld({ invocation: cmd('rm -rf ~'), review: blockRm, config: { nested: 'passthrough' } });
    expect(await interceptUseCase(request(['-c', 'rm -rf ~'], { ...ENV, SHIMCTL_DEPTH: '1' }), agentHop.deps)).toBe(
      126,
    );
  });

  it('refuses interactive shells and agent-hop scripts; a nested script needs a human', async () => {
    const inter = fakeWorld({ invocation: { kind: 'interactive', flags: [] } });
    expect(await interceptUseCase(request([]), inter.deps)).toBe(126);
    expect(inter.stderr.join('')).toContain('(invocation.interactive)');
    const script = fakeWorld({ invocation: { kind: 'script', file: 'x.sh', args: [], flags: [] } });
    expect(await interceptUseCase(request(['x.sh']), script.deps)).toBe(126);
    expect(script.stderr.join('')).toContain('(invocation.script)');
    expect(script.asked).toHaveLength(0);
    const nested = fakeWorld({
      invocation: { kind: 'script', file: 'x.sh', args: [], flags: [] },
      approval: { granted: true, by: 'user' },
    });
    expect(await interceptUseCase(request(['x.sh'], { ...ENV, SHIMCTL_DEPTH: '3' }), nested.deps)).toBe(0);
    expect(nested.asked).toHaveLength(1);
    expect(nested.runs[0]).toMatchObject({ file: '/usr/bin/bash', args: ['x.sh'] });
  });

  it('check mode (BASH_ENV guard) reviews and records but never executes', async () => {
    const w = fakeWorld({ invocation: cmd('ls -la'), review: allowLs });
    expect(await interceptUseCase(request(['-c', 'ls -la'], ENV, 'check'), w.deps)).toBe(0);
    expect(w.runs).toHaveLength(0);
    expect(w.records).toHaveLength(1);
    const b = fakeWorld({ invocation: cmd('rm -rf ~'), review: blockRm });
    expect(await interceptUseCase(request(['-c', 'rm -rf ~'], ENV, 'check'), b.deps)).toBe(126);
  });

  it('headlines a block with the reason that explains it, not a permissive one listed first', async () => {
    const v = {
      decision: 'block' as const,
      risk: 'high' as const,
      rule_ids: [],
      reasons: [
        { code: 'command.allowed' as const, message: 'cat reads' },
        { code: 'path.protected' as const, message: 'a key' },
      ],
    };
    const w = fakeWorld({ invocation: cmd('cat k'), review: () => ({ verdict: v, trace: [] }) });
    await interceptUseCase(request(['-c', 'cat k']), w.deps);
    expect(w.stderr.join('')).toMatch(/^shimctl: blocked \(path\.protected\): a key/);
  });

  it('keeps CI and the session markers for nested shells even when the allow-list drops them', async () => {
    const w = fakeWorld({
      invocation: cmd('ls -la'),
      review: allowLs,
      config: { execution: { timeoutSeconds: 1, graceSeconds: 1, maxOutputBytes: 10, envAllow: ['HOME'] } },
    });
    await interceptUseCase(request(['-c', 'ls -la'], { ...ENV, CI: 'true' }), w.deps);
    expect(w.runs[0]!.env).toEqual({
      HOME: '/home/u',
      PATH: '/shims:/usr/bin',
      CI: 'true',
      SHIMCTL_DEPTH: '1',
      SHIMCTL_AGENT: 'claude',
      SHIMCTL_SESSION: 's1',
    });
  });

  it('keeps the block line to one line even for hostile command text', async () => {
    const w = fakeWorld({
      invocation: cmd('x\n\u001b[2Jy'),
      review: () => ({ verdict: verdict('block', 'high', 'syntax.multiline', 'two\nlines'), trace: [] }),
    });
    await interceptUseCase(request(['-c', 'x']), w.deps);
    const out = w.stderr.join('');
    expect(out.split('\n')).toHaveLength(2);
    expect(out).not.toContain('\u001b');
  });
});
