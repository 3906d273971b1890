// What runs is what was reviewed: when the review expands `$VAR`s and globs itself, the shell gets
// the rewritten text (or the binary the expanded argv). Real parts: invocation parser, review core
// with the real grammar, real host facts on a real directory, real audit file; the executor is the
// in-memory fake of ./fakePorts, and each recorded run is then executed with REAL bash.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { interceptUseCase } from '../../src/application/intercept/interceptUseCase.js';
import { createAuditLog } from '../../src/infrastructure/audit/createAuditLog.js';
import { createHostFactsProvider } from '../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../src/infrastructure/paths/statePaths.js';
import { treeSitterBash } from '../../src/infrastructure/shellGrammar/treeSitterBash.js';
import { BASES, HOME as FIXTURE_HOME, claudeRealQuote } from '../domain/shell/agentFixtures.js';
import { fakeWorld } from './fakePorts.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'shimctl-expansion-run-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function world(agent?: string) {
  const home = mkdtempSync(join(root, 'home-'));
  const cwd = mkdtempSync(join(root, 'proj-'));
  for (const f of ['a.ts', 'b.ts', 'c.js']) writeFileSync(join(cwd, f), 'x\n');
  const env: Record<string, string | undefined> = {
    HOME: home,
    PATH: '/usr/bin:/bin',
    SHIMCTL_SESSION: 's1',
    ...(agent ? { SHIMCTL_AGENT: agent } : {}),
  };
  const paths = statePaths(env);
  const w = fakeWorld();
  w.deps.review = undefined;
  w.deps.parseInvocation = undefined;
  const provider = createHostFactsProvider(paths);
  // As the composition root wires it: the real grammar (WebAssembly) with the real host facts.
  w.deps.hostFacts = { facts: (e) => ({ ...provider.facts(e), grammar: treeSitterBash }) };
  w.deps.auditLog = (config) => createAuditLog(paths, config.audit);
  const records = () =>
    readFileSync(paths.auditLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const run = (script: string, mode: 'run' | 'check' = 'run') =>
    interceptUseCase({ shell: 'bash', realShell: '/bin/bash', args: ['-c', script], cwd, env, mode }, w.deps);
  /** Runs what the executor was handed, for real. */
  const execute = (i = 0): string => {
    const spec = w.runs[i]!;
    const r = spawnSync(spec.file, spec.args, {
      cwd,
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', HOME: home, LC_ALL: 'C.UTF-8' },
      argv0: spec.argv0,
    });
    return r.stdout;
  };
  return { home, cwd, w, records, run, execute };
}

describe('the rewritten text is what runs', () => {
  it('a builtin with a glob: the shell gets the text with the expanded words', async () => {
    const { w, run, execute, records } = world();
    expect(await run("printf '%s\\n' *.ts")).toBe(0);
    expect(w.runs[0]!.args).toEqual(['-c', "printf '%s\\n' a.ts b.ts"]);
    expect(execute()).toBe('a.ts\nb.ts\n');
    expect(records().at(-1)).toMatchObject({ command: "printf '%s\\n' *.ts", executed: "printf '%s\\n' a.ts b.ts" });
  });

  it('a program with a glob runs by absolute path with the expanded argv', async () => {
    const { w, run } = world();
    expect(await run('ls *.ts')).toBe(0);
    expect(w.runs[0]!.args).toEqual(['a.ts', 'b.ts']);
    expect(w.runs[0]!.file).toMatch(/\/ls$/);
  });

  it('"$HOME" is the request\'s HOME, written into the text', async () => {
    const { w, run, execute, home } = world();
    expect(await run('echo "$HOME"')).toBe(0);
    expect(w.runs[0]!.args).toEqual(['-c', `echo ${home}`]);
    expect(execute()).toBe(`${home}\n`);
  });

  it('a race: a file made by an earlier part is not matched by the glob that runs', async () => {
    const { run, execute } = world();
    const text = "touch new.ts; printf '%s\\n' *.ts";
    expect(await run(text)).toBe(0);
    expect(execute()).toBe('a.ts\nb.ts\n');
    // The same text run as written would have matched it: the rewrite is what keeps the review true.
    const { cwd } = world();
    expect(spawnSync('/bin/bash', ['-c', text], { cwd, encoding: 'utf8' }).stdout).toBe('a.ts\nb.ts\nnew.ts\n');
  });

  it('unchanged text runs byte for byte, and the record has no `executed`', async () => {
    const { w, run, records } = world();
    expect(await run("printf '%s\\n' '*.ts'")).toBe(0);
    expect(w.runs[0]!.args).toEqual(['-c', "printf '%s\\n' '*.ts'"]);
    expect(records().at(-1)!.executed).toBeUndefined();
  });

  it('the BASH_ENV guard (check mode) cannot run a rewrite: refused, 126', async () => {
    const { w, run, records } = world();
    expect(await run('echo *.ts', 'check')).toBe(126);
    expect(records().at(-1)).toMatchObject({
      decision: 'block',
      reasons: [expect.objectContaining({ code: 'syntax.rewrite_unavailable' })],
    });
    expect(w.runs).toHaveLength(0);
  });

  it("Claude's shape-matched envelope: the eval word is rewritten and still matches the envelope", async () => {
    const { w, run, home } = world('claude');
    const env = (inner: string) =>
      BASES.claude!.replaceAll(FIXTURE_HOME, home).replace(
        "eval 'touch marker.txt'",
        () => `eval ${claudeRealQuote(inner)}`,
      );
    mkdirSync(join(home, '.claude/shell-snapshots'), { recursive: true });
    await run(env('wc -l *.ts'));
    expect(w.runs[0]?.args.at(-1)).toBe(env('wc -l a.ts b.ts'));
  });

  it('Claude Code 2.1.332 (compound envelope): the eval word is rewritten in place', async () => {
    const { w, run, home } = world('claude');
    const env = (inner: string) =>
      BASES['claude-2.1.332']!.replaceAll(FIXTURE_HOME, home).replace(
        "eval 'touch marker.txt'",
        () => `eval ${claudeRealQuote(inner)}`,
      );
    await run(env('wc -l *.ts && echo "$HOME"'));
    expect(w.runs[0]?.args.at(-1)).toBe(env(`wc -l a.ts b.ts && echo ${home}`));
  });
});
