import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanSedScript } from '../../../src/domain/policy/sedScript.js';
import { awkRunsOrWrites } from '../../../src/domain/policy/awkProgram.js';
import { classifyInterpreter } from '../../../src/domain/policy/interpreters.js';
import { unwrapWith, WRAPPERS } from '../../../src/domain/policy/wrappers.js';

const cases = JSON.parse(readFileSync(new URL('./scanners.cases.json', import.meta.url), 'utf8')) as {
  sed: Array<{ script: string; executes: boolean; writes: string[]; reads: string[] }>;
  awk: Array<{ program: string; risky: boolean }>;
  interpreters: Array<{ argv: string[]; kind: string; code?: string }>;
};

describe('sed script scanner', () => {
  for (const c of cases.sed)
    it(JSON.stringify(c.script), () =>
      expect(scanSedScript(c.script)).toEqual({ executes: c.executes, writes: c.writes, reads: c.reads }),
    );
});

describe('awk program scanner', () => {
  for (const c of cases.awk) it(JSON.stringify(c.program), () => expect(awkRunsOrWrites(c.program)).toBe(c.risky));
});

describe('interpreter classification', () => {
  for (const c of cases.interpreters) {
    it(c.argv.join(' '), () => {
      const use = classifyInterpreter(c.argv[0]!, c.argv.slice(1));
      expect(use?.kind).toBe(c.kind);
      if (c.code !== undefined && use?.kind === 'inline') expect(use.code).toBe(c.code);
    });
  }
});

describe('wrapper option parsing', () => {
  const table: Array<[string, string[], string[], string[]?]> = [
    ['sudo', ['-u', 'root', '--', 'rm', '-rf', '/'], ['rm', '-rf', '/']],
    ['sudo', ['-Eu', 'root', 'ls'], ['ls']],
    ['sudo', ['-uroot', 'ls'], ['ls']],
    ['sudo', ['--user=root', 'ls'], ['ls']],
    ['sudo', ['-X', 'ls'], ['ls'], ['-X']],
    ['timeout', ['-s', 'KILL', '-k', '1', '5', 'ls', '-l'], ['ls', '-l']],
    ['timeout', ['--signal=TERM', '5s', 'ls'], ['ls']],
    ['nice', ['-n', '19', 'ls'], ['ls']],
    ['nice', ['-10', 'ls'], ['ls']],
    ['nice', ['-n19', 'ls'], ['ls']],
    ['env', ['-i', 'FOO=1', 'ls'], ['ls']],
    ['env', ['-u', 'HOME', 'ls'], ['ls']],
    ['xargs', ['-0', '-I', '{}', 'rm', '{}'], ['rm', '{}']],
    ['xargs', ['-n1', 'rm'], ['rm']],
    ['stdbuf', ['-o0', 'ls'], ['ls']],
    ['ionice', ['-c', '3', 'ls'], ['ls']],
    ['chrt', ['-i', '0', 'ls'], ['ls']],
    ['flock', ['-n', '/tmp/l', 'ls'], ['ls']],
    ['taskset', ['-c', '0', 'ls'], ['ls']],
    ['strace', ['-f', '-o', '/tmp/t', 'ls'], ['ls']],
    ['chroot', ['/srv/root', 'ls'], ['ls']],
  ];
  for (const [name, args, inner, unknown] of table) {
    it(`${name} ${args.join(' ')}`, () => {
      const u = unwrapWith(WRAPPERS[name]!, args);
      expect(u.inner).toEqual(inner);
      expect(u.unknownOptions).toEqual(unknown ?? []);
    });
  }
});
