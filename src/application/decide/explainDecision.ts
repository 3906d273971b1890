import type { ConfigWarning } from '../ports/configSource.js';
import type { ConfigRule } from '../../domain/policyConfig.js';
import type { NormalizedCommand, ReviewRequest } from '../../domain/reviewRequest.js';
import type { TraceStep } from '../../domain/review/reviewCommand.js';
import type { CompoundPart } from '../../domain/review/reviewCompound.js';
import type { Verdict } from '../../domain/verdict.js';
import type { DecideDeps } from './decideUseCase.js';
import { decideUseCase } from './decideUseCase.js';

export interface FiredRule {
  id: string;
  /** `config` when a config file defined it (then `file` and `rule` say which and what). */
  origin: 'config' | 'built-in';
  file?: string;
  rule?: ConfigRule;
}

/** Everything `shimctl explain` shows: the verdict, how it was reached, and which config produced it. */
export interface Explanation {
  request: ReviewRequest;
  verdict: Verdict;
  /** The mode the verdict was judged in, when a launch or a config set one (docs/modes.md). */
  mode?: string;
  trace: TraceStep[];
  normalized?: NormalizedCommand;
  envelope?: string;
  bookkeeping?: string;
  /** A compound command's parts, each with its verdict (the trace shows them in order too). */
  parts?: CompoundPart[];
  rules: FiredRule[];
  config: { kind: 'ok' | 'invalid' | 'unreadable'; sources: string[]; warnings: ConfigWarning[] };
}

export async function explainDecision(req: ReviewRequest, deps: DecideDeps): Promise<Explanation> {
  const outcome = await decideUseCase(req, deps);
  const cfg = outcome.config;
  const configRules =
    cfg.kind === 'ok' ? new Map(cfg.config.rules.map((r) => [r.id, r])) : new Map<string, ConfigRule>();
  const rules: FiredRule[] = outcome.verdict.rule_ids.map((id) => {
    const rule = configRules.get(id);
    if (!rule || cfg.kind !== 'ok') return { id, origin: 'built-in' };
    return { id, origin: 'config', file: cfg.ruleSources?.[id], rule };
  });
  return {
    request: req,
    verdict: outcome.verdict,
    mode: outcome.review?.mode,
    trace: outcome.review?.trace ?? [],
    normalized: outcome.review?.normalized,
    envelope: outcome.review?.envelope,
    bookkeeping: outcome.review?.bookkeeping,
    parts: outcome.review?.parts,
    rules,
    config:
      cfg.kind === 'ok'
        ? { kind: 'ok', sources: cfg.sources, warnings: cfg.warnings }
        : { kind: cfg.kind, sources: [cfg.file], warnings: [] },
  };
}
