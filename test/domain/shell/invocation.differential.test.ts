// The invocation parser against the real shells (issue 17): generated argvs and a fixed table of
// dangerous spellings go to the parser (bash, dash and sh dialects) and to real bash and dash.
// Either the parser refuses, or the shell did what the parser claims: which text ran as the
// command, its $0 and arguments, login and interactive state, no rcfile from the command line, no
// commands from stdin. `sh` is checked against both bash (as sh) and dash.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShellInvocation, type ShellDialect } from '../../../src/domain/shell/parseInvocation.js';
import { disagreements } from './invocation/agree.js';
import { generate } from './invocation/generate.js';
import { expand, makeSandbox, pool, runShell, type Observed } from './invocation/probe.js';

const BASH = '/bin/bash';
const DASH = '/usr/bin/dash';
const SEED = 0x172026;
const GENERATED = 320;
/** Shells run at once: each is a few ms of CPU, so waiting on a busy machine dominates. */
const WIDTH = 8;

interface Dangerous {
  args: string[];
  accept?: ShellDialect[];
  refuse?: ShellDialect[];
  why: string;
}
const TABLE: Dangerous[] = JSON.parse(
  readFileSync(new URL('./invocation/dangerous.cases.json', import.meta.url), 'utf8'),
);

const sb = makeSandbox(mkdtempSync(join(tmpdir(), 'shimctl-invdiff-')));
afterAll(() => rmSync(sb.root, { recursive: true, force: true }));

type Dialect = 'bash' | 'dash' | 'sh';
const DIALECTS: Dialect[] = ['bash', 'dash', 'sh'];
/**
 * The real shells a dialect stands for, with the argv0 each gets. dash runs as `sh` for both its
 * dialects (its option parsing does not look at argv0), so one run serves both.
 */
const REAL: Record<Dialect, Array<{ file: string; argv0: string; real: 'bash' | 'dash' }>> = {
  bash: [{ file: BASH, argv0: 'bash', real: 'bash' }],
  dash: [{ file: DASH, argv0: 'sh', real: 'dash' }],
  sh: [
    { file: BASH, argv0: 'sh', real: 'bash' },
    { file: DASH, argv0: 'sh', real: 'dash' },
  ],
};

const runs = new Map<string, Promise<Observed>>();
function run(file: string, argv0: string, argv: string[]): Promise<Observed> {
  const key = JSON.stringify([file, argv0, argv]);
  let p = runs.get(key);
  if (!p) runs.set(key, (p = runShell(file, argv0, argv, sb)));
  return p;
}

interface Checked {
  refused: boolean;
  problems: string[];
}

/** Parser vs real shells for one argv and dialect: no problems when they agree or the parser refuses. */
async function check(args: string[], dialect: Dialect): Promise<Checked> {
  const argv = expand(args, sb);
  const claim = parseShellInvocation(argv, dialect);
  if (claim.kind === 'unsupported') return { refused: true, problems: [] };
  const problems: string[] = [];
  for (const shell of REAL[dialect]) {
    const obs = await run(shell.file, shell.argv0, argv);
    for (const p of disagreements(claim, obs, shell.argv0, shell.real, sb.rc))
      problems.push(`${shell.argv0}(${shell.file}): ${p}`);
  }
  return { refused: false, problems };
}

const checkAll = (cases: string[][]): Promise<Checked[][]> =>
  pool(
    cases.map((args) => () => Promise.all(DIALECTS.map((d) => check(args, d)))),
    WIDTH,
  );

describe('invocation parser vs real bash and dash: dangerous spellings', () => {
  let results: Checked[][] = [];
  beforeAll(async () => {
    results = await checkAll(TABLE.map((c) => c.args));
  }, 60_000);
  TABLE.forEach((c, n) => {
    it(`${JSON.stringify(c.args)}: ${c.why}`, () => {
      DIALECTS.forEach((d, j) => {
        const r = results[n]![j]!;
        expect(r.problems, d).toEqual([]);
        if (c.refuse?.includes(d)) expect(r.refused, `${d} must refuse`).toBe(true);
        if (c.accept?.includes(d)) expect(r.refused, `${d} must accept`).toBe(false);
      });
    });
  });
});

describe('invocation parser vs real bash and dash: generated', () => {
  it(`${GENERATED} seeded argvs agree with the real shells or are refused`, async () => {
    const cases = generate(SEED, GENERATED);
    const results = await checkAll(cases);
    const stats: Record<string, { accepted: number; refused: number }> = {};
    const failures: string[] = [];
    results.forEach((perDialect, n) => {
      DIALECTS.forEach((d, j) => {
        const r = perDialect[j]!;
        const s = (stats[d] ??= { accepted: 0, refused: 0 });
        if (r.refused) s.refused++;
        else s.accepted++;
        for (const p of r.problems) failures.push(`${d} ${JSON.stringify(cases[n])}: ${p}`);
      });
    });
    expect(failures).toEqual([]);
    // Not vacuous: a good share is accepted and compared, and the refusals are exercised too.
    expect(stats.bash!.accepted).toBeGreaterThan(GENERATED / 4);
    expect(stats.dash!.accepted).toBeGreaterThan(GENERATED / 8);
    expect(stats.sh!.accepted).toBeGreaterThan(GENERATED / 8);
    expect(stats.bash!.refused).toBeGreaterThan(GENERATED / 8);
  }, 60_000);
});
