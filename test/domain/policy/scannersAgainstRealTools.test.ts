// The sed and awk scanners against the real programs (attack pass 18, F1 and F2): every script
// here makes the installed GNU sed or awk run a command or write a file, which the test checks by
// running it in a temporary directory (a marker file appears). The scanner must then report it.
// A script that creates no marker fails the test as vacuous: the table stays about real effects.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awkRunsOrWrites } from '../../../src/domain/policy/awkProgram.js';
import { scanSedScript, sedScripts } from '../../../src/domain/policy/sedScript.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'shimctl-scanners-'));
  writeFileSync(join(dir, 'input'), 'touch M\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the tool in the temp directory; whether it made the marker `M`. */
function makesMarker(argv: string[]): boolean {
  rmSync(join(dir, 'M'), { force: true });
  spawnSync(argv[0]!, argv.slice(1), {
    cwd: dir,
    input: 'touch M\n',
    timeout: 5000,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  return existsSync(join(dir, 'M'));
}

const has = (tool: string): boolean => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;

// The sed scripts run `touch M` (the input line) with `e`, or write `M` with `w`.
const SED: string[] = [
  's/^[/]*//e',
  '/x[/]/d;e',
  's|^[|]*||e',
  's/[]/]*//e',
  's/[^]/]*x//;e',
  's/[[:digit:]/]*//;e',
  's/[[.-.]/]*//;e',
  's/[[=a=]/]*//;e',
  's/[\\/]*//e',
  's/^[/]*//w M',
  '\\,[,],d;e',
  '/[/]/!e',
  's/[/]//;s/^//e',
  'y/a/b/;s/^[/]*//e',
  // Attack pass 19, F9: a text line ending in an escaped backslash ends the text.
  'a\\\nx\\\\\ne touch M',
  '1a\\\nx\\\\\nw M',
  'i\\\nx\\\\\ne touch M',
  'a\\\nx\\\\\n1e touch M',
  'a foo\\\\\ne touch M',
];

// The same, spread over -e pieces (GNU sed joins them with newlines).
const SED_PIECES: string[][] = [
  ['a\\', 'x\\\\', 'e touch M'],
  ['1i\\', 'header', 'e touch M'],
];

// The awk programs run `touch M` (system, a pipe to sh) or write `M` (print >).
const AWK: string[] = [
  'BEGIN { x = 1 / 2; system("touch M"); y = 3 / 4 }',
  'BEGIN { x = 6 / 3; print "x" > "M"; y = 1 / 1 }',
  'BEGIN { x = 1 / 2; print "touch M" | "sh"; y = 3 / 4 }',
  '/"/ { } BEGIN { system("touch M") } /"/',
  '# "\nBEGIN { system("touch M") }\n# "',
  'BEGIN { printf("%d\\n", 4 / 2); system("touch M"); print 1 / 2 }',
  'BEGIN { a[1] = 4; x = a[1] / 2; system("touch M"); y = x / 2 }',
  'BEGIN { x = (4) / 2; system("touch M"); y = (x) / 2 }',
  'BEGIN { n = 4; x = (n++) / 2; system("touch M"); y = (n--) / 2 }',
  'BEGIN { x = 2 /1/ 1; system("touch M") }',
  'BEGIN { if ("a" ~ /\\/"/) x = 1; system("touch M") }',
  'BEGIN { if ("a" ~ /[/]/) x = 1; system("touch M") }',
  'BEGIN { x = "/"; system("touch M"); y = "/" }',
  'BEGIN { x = NR / 2; system("touch M"); y = NF / 2 }',
  'BEGIN { x = 4; x /= 2; system("touch M"); x /= 2 }',
  '{ x = $1 / 2; system("touch M"); y = $1 / 2 }',
  // Attack pass 19: a backslash-newline is a blank to awk.
  'BEGIN { system\\\n("touch M") }',
  'BEGIN { system \\\n("touch M") }',
  'BEGIN { print "x" \\\n> "M" }',
  'BEGIN { print "x" \\\n>> "M" }',
  'BEGIN { print "touch M" \\\n| "sh" }',
];

// Programs that only compute: the lexer must not turn their divisions into findings.
const AWK_QUIET: string[] = [
  '{ print $1 / 2 }',
  '/error/ { n++ } END { print n }',
  '{ x = $2 / $3; print x }',
  'BEGIN { FS = "/" } { print $2 }',
  '$0 ~ /a\\/b/ { print }',
  '{ gsub(/[/]/, "-"); print }',
  '# a comment with a | bar\n{ print }',
  '{ s = "a|b"; print s }',
];

describe.skipIf(!has('sed'))('sed scripts that run or write, as GNU sed reads them', () => {
  for (const script of SED)
    it(JSON.stringify(script), () => {
      expect(
        makesMarker(['sed', '-n', script, 'input']),
        'the script must really run or write (else the case is vacuous)',
      ).toBe(true);
      const f = scanSedScript(script);
      expect(f.executes || f.writes.length > 0, JSON.stringify(f)).toBe(true);
    });
});

describe.skipIf(!has('sed'))('sed scripts in -e pieces', () => {
  for (const pieces of SED_PIECES)
    it(JSON.stringify(pieces), () => {
      const argv = ['sed', '-n', ...pieces.flatMap((p) => ['-e', p]), 'input'];
      expect(makesMarker(argv), 'the script must really run (else the case is vacuous)').toBe(true);
      const { scripts } = sedScripts(argv.slice(1, -1));
      expect(
        scripts.some((s) => scanSedScript(s).executes),
        JSON.stringify(scripts),
      ).toBe(true);
    });
});

describe.skipIf(!has('awk') && spawnSync('awk', ['-W', 'version']).error !== undefined)(
  'awk programs that run or write, as the installed awk reads them',
  () => {
    for (const program of AWK)
      it(JSON.stringify(program), () => {
        expect(
          makesMarker(['awk', program, 'input']),
          'the program must really run or write (else the case is vacuous)',
        ).toBe(true);
        expect(awkRunsOrWrites(program)).toBe(true);
      });
    for (const program of AWK_QUIET)
      it(`quiet: ${JSON.stringify(program)}`, () => {
        expect(makesMarker(['awk', program, 'input'])).toBe(false);
        expect(awkRunsOrWrites(program)).toBe(false);
      });
  },
);
