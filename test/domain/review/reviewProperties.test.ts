import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { Verdict } from '../../../src/domain/verdict.js';
import { DECISIONS, RISKS, combineVerdicts } from '../../../src/domain/verdict.js';
import { isReasonCode } from '../../../src/domain/reasonCodes.js';
import { fakeHostFacts, permissiveFakeHostFacts } from './fakeHostFacts.js';

const config = defaultConfig();
const facts = fakeHostFacts();

const verdictArb: fc.Arbitrary<Verdict> = fc.record({
  decision: fc.constantFrom(...DECISIONS),
  risk: fc.constantFrom(...RISKS),
  // Like every verdict the domain builds: no duplicate reason or rule id inside one verdict.
  reasons: fc.uniqueArray(
    fc.record({
      code: fc.constantFrom('command.unknown', 'path.protected', 'syntax.pipe') as fc.Arbitrary<'command.unknown'>,
      message: fc.constantFrom('a', 'b', 'c'),
    }),
    { maxLength: 3, selector: (r) => `${r.code}/${r.message}` },
  ),
  rule_ids: fc.uniqueArray(fc.constantFrom('x:a', 'x:b', 'y:c', 'z:d'), { maxLength: 3 }),
});

/** Words an attacker would reach for, so random commands hit the interesting paths. */
const word = fc.oneof(
  fc.constantFrom(
    'rm',
    '-rf',
    '/',
    '~',
    'sudo',
    'env',
    'bash',
    '-c',
    'git',
    'push',
    '--force',
    'timeout',
    '5',
    'xargs',
    'find',
    '-exec',
    '-delete',
    'python3',
    'LD_PRELOAD=x',
    'constructor',
    '__proto__',
    'valueOf',
    'toString',
    'hasOwnProperty',
    'eval',
    'trap',
    'EXIT',
    'busybox',
    'http://169.254.169.254/',
    '.env',
    "'rm -rf /'",
    '"a;b"',
    'ｒm',
    'command',
    'exec',
    'nice',
    '-n',
    '\\rm',
  ),
  fc.string({ maxLength: 12 }),
);

describe('properties', () => {
  it('combining never downgrades the decision or the risk', () => {
    fc.assert(
      fc.property(fc.array(verdictArb, { minLength: 1, maxLength: 5 }), (vs) => {
        const c = combineVerdicts(...vs);
        for (const v of vs) {
          expect(DECISIONS.indexOf(c.decision)).toBeGreaterThanOrEqual(DECISIONS.indexOf(v.decision));
          expect(RISKS.indexOf(c.risk)).toBeGreaterThanOrEqual(RISKS.indexOf(v.risk));
        }
      }),
    );
  });

  it("the one combiner is max over the order, with the stricter parts' reasons first", () => {
    // A plain model of the combiner, written from the ordering alone (no shared code).
    const rank = (v: Verdict) => DECISIONS.indexOf(v.decision) * RISKS.length + RISKS.indexOf(v.risk);
    const key = (r: { code: string; message: string }) => `${r.code}\u0000${r.message}`;
    fc.assert(
      fc.property(fc.array(verdictArb, { maxLength: 6 }), (vs) => {
        const got = combineVerdicts(...vs);
        const ordered = vs.map((v, i) => ({ v, i })).sort((a, b) => rank(b.v) - rank(a.v) || a.i - b.i);
        const decision = DECISIONS[Math.max(0, ...vs.map((v) => DECISIONS.indexOf(v.decision)))];
        const risk = RISKS[Math.max(0, ...vs.map((v) => RISKS.indexOf(v.risk)))];
        const reasons = [...new Set(ordered.flatMap(({ v }) => v.reasons.map(key)))];
        const ruleIds = [...new Set(ordered.flatMap(({ v }) => v.rule_ids))];
        expect(got.decision).toBe(decision);
        expect(got.risk).toBe(risk);
        expect(got.reasons.map(key)).toEqual(reasons);
        expect(got.rule_ids).toEqual(ruleIds);
      }),
      { numRuns: 3000 },
    );
  });

  it('reviewCommand never throws on arbitrary text and always answers a well-formed verdict', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const r = reviewCommand({ command: text, cwd: '/work/proj' }, config, facts);
        expect(DECISIONS).toContain(r.verdict.decision);
        expect(RISKS).toContain(r.verdict.risk);
        for (const reason of r.verdict.reasons) expect(isReasonCode(reason.code)).toBe(true);
        expect(r.verdict.reasons.map((x) => x.code)).not.toContain('internal.error');
      }),
      { numRuns: 2000 },
    );
  });

  it('reviewCommand never throws on attacker-flavoured word soups, as text or argv', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 10 }), (words) => {
        for (const req of [
          { command: words.join(' '), cwd: '/work/proj' },
          { argv: words, cwd: '/work/proj' },
        ]) {
          const r = reviewCommand(req, config, permissiveFakeHostFacts());
          expect(r.verdict.reasons.map((x) => x.code)).not.toContain('internal.error');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('wrapping a command never makes it less strict', () => {
    const wrappers = [
      'sudo',
      'env',
      'nice',
      'nohup',
      'timeout 5',
      'command',
      'exec',
      'stdbuf -o0',
      'setsid',
      'busybox',
      'env -i',
      'sudo -u root --',
    ];
    const inner = [
      'rm -rf /',
      'git push --force',
      'cat ~/.ssh/id_rsa',
      'ls',
      'curl http://127.0.0.1/',
      'npm publish',
      'git status',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...wrappers), fc.constantFrom(...inner), (w, cmd) => {
        const plain = reviewCommand({ command: cmd, cwd: '/work/proj' }, config, facts).verdict;
        const wrapped = reviewCommand({ command: `${w} ${cmd}`, cwd: '/work/proj' }, config, facts).verdict;
        expect(DECISIONS.indexOf(wrapped.decision)).toBeGreaterThanOrEqual(DECISIONS.indexOf(plain.decision));
        expect(RISKS.indexOf(wrapped.risk)).toBeGreaterThanOrEqual(RISKS.indexOf(plain.risk));
      }),
    );
  });

  it('command and agent names that are Object.prototype members never reach the prototype', () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      for (const args of [[], ['-rf', 'x'], ['-c', 'ls'], ['status'], ['-e', 'x']]) {
        const r = reviewCommand(
          { argv: [name, ...args], cwd: '/work/proj', agent: name },
          config,
          permissiveFakeHostFacts(),
        );
        expect(
          r.verdict.reasons.map((x) => x.code),
          name,
        ).not.toContain('internal.error');
        expect(r.verdict.decision, name).not.toBe('allow');
      }
      const viaText = reviewCommand(
        { command: `${name} x`, cwd: '/work/proj', agent: name, hop: 'agent' },
        config,
        permissiveFakeHostFacts(),
      );
      expect(
        viaText.verdict.reasons.map((x) => x.code),
        name,
      ).not.toContain('internal.error');
    }
  });

  it('an unknown command is never allowed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9_-]{2,10}$/), (name) => {
        fc.pre(!['ls', 'cat', 'echo', 'pwd', 'true', 'false', 'date', 'sleep'].includes(name));
        const r = reviewCommand(
          { command: `zz${name} --flag x`, cwd: '/work/proj' },
          config,
          permissiveFakeHostFacts(),
        );
        expect(r.verdict.decision).not.toBe('allow');
      }),
    );
  });
});
