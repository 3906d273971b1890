import type { PathArg } from '../paths/judgePaths.js';
import { judgePaths } from '../paths/judgePaths.js';
import { findUrls, judgeUrls } from '../urls/judgeUrls.js';
import type { Verdict } from '../verdict.js';
import { higherRisk, verdict } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import { CODE_DELETES, CODE_SPAWNS, codeLiterals } from '../policy/interpreters.js';
import type { InterpreterUse } from '../policy/interpreters.js';
import type { ReviewState } from './reviewState.js';
import { step, pathContext } from './reviewState.js';
import { reviewNestedText } from './reviewState.js';

/** Verdicts from string literals reviewed as commands count only when they are real findings, not noise. */
function isNoise(v: Verdict): boolean {
  return v.reasons.some(
    (r) =>
      r.code === 'command.not_found' ||
      r.code.startsWith('syntax.') ||
      r.code === 'command.lookalike' ||
      r.code === 'command.path_mismatch',
  );
}

/**
 * Inline code is at least ask/high. Its literals are checked as paths (deletes when the code
 * deletes) and URLs, and when the code starts processes each literal is reviewed as a command.
 */
export function reviewInterpreter(
  name: string,
  use: InterpreterUse,
  state: ReviewState,
  depth: number,
  userAllow?: Verdict,
): Verdict {
  const parts = interpreterFindings(name, use, state, depth);
  // A user rule that allows this interpreter use replaces the base ask, keeping its risk; a managed
  // or project ask/block only adds to it. What the code touches still counts.
  if (userAllow && use.kind !== 'query')
    parts[0] =
      userAllow.decision === 'allow'
        ? { ...userAllow, risk: higherRisk(parts[0]!.risk, userAllow.risk) }
        : combineVerdicts(parts[0]!, userAllow);
  const v = combineVerdicts(...parts);
  step(state, depth, 'inline_code', `${name}: ${use.kind}${userAllow ? ' (allowed by a config rule)' : ''}`, v);
  return v;
}

/** The base verdict first, then what the code's literals touch. */
function interpreterFindings(name: string, use: InterpreterUse, state: ReviewState, depth: number): Verdict[] {
  if (use.kind === 'query') return [verdict('allow', 'low', 'command.allowed', `${name} version/help query`)];
  if (use.kind === 'repl')
    return [
      verdict('ask', 'medium', 'invocation.interactive', `${name} without code starts an interactive interpreter`),
    ];
  if (use.kind === 'module')
    return [verdict('ask', 'medium', 'invocation.script', `${name} -m ${use.name} runs a module`)];
  if (use.kind === 'script') {
    const paths = judgePaths([{ raw: use.file, access: 'execute' }], pathContext(state));
    return [
      verdict('ask', 'medium', 'invocation.script', `${name} runs the script ${use.file}, which the review cannot see`),
      paths.verdict,
    ];
  }
  const parts: Verdict[] = [verdict('ask', 'high', 'command.inline_code', `${name} runs inline ${use.lang} code`)];
  const literals = codeLiterals(use.code);
  const deletes = CODE_DELETES.test(use.code);
  const pathArgs: PathArg[] = literals
    .filter((l) => l.startsWith('/') || l.startsWith('~') || l.startsWith('.') || l.includes('/'))
    .map((raw) =>
      deletes
        ? { raw: raw.startsWith('~') ? state.facts.home + raw.slice(1) : raw, access: 'delete', recursive: true }
        : { raw: raw.startsWith('~') ? state.facts.home + raw.slice(1) : raw, access: 'read' },
    );
  if (pathArgs.length) parts.push(judgePaths(pathArgs, pathContext(state)).verdict);
  const urls = findUrls([name, ...literals]);
  if (urls.length) parts.push(judgeUrls(urls, state.config, undefined, () => state.facts.shimctlHttpPort));
  if (CODE_SPAWNS.test(use.code)) {
    for (const lit of literals) {
      if (!lit.trim() || lit.length > 4096) continue;
      const nested = reviewNestedText(lit, state, depth + 1, 'nested', undefined);
      if (!isNoise(nested.verdict) && nested.verdict.decision !== 'allow') parts.push(nested.verdict);
    }
  }
  return parts;
}
