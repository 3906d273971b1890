// The pathspec matcher against real git: for each pathspec set, the paths it selects must include
// every path `git ls-files` selects (a positive may select more: the stricter reading), and an
// exclusion may never drop a path git keeps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathspecMatcher } from '../../../src/domain/review/gitPathspecMatch.js';
import { tempDir } from '../../support/tempDirs.js';

const FILES = [
  '.env',
  'README.md',
  'config/.env.production',
  'config/app.json',
  'src/a.ts',
  'src/lib/b.ts',
  'src/.ENV',
];
const SPECS: Array<[string, string[]]> = [
  ['', ['.']],
  ['', ['src']],
  ['', ['*.ts']],
  ['', ['*env*']],
  ['', [':(glob)*.ts']],
  ['', [':(glob)**/.env*']],
  ['', [':(icase).env']],
  ['', ['.', ':!.env']],
  ['', ['.', ':^config']],
  ['', ['.', ':(exclude)*.json']],
  ['', ['.', ':(exclude,icase)SRC']],
  ['', [':!README.md']],
  ['', ['s?c']],
  ['', ['[.]env']],
  ['src', ['..']],
  ['src', [':/config']],
  ['src', [':(top).env']],
  ['src', ['../config/.env.production']],
  ['src', [':!a.ts']],
];

let repo: string;
beforeAll(() => {
  repo = tempDir('shimctl-pathspec-');
  for (const f of FILES) {
    mkdirSync(join(repo, f, '..'), { recursive: true });
    writeFileSync(join(repo, f), 'x\n');
  }
  spawnSync('git', ['init', '-q'], { cwd: repo });
  spawnSync('git', ['add', '-f', '.'], { cwd: repo });
});

describe('pathspecMatcher agrees with git ls-files (never selects less)', () => {
  for (const [prefix, specs] of SPECS) {
    it(`${prefix || '.'}: ${specs.join(' ')}`, () => {
      const r = spawnSync('git', ['ls-files', '--full-name', '-z', '--', ...specs], {
        cwd: join(repo, prefix),
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      const byGit = new Set(r.stdout.split('\0').filter(Boolean));
      const match = pathspecMatcher(
        prefix,
        { pathspecs: specs, maybePathspecs: [], belowCwd: false, from: 'index' },
        () => false,
      );
      for (const f of FILES) if (byGit.has(f)) expect(match(f), `${f} selected by git`).toBe(true);
      // Exact, except that exclusions alone select everything else in the whole tree (ls-files
      // starts from the cwd; log and diff from the root: the matcher takes the wider).
      if (specs.some((x) => !/^:[!^]|^:\(exclude/.test(x)) || prefix === '')
        expect(FILES.filter(match).sort()).toEqual([...byGit].sort());
    });
  }
});
