// One recursive access reaches many protected places: the verdict keeps its decision, risk and
// every rule id, but says so in one reason per code (judgePaths.ts, collapseRepeats), not ~30.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PathArg } from '../../../src/domain/paths/judgePaths.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import { fakeHostFacts } from '../review/fakeHostFacts.js';

const judge = (args: PathArg[]) =>
  judgePaths(args, { cwd: '/work/proj', config: defaultConfig(), facts: fakeHostFacts() }).verdict;
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

describe('repeated protected-path reasons', () => {
  const cases: [string, PathArg[], string, string][] = [
    ['recursive read of /', [{ raw: '/', access: 'read', recursive: true }], 'path.protected', 'block'],
    ['recursive read of HOME', [{ raw: '/home/u', access: 'read', recursive: true }], 'path.protected', 'block'],
    [
      'recursive write into HOME',
      [{ raw: '/home/u', access: 'write', recursive: true }],
      'path.protected_write',
      'block',
    ],
  ];
  for (const [title, args, code, decision] of cases)
    it(`${title}: one ${code} reason, every rule id kept`, () => {
      const v = judge(args);
      const codes = v.reasons.map((r) => r.code);
      expect(v.decision).toBe(decision);
      expect(count(codes, code)).toBe(1);
      expect(v.rule_ids.length).toBeGreaterThan(10);
      expect(v.reasons.find((r) => r.code === code)!.message).toMatch(
        /It reaches \d+ more protected places too \(.+, and \d+ more\)\./,
      );
    });

  it('two findings for one key stay two reasons', () => {
    const v = judge([{ raw: '/home/u/.ssh/id_rsa', access: 'read' }]);
    expect(
      count(
        v.reasons.map((r) => r.code),
        'path.protected',
      ),
    ).toBe(2);
    expect(v.reasons.every((r) => !r.message.includes('more protected places'))).toBe(true);
  });

  it('two recursive paths keep one reason each', () => {
    const v = judge([
      { raw: '/', access: 'read', recursive: true },
      { raw: '/home/u', access: 'read', recursive: true },
    ]);
    expect(
      count(
        v.reasons.map((r) => r.code),
        'path.protected',
      ),
    ).toBe(2);
  });
});
