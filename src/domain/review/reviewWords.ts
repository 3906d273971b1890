import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, verdict } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import { judgeAssignments, parseAssignment } from '../policy/envAssignments.js';
import { isLookalikeName, resolveCommandWord } from '../policy/commandName.js';
import type { Chain, ReviewState } from './reviewState.js';
import { MAX_NESTING, step, withGitPathspecEnv } from './reviewState.js';
import { reviewNamedCommand } from './reviewNamedCommand.js';
import { judgeAssignmentEffects } from './assignmentEffects.js';
import { builtinEvaluationVerdict } from './builtinEvaluation.js';

/**
 * One simple command's words: leading assignments, the command word (look-alikes, path
 * resolution, builtins), then the named command itself.
 */
export function reviewWords(
  words: readonly string[],
  state: ReviewState,
  depth: number,
  chain: Chain,
  viaExec = false,
): Verdict {
  if (depth > MAX_NESTING) {
    const v = verdict('block', 'high', 'command.nesting_too_deep', `wrappers nested deeper than ${MAX_NESTING}`);
    step(state, depth, 'nesting', 'refused: too deep', v);
    return v;
  }
  const assignments: Record<string, string> = {};
  let k = 0;
  for (; k < words.length; k++) {
    const a = parseAssignment(words[k]!);
    if (!a) break;
    assignments[a.name] = a.value;
  }
  const envVerdict =
    k > 0
      ? combineVerdicts(judgeAssignments(assignments), judgeAssignmentEffects(assignments, state))
      : ALLOW_NOTHING_FOUND;
  if (k > 0) {
    step(state, depth, 'env', `assignments: ${Object.keys(assignments).join(', ')}`, envVerdict);
    if (chain) Object.assign(chain.envAssignments, assignments);
  }
  if (k === words.length) {
    // Only assignments: they set shell variables in a shell that then exits.
    return combineVerdicts(
      verdict('allow', 'low', 'env.assignment', 'only variable assignments, nothing runs'),
      envVerdict,
    );
  }
  const word = words[k]!;
  const args = words.slice(k + 1);
  if (chain) chain.effectiveArgv = words.slice(k);

  if (isLookalikeName(word)) {
    const v = verdict(
      'block',
      'high',
      'command.lookalike',
      `command name ${JSON.stringify(word)} has non-ASCII, zero-width or look-alike characters`,
    );
    step(state, depth, 'command', 'look-alike command name', v);
    return combineVerdicts(v, envVerdict);
  }
  const res = resolveCommandWord(word, state.cwd, state.facts, !viaExec);
  if (res.kind === 'not_found') {
    const v = verdict(
      'block',
      'medium',
      'command.not_found',
      `'${word}' is not a shell builtin and does not resolve on PATH`,
    );
    step(state, depth, 'command', `'${word}' not found`, v);
    return combineVerdicts(v, envVerdict);
  }
  if (res.kind === 'path_mismatch') {
    const unknown = verdict(
      'ask',
      'high',
      'command.path_mismatch',
      `'${word}' is not the '${res.claims}' found on PATH: an unknown program`,
    );
    step(state, depth, 'command', `path '${word}' does not resolve to PATH's '${res.claims}'`, unknown);
    if (chain) chain.resolvedBinary = res.path;
    // Judge it also as what its name claims, so a copy of rm is never weaker than rm.
    const asClaimed =
      res.claims && !isLookalikeName(res.claims)
        ? reviewNamedCommand(res.claims, args, state, depth, undefined, k > 0)
        : ALLOW_NOTHING_FOUND;
    return combineVerdicts(unknown, asClaimed, envVerdict);
  }
  if (chain) {
    if (res.kind === 'resolved') chain.resolvedBinary = res.path;
    else chain.shellBuiltin = true;
  }
  step(state, depth, 'command', () =>
    res.kind === 'builtin' ? `'${res.name}' is a shell builtin` : `'${res.name}' resolves to ${res.path}`,
  );
  // `GIT_ICASE_PATHSPECS=1 git …` is judged as `git --icase-pathspecs …`, through wrappers too.
  const named = reviewNamedCommand(res.name, args, withGitPathspecEnv(state, assignments), depth, chain, k > 0);
  const evaluated =
    res.kind === 'builtin' ? builtinEvaluationVerdict(res.name, args, Object.values(assignments)) : undefined;
  if (evaluated) step(state, depth, 'command', `'${res.name}' would evaluate text that can run commands`, evaluated);
  return evaluated ? combineVerdicts(named, envVerdict, evaluated) : combineVerdicts(named, envVerdict);
}
