import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, makeHome, runCli } from '../decide/cliHarness.js';

let h: ReturnType<typeof makeHome>;
beforeAll(() => ensureBuilt());
beforeEach(() => {
  h = makeHome();
  mkdirSync(h.home, { recursive: true });
});
afterEach(() => h.cleanup());

const suite = (lines: string[]) => {
  const file = join(h.root, 'suite.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
};
const run = (file: string, extra: string[] = []) =>
  runCli(['policy', 'test', ...extra, file], { env: h.env, cwd: h.root });

describe('shimctl policy test (real CLI, temp HOME)', () => {
  it('all pass: table and exit 0', () => {
    const r = run(
      suite([
        '# syntax refusals hold whatever the policy is',
        JSON.stringify({ command: 'ls | wc &', expect: 'block' }),
        JSON.stringify({ command: 'echo a & echo b', expect: { decision: 'block', codes: ['syntax.background'] } }),
        '',
        JSON.stringify({
          name: 'subst',
          command: 'echo $(id)',
          cwd: '/',
          expect: { decision: 'block', codes: ['syntax.substitution'] },
        }),
      ]),
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/PASS\s+2\s+block\//);
    expect(r.stdout).toMatch(/PASS\s+5\s+block\/\S+\s+subst/);
    expect(r.stdout).toContain('3 passed, 0 failed, 3 total');
  });

  it('a failing case: FAIL row with the mismatch, exit 1', () => {
    const r = run(
      suite([
        JSON.stringify({ command: 'ls | wc &', expect: 'allow' }),
        JSON.stringify({ command: 'ls > out &', expect: { decision: 'block', codes: ['syntax.pipe'] } }),
        JSON.stringify({ command: 'ls && id &', expect: 'block' }),
      ]),
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/FAIL\s+1\s+block.*decision block, expected allow/);
    expect(r.stdout).toMatch(/FAIL\s+2\s+.*missing code syntax\.pipe/);
    expect(r.stdout).toMatch(/PASS\s+3/);
    expect(r.stdout).toContain('1 passed, 2 failed, 3 total');
  });

  it('--json gives one result per case', () => {
    const r = run(suite([JSON.stringify({ argv: ['echo', 'a|b'], expect: 'block' })]), ['--json']);
    const out = JSON.parse(r.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ line: 1, request: { argv: ['echo', 'a|b'] } });
    expect(out[0].verdict.reasons.map((x: { code: string }) => x.code)).not.toContain('syntax.pipe');
  });

  it.each([
    ['not JSON', '{command: ls}', 2, 'not valid JSON'],
    ['no expect', JSON.stringify({ command: 'ls' }), 2, 'expect is required'],
    ['bad decision', JSON.stringify({ command: 'ls', expect: 'deny' }), 2, 'expect: expected allow|ask|block'],
    [
      'unknown code',
      JSON.stringify({ command: 'ls', expect: { decision: 'block', codes: ['syntax.pipes'] } }),
      2,
      "unknown reason code 'syntax.pipes'",
    ],
    ['unknown field', JSON.stringify({ command: 'ls', expect: 'allow', skip: true }), 2, "unknown field 'skip'"],
    [
      'both command and argv',
      JSON.stringify({ command: 'ls', argv: ['ls'], expect: 'allow' }),
      2,
      'exactly one of command and argv',
    ],
    ['relative cwd', JSON.stringify({ command: 'ls', cwd: 'x', expect: 'allow' }), 2, 'cwd: expected an absolute path'],
  ])('malformed line (%s): exit 2 naming the line', (_n, bad, status, message) => {
    const file = suite([JSON.stringify({ command: 'ls | wc', expect: 'block' }), bad]);
    const r = run(file);
    expect(r.status).toBe(status);
    expect(r.stderr).toContain(`${file}:2: `);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe(''); // nothing ran
  });

  it('missing file, empty file and no argument are usage errors', () => {
    expect(run(join(h.root, 'nope.jsonl')).status).toBe(2);
    expect(run(suite(['# only a comment'])).status).toBe(2);
    expect(runCli(['policy', 'test'], { env: h.env }).status).toBe(2);
    expect(runCli(['policy', 'frobnicate'], { env: h.env }).status).toBe(2);
  });

  it('uses the user config: a user block rule is seen by the suite', () => {
    mkdirSync(join(h.home, '.config', 'shimctl'), { recursive: true });
    writeFileSync(
      join(h.home, '.config', 'shimctl', 'config.yaml'),
      'rules:\n  - id: me:no-uname\n    command: uname\n    decision: block\n',
    );
    const r = run(
      suite([JSON.stringify({ command: 'uname -a', expect: { decision: 'block', rule_ids: ['me:no-uname'] } })]),
    );
    expect(r.stdout).toContain('1 passed');
    expect(r.status).toBe(0);
  });
});
