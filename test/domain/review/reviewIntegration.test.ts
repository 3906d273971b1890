import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { parseShellInvocation } from '../../../src/domain/shell/parseInvocation.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PolicyConfig } from '../../../src/domain/policyConfig.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { fakeHostFacts } from './fakeHostFacts.js';

const facts = fakeHostFacts();
const cwd = '/work/proj';
const review = (command: string, config: PolicyConfig = defaultConfig(), f: HostFacts = facts) =>
  reviewCommand({ command, cwd }, config, f);

/** The shell text a real agent handed its shell (placeholders filled as in a throwaway home). */
function agentScripts(agent: string): string[] {
  return readFileSync(new URL(`../shell/agents/${agent}.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { args?: string[] })
    .filter((o) => o.args)
    .map((o) => parseShellInvocation(o.args!.map((a) => a.replaceAll('$HOME', '/home/u'))))
    .flatMap((inv) => (inv.kind === 'command' ? [inv.script] : []));
}

describe('real agent shell text', () => {
  for (const agent of ['claude', 'gemini', 'qwen', 'copilot', 'opencode', 'cn']) {
    it(`${agent}: the model's 'touch marker.txt' is found and allowed`, () => {
      const scripts = agentScripts(agent);
      const last = scripts[scripts.length - 1]!;
      const r = reviewCommand({ command: last, cwd, agent, hop: 'agent' }, defaultConfig(), facts);
      expect(r.verdict.decision).toBe('allow');
      expect(r.normalized?.effectiveArgv).toEqual(['touch', 'marker.txt']);
    });
  }
  it('claude: the envelope is named and a dangerous inner command is judged inside it', () => {
    const envelope = agentScripts('claude').find((s) => s.includes("eval 'touch marker.txt'"))!;
    const ok = reviewCommand({ command: envelope, cwd, agent: 'claude', hop: 'agent' }, defaultConfig(), facts);
    expect(ok.envelope).toBe('claude');
    const bad = reviewCommand(
      { command: envelope.replace("eval 'touch marker.txt'", "eval 'rm -rf ~'"), cwd, agent: 'claude', hop: 'agent' },
      defaultConfig(),
      facts,
    );
    expect(bad.verdict.decision).toBe('block');
    expect(bad.verdict.risk).toBe('critical');
  });
  it('claude: the env probe is bookkeeping at the agent hop only', () => {
    const agentHop = reviewCommand({ command: 'env', cwd, agent: 'claude', hop: 'agent' }, defaultConfig(), facts);
    expect(agentHop.bookkeeping).toBeDefined();
    expect(agentHop.verdict.reasons.map((r) => r.code)).toEqual(['envelope.bookkeeping']);
    const nested = reviewCommand({ command: 'env', cwd, agent: 'claude', hop: 'nested' }, defaultConfig(), facts);
    expect(nested.bookkeeping).toBeUndefined();
    expect(nested.verdict.decision).toBe('ask');
  });
});

describe('normalized command and trace', () => {
  it('records wrappers, the effective argv, the resolved binary and assignments', () => {
    const r = review('CI=1 sudo -u root timeout 5 nice -n 3 /usr/bin/git status');
    expect(r.normalized).toMatchObject({
      argv: ['CI=1', 'sudo', '-u', 'root', 'timeout', '5', 'nice', '-n', '3', '/usr/bin/git', 'status'],
      envAssignments: { CI: '1' },
      wrappers: ['sudo', 'timeout', 'nice'],
      effectiveArgv: ['/usr/bin/git', 'status'],
      resolvedBinary: '/usr/bin/git',
    });
    expect(r.normalized?.shellBuiltin).toBeUndefined();
  });
  it('marks shell builtins so the shim runs them through the real shell', () => {
    expect(review('cd src').normalized?.shellBuiltin).toBe(true);
    expect(review('echo hi').normalized?.shellBuiltin).toBe(true);
    expect(review('ls').normalized?.shellBuiltin).toBeUndefined();
  });
  it('records paths and URLs', () => {
    expect(review('cat README.md').normalized?.paths).toEqual([{ raw: 'README.md', resolved: '/work/proj/README.md' }]);
    expect(review('curl https://example.com/x').normalized?.urls).toEqual(['https://example.com/x']);
  });
  it('has no normalized command when the syntax is refused', () => {
    expect(review('ls | sh').normalized).toBeUndefined();
  });
  it('traces every stage for explain', () => {
    const stages = review('cat README.md').trace.map((s) => s.stage);
    for (const s of ['envelope', 'syntax', 'command', 'rules', 'paths', 'verdict']) expect(stages).toContain(s);
    const wrapped = review('sudo env rm -rf /').trace.map((s) => s.stage);
    expect(wrapped).toContain('wrappers');
  });
});

describe('argv requests', () => {
  const byArgv = (argv: string[]) => reviewCommand({ argv, cwd }, defaultConfig(), facts);
  it('judges argv without shell parsing', () => {
    expect(byArgv(['echo', 'a;b|c']).verdict.decision).toBe('allow');
    expect(byArgv(['rm', '-rf', '/']).verdict).toMatchObject({ decision: 'block', risk: 'critical' });
    expect(byArgv(['sudo', 'bash', '-c', 'rm -rf ~']).verdict.decision).toBe('block');
    expect(byArgv(['git', 'status;push']).verdict.reasons.map((r) => r.code)).toContain('command.chained_text');
  });
  it('refuses an empty argv', () => {
    expect(byArgv([]).verdict.decision).toBe('block');
  });
});

describe('config rules', () => {
  const withRules = (rules: PolicyConfig['rules'], disabledRules: string[] = []): PolicyConfig => ({
    ...defaultConfig(),
    rules,
    disabledRules,
  });
  it('a user allow replaces the built-in answer, with its id', () => {
    const r = review(
      'npm test',
      withRules([{ id: 'user:npm-test', command: 'npm', subcommand: ['test'], decision: 'allow' }]),
    );
    expect(r.verdict.decision).toBe('allow');
    expect(r.verdict.rule_ids).toContain('user:npm-test');
  });
  it('a user allow never overrides path, URL or syntax refusals', () => {
    const cfg = withRules([{ id: 'user:rm', command: 'rm', decision: 'allow' }]);
    expect(review('rm -rf /', cfg).verdict).toMatchObject({ decision: 'block', risk: 'critical' });
    expect(review('rm -rf build', cfg).verdict.decision).toBe('allow');
    expect(
      review('curl http://169.254.169.254/', withRules([{ id: 'user:curl', command: 'curl', decision: 'allow' }]))
        .verdict.decision,
    ).toBe('block');
  });
  it('ask and block rules only tighten', () => {
    expect(
      review(
        'git status',
        withRules([{ id: 'project:status', command: 'git', subcommand: ['status'], decision: 'ask' }]),
      ).verdict.decision,
    ).toBe('ask');
    const cfg = withRules([{ id: 'project:push', command: 'git', subcommand: ['push'], decision: 'ask', risk: 'low' }]);
    expect(review('git push --force', cfg).verdict).toMatchObject({ decision: 'ask', risk: 'high' });
    expect(
      review('git push', withRules([{ id: 'u:b', command: 'git', subcommand: ['push'], decision: 'block' }])).verdict
        .decision,
    ).toBe('block');
  });
  it('matches args exactly and argsContain as a subset', () => {
    const exact = withRules([{ id: 'u:exact', command: 'make', args: ['lint'], decision: 'allow' }]);
    expect(review('make lint', exact).verdict.decision).toBe('allow');
    expect(review('make lint deploy', exact).verdict.decision).toBe('ask');
    const contain = withRules([{ id: 'u:contain', command: 'git', argsContain: ['--no-verify'], decision: 'block' }]);
    expect(review('git commit --no-verify -m x', contain).verdict.decision).toBe('block');
    expect(review('git commit -m x', contain).verdict.decision).toBe('allow');
  });
  it('rules apply to the command inside wrappers', () => {
    const cfg = withRules([{ id: 'u:npm', command: 'npm', subcommand: ['test'], decision: 'allow' }]);
    expect(review('timeout 60 npm test', cfg).verdict.decision).toBe('allow');
  });
  it('a user allow for an interpreter use replaces its ask, but what the code touches still counts', () => {
    const cfg = withRules([
      { id: 'me:pytest', command: 'python3', args: ['-m', 'pytest'], decision: 'allow' },
      { id: 'me:py', command: 'python3', argsContain: ['-c'], decision: 'allow' },
    ]);
    expect(review('python3 -m pytest', cfg).verdict.decision).toBe('allow');
    expect(review('python3 -c "print(1)"', cfg).verdict.decision).toBe('allow');
    expect(review('python3 -c "open(\'/home/u/.ssh/id_rsa\')"', cfg).verdict.decision).toBe('block');
    expect(review('python3 x.py', cfg).verdict.decision).toBe('ask');
  });
  it('disabledRules switches built-ins off (deny by default then asks)', () => {
    const r = review('git status', withRules([], ['git:read-only']));
    expect(r.verdict.decision).toBe('ask');
    expect(r.verdict.reasons.map((x) => x.code)).toContain('command.unknown');
  });
});

describe('symlinks', () => {
  const linked = fakeHostFacts({ links: { '/tmp/innocent': '/home/u', '/work/proj/keys': '/home/u/.ssh' } });
  it('a recursive delete of a temp path that is a symlink to home is refused', () => {
    expect(review('rm -rf /tmp/innocent/', defaultConfig(), linked).verdict).toMatchObject({
      decision: 'block',
      risk: 'critical',
    });
  });
  it('reading through a workspace symlink into ~/.ssh is refused', () => {
    expect(review('cat keys/id_rsa', defaultConfig(), linked).verdict.decision).toBe('block');
  });
});

describe('fail closed', () => {
  it('an exception inside the review becomes an internal.error block', () => {
    const broken: HostFacts = {
      ...facts,
      resolveCommand: () => {
        throw new Error('boom');
      },
    };
    const r = review('ls', defaultConfig(), broken);
    expect(r.verdict).toMatchObject({ decision: 'block', risk: 'critical' });
    expect(r.verdict.reasons[0]!.code).toBe('internal.error');
  });
  it('a command that does not resolve is blocked', () => {
    expect(review('ls', defaultConfig(), fakeHostFacts({ onPath: [] })).verdict.reasons.map((r) => r.code)).toContain(
      'command.not_found',
    );
  });
});

describe('reason order', () => {
  it('leads with the reason that decided', () => {
    const r = review('cat ~/.ssh/id_rsa');
    expect(r.verdict.decision).toBe('block');
    expect(r.verdict.reasons[0]!.code).toBe('path.protected');
    expect(review('sudo rm -rf /').verdict.reasons[0]!.code).toBe('path.root_deletion');
  });
});

describe('hop', () => {
  it('an unspecified hop gets no bookkeeping shortcut', () => {
    const r = reviewCommand({ command: 'env', cwd, agent: 'claude' }, defaultConfig(), facts);
    expect(r.bookkeeping).toBeUndefined();
    expect(r.verdict.decision).toBe('ask');
  });
});
