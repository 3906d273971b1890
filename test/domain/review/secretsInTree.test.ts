// Recursive searches judged by the secrets they would print (RT-13). Real directories and the
// real bounded walker (listFilesUnder); the rest of HostFacts is the pure fake.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { listFilesUnder } from '../../../src/infrastructure/hostFacts/listFilesUnder.js';
import { fakeHostFacts } from './fakeHostFacts.js';

let root: string;
const facts = { ...fakeHostFacts(), filesUnder: listFilesUnder };
const judge = (command: string, cwd: string) => reviewCommand({ command, cwd }, defaultConfig(), facts).verdict;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'shimctl-tree-'));
  mkdirSync(join(root, 'withenv', 'src'), { recursive: true });
  writeFileSync(join(root, 'withenv', '.env'), 'API_KEY=x\n');
  writeFileSync(join(root, 'withenv', 'src', 'a.ts'), 'import x\n');
  mkdirSync(join(root, 'deep', 'a', 'b', 'keys'), { recursive: true });
  writeFileSync(join(root, 'deep', 'a', 'b', 'keys', 'id_ed25519'), 'k');
  mkdirSync(join(root, 'clean', 'src'), { recursive: true });
  writeFileSync(join(root, 'clean', '.env.example'), 'API_KEY=\n');
  writeFileSync(join(root, 'clean', 'src', 'a.ts'), 'x');
  mkdirSync(join(root, 'clean', 'node_modules', 'p'), { recursive: true });
  writeFileSync(join(root, 'clean', 'node_modules', 'p', '.env'), 'skipped: not entered');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('recursive searches of trees holding secrets', () => {
  const cases: Array<[string, string, 'allow' | 'ask' | 'block']> = [
    ['grep -rn API_KEY .', 'withenv', 'block'],
    ['grep -r KEY', 'withenv', 'block'],
    ['grep -R KEY ../deep', 'withenv', 'block'],
    ['grep --recursive KEY .', 'withenv', 'block'],
    ["grep -rn --include='*.ts' import .", 'withenv', 'allow'],
    ['grep -rn --exclude=.env KEY .', 'withenv', 'allow'],
    ['grep -n KEY src/a.ts', 'withenv', 'allow'],
    ['grep -rn API_KEY .', 'clean', 'allow'],
    ['rm -r src', 'withenv', 'ask'],
    // grep's other spellings of a recursive search: `-d recurse` and abbreviated long options.
    ['grep -d recurse KEY .', 'withenv', 'block'],
    ['grep -drecurse KEY .', 'withenv', 'block'],
    ['grep -d rec KEY .', 'withenv', 'block'],
    ['grep -nd recurse KEY', 'withenv', 'block'],
    ['grep -d recurse KEY', 'withenv', 'block'],
    ['grep --directories=recurse KEY .', 'withenv', 'block'],
    ['grep --directories recurse KEY', 'withenv', 'block'],
    ['grep --dir=recu KEY .', 'withenv', 'block'],
    ['grep --recur KEY .', 'withenv', 'block'],
    ['grep --rec KEY', 'withenv', 'block'],
    ['grep --dereference-recursive KEY .', 'withenv', 'block'],
    ['grep --deref KEY .', 'withenv', 'block'],
    ['grep -nR KEY', 'withenv', 'block'],
    ['grep -A 2 -r KEY', 'withenv', 'block'],
    ['grep -m 1 --recursive KEY', 'withenv', 'block'],
    ['grep -e KEY -r', 'withenv', 'block'],
    ['grep -d recurse KEY ../deep', 'withenv', 'block'],
    ['grep -d skip KEY .', 'withenv', 'allow'],
    ['grep --directories=read -n import src/a.ts', 'withenv', 'allow'],
    ['grep -- -r src/a.ts', 'withenv', 'allow'],
    ['grep -d recurse KEY .', 'clean', 'allow'],
    ['grep --recur --exclude=.env KEY .', 'withenv', 'allow'],
    ['rg KEY', 'withenv', 'allow'],
    ['rg --hidden KEY', 'withenv', 'block'],
    ['rg -uu KEY .', 'withenv', 'block'],
    ['rg KEY ../deep', 'withenv', 'block'],
    ['rg --hid KEY', 'withenv', 'block'],
    ['rg -u -u KEY', 'withenv', 'block'],
    ['rg -n. KEY', 'withenv', 'block'],
    ['rg --unrestricted KEY', 'withenv', 'block'],
    ['rg -u KEY', 'withenv', 'allow'],
    ['rg -n import src', 'withenv', 'allow'],
  ];
  for (const [command, dir, expected] of cases) {
    it(`${command} in ${dir} ⇒ ${expected}`, () => {
      const v = judge(command, join(root, dir));
      expect(v.decision, JSON.stringify(v.reasons)).toBe(expected);
      if (expected === 'block') expect(v.reasons.map((r) => r.code)).toContain('path.protected');
      else expect(v.reasons.map((r) => r.code)).not.toContain('path.protected');
    });
  }

  it('the walk is bounded and says when it stopped early', () => {
    const all = listFilesUnder(root, 100000);
    expect(all.complete).toBe(true);
    expect(all.files.some((f) => f.endsWith('/withenv/.env'))).toBe(true);
    expect(all.files.some((f) => f.includes('node_modules'))).toBe(false);
    const cut = listFilesUnder(root, 3);
    expect(cut.complete).toBe(false);
    expect(cut.files.length).toBeLessThanOrEqual(3);
  });
});

// Issue 12 gap 1: archivers packing a tree go through the same walk (one home, secretsInTree.ts).
describe('archives of trees holding secrets', () => {
  const cases: Array<[string, string, 'allow' | 'ask' | 'block', string?]> = [
    ['tar -czf out.tgz .', 'withenv', 'ask', 'path.secret_in_archive'],
    ['tar czf out.tgz .', 'withenv', 'ask', 'path.secret_in_archive'],
    ['tar -cf out.tar ../deep', 'withenv', 'ask', 'path.secret_in_archive'],
    ['zip -r out.zip .', 'withenv', 'ask', 'path.secret_in_archive'],
    ['tar -c .', 'withenv', 'block', 'path.protected'],
    ['zip -r - .', 'withenv', 'block', 'path.protected'],
    ['tar -czf out.tgz src', 'withenv', 'allow'],
    ['tar -czf out.tgz .', 'clean', 'allow'],
    ['zip -r out.zip .', 'clean', 'allow'],
    ['tar -tzf out.tgz', 'withenv', 'allow'],
    // Attack pass 8 (P8-09): recursive compressors to stdout print every file; -o/--train pack them.
    ['gzip -rc .', 'withenv', 'block', 'path.protected'],
    ['gzip --recursive --stdout .', 'withenv', 'block', 'path.protected'],
    ['gunzip -rc .', 'withenv', 'block', 'path.protected'],
    ['zstd -rc .', 'withenv', 'block', 'path.protected'],
    ['zstd -r . -o -', 'withenv', 'block', 'path.protected'],
    ['zstd -r . -o out.zst', 'withenv', 'ask', 'path.secret_in_archive'],
    ['zstd --train -r . -o dict', 'withenv', 'ask', 'path.secret_in_archive'],
    ['zstd --train -r ../deep', 'withenv', 'ask', 'path.secret_in_archive'],
    ['gzip -rc src', 'withenv', 'allow'],
    ['gzip -rc .', 'clean', 'allow'],
    ['zstd -rc src', 'withenv', 'allow'],
    ['zstd --train -r . -o dict', 'clean', 'allow'],
    ['gzip -c src/a.ts', 'withenv', 'allow'],
    // gzip -r replaces every file by its .gz sibling (.env becomes .env.gz): a delete per file,
    // like `gzip .env` (blocked); a tree without protected files asks like `rm -r` (pass 8's note).
    ['gzip -r .', 'withenv', 'block', 'path.protected_write'],
    ['gunzip -r .', 'withenv', 'block', 'path.protected_write'],
    ['gzip --recursive --best .', 'withenv', 'block', 'path.protected_write'],
    ['zstd -r --rm .', 'withenv', 'block', 'path.protected_write'],
    ['gzip -r .', 'clean', 'ask', 'command.destructive'],
    ['gzip -r src', 'withenv', 'ask', 'command.destructive'],
    ['gzip -rk .', 'withenv', 'allow'],
    ['gzip -rl .', 'withenv', 'allow'],
    ['gzip -rt .', 'withenv', 'allow'],
    ['zstd -r .', 'withenv', 'allow'],
  ];
  for (const [command, dir, expected, code] of cases) {
    it(`${command} in ${dir} ⇒ ${expected}`, () => {
      const v = judge(command, join(root, dir));
      expect(v.decision, JSON.stringify(v.reasons)).toBe(expected);
      if (code) expect(v.reasons.map((r) => r.code)).toContain(code);
    });
  }

  it('a tree larger than the walk lists asks, without judging what it listed', () => {
    const huge = { ...facts, filesUnder: (dir: string) => ({ files: [`${dir}/a.ts`], complete: false }) };
    const v = reviewCommand({ command: 'tar -czf out.tgz .', cwd: join(root, 'clean') }, defaultConfig(), huge).verdict;
    expect(v.decision).toBe('ask');
    expect(v.reasons.map((r) => r.code)).toContain('path.secret_in_archive');
  });
});
