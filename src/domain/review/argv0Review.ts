/**
 * `exec -a NAME PROG ARGS` and `env -a NAME PROG ARGS` run PROG with argv0 NAME. Programs that
 * dispatch on argv0 then do something else than PROG ARGS reads as: git runs `git-rebase` as
 * `git rebase`, busybox runs the applet NAME. The reading comes from the multi-call table in
 * policy/wrappers.ts; a foreign argv0 on any other program is asked, on top of the usual review.
 */
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { readArgv0 } from '../policy/wrappers.js';
import { combineVerdicts } from '../verdict.js';
import type { Chain, ReviewState } from './reviewState.js';
import { step } from './reviewState.js';
import { reviewNestedWords } from './reviewState.js';

/** The last value of an argv0 option (`exec -a x -a y` runs with `y`, as getopt leaves it). */
export function argv0Option(name: string, options: Array<[string, string | true]>): string | undefined {
  const names = name === 'exec' ? ['-a'] : name === 'env' ? ['-a', '--argv0'] : [];
  let value: string | undefined;
  for (const [o, v] of options) if (names.includes(o) && typeof v === 'string') value = v;
  return value;
}

function realProgram(word: string, state: ReviewState): string | undefined {
  const path = word.includes('/')
    ? word.startsWith('/')
      ? word
      : `${state.cwd.replace(/\/+$/, '')}/${word}`
    : state.facts.resolveCommand(word);
  return path === undefined ? undefined : state.facts.realpath(path);
}

/**
 * The inner command of a wrapper that set argv0 (with bash's login dash when `exec -l`).
 * Undefined when the argv0 changes nothing: the caller reviews the inner command as usual.
 */
export function reviewWithArgv0(
  argv0: string,
  inner: readonly string[],
  state: ReviewState,
  depth: number,
  chain: Chain,
  viaExec: boolean,
): Verdict | undefined {
  const program = inner[0]!;
  const reading = readArgv0(argv0, program, realProgram(program, state), inner.slice(1));
  if (reading.kind === 'same') return undefined;
  const asWritten = reviewNestedWords(
    inner,
    state,
    depth + 1,
    reading.kind === 'dispatch' ? undefined : chain,
    viaExec,
  );
  if (reading.kind === 'unknown') {
    const v = verdict(
      'ask',
      'medium',
      'command.argv_name_mismatch',
      `'${program}' runs with argv0 '${argv0}': a program that reads its name may do something else than '${program}'`,
    );
    step(state, depth, 'wrappers', `argv0 '${argv0}' is not '${program}'`, v);
    return combineVerdicts(v, asWritten);
  }
  // Never weaker than either reading: the dispatched command is what runs, the written one is judged too.
  step(state, depth, 'wrappers', () => `argv0 '${argv0}' makes ${reading.program} run ${JSON.stringify(reading.argv)}`);
  const note = verdict(
    'allow',
    'low',
    'command.wrapper',
    `argv0 '${argv0}' makes ${reading.program} run '${reading.argv.slice(0, 2).join(' ')}'; that command was judged`,
  );
  return combineVerdicts(note, reviewNestedWords(reading.argv, state, depth + 1, chain, viaExec), asWritten);
}
