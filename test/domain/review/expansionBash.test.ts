import { spawnSync } from 'node:child_process';
import { realpathSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { listDir } from '../../../src/infrastructure/hostFacts/listDir.js';
import { fakeHostFacts } from './fakeHostFacts.js';
import { withRealGrammar } from './grammarFacts.js';
import { makeFixtureTree } from './expansion/fixtureTree.js';

// Differential: for each glob the review's expansion equals REAL bash's (`printf '%s\0' PATTERN` in
// the fixture tree, C.UTF-8 locale), and the rewritten text, run by real bash and dash, prints
// exactly the words the review judged.
const PATTERNS = [
  '*',
  '*.ts',
  '.*',
  '*/',
  '*/*.ts',
  '**/*.ts',
  '**',
  'src/*',
  'src/.*',
  'src/*/*.ts',
  '?.ts',
  '[ab].ts',
  '[!ab].ts',
  '[^a-c].ts',
  '[]x].ts',
  '\\[x\\].ts',
  '[[]x].ts',
  '"sp ace".ts',
  'sp*',
  '*ace*',
  '*.none',
  '.cfg/*',
  '*/README',
  'l*/*',
  'dang*',
  '../trap/*',
  '/nonexistent/*',
  '[a-c]*',
  'x[',
  '*[',
  "'*'.ts",
  'st\\*r.txt',
  'q?.txt',
  'ü*',
  '*.[jt]s',
  '[B-a]*',
  'src/deep/*',
  '*/deep/*',
  '.git/*',
  '*/.h*',
  'empty/*',
  '"$HOME"/.ssh/*',
  '~/.aws/*',
  'src/../*.js',
  './*.js',
];
const LOCALE_ENV = { LC_ALL: 'C.UTF-8', PATH: '/usr/bin:/bin' };
let root = '';
let facts: HostFacts;

beforeAll(async () => {
  root = realpathSync(makeFixtureTree());
  const home = `${root}/home/u`;
  facts = await withRealGrammar({
    ...fakeHostFacts({ home }),
    listDir,
    shellVars: { HOME: home, PATH: '/usr/bin:/bin' },
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(shell: string, text: string, cwd: string): string[] {
  const r = spawnSync(shell, ['-c', text], { cwd, env: { ...LOCALE_ENV, HOME: `${root}/home/u` }, encoding: 'utf8' });
  expect(r.status, `${shell} -c ${text}: ${r.stderr}`).toBe(0);
  return r.stdout.split('\0').slice(0, -1);
}

describe('glob expansion: the review agrees with real bash', () => {
  for (const p of PATTERNS) {
    it(p, () => {
      const cwd = `${root}/proj`;
      const text = `printf '%s\\0' ${p}`;
      const bash = run('bash', text, cwd);
      const r = reviewCommand({ command: text, cwd }, defaultConfig(), facts);
      const judged = r.normalized?.argv.slice(2);
      expect(judged, `${p}: ${JSON.stringify(r.verdict.reasons)}`).toEqual(bash);
      const ran = r.rewritten ?? text;
      expect(run('bash', ran, cwd), `bash -c ${ran}`).toEqual(bash);
      expect(run('dash', ran, cwd), `dash -c ${ran}`).toEqual(bash);
    });
  }
});
