import { unwrapEnvelope } from '../shell/unwrapEnvelope.js';
import { tokenize } from '../shell/tokenize.js';
import { globsAreFilterOptions } from '../policy/globOptionWords.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import type { Chain, ReviewState } from './reviewState.js';
import { MAX_NESTING, step } from './reviewState.js';
import { reviewWords } from './reviewWords.js';
import { combine } from './combine.js';
import { judgeBookkeepingSources, judgeEnvelopeEffects } from './envelopeEffects.js';
import { localeRefusal } from '../shell/locale.js';

export interface ShellTextOutcome {
  verdict: Verdict;
  envelope?: string;
  bookkeeping?: string;
  /** The text the model wrote (inside any envelope). */
  inner: string;
  words?: string[];
}

/**
 * Shell text: recognise an agent envelope (bookkeeping calls only at the agent's own hop),
 * then insist on one simple command and review its words.
 */
export function reviewShellText(text: string, state: ReviewState, depth: number, hop: 'agent' | 'nested', chain: Chain): ShellTextOutcome {
  if (depth > MAX_NESTING) {
    const v = verdict('block', 'high', 'command.nesting_too_deep', `shells and wrappers nested deeper than ${MAX_NESTING}`);
    step(state, depth, 'nesting', 'refused: too deep', v);
    return { verdict: v, inner: text };
  }
  // Before anything reads the text: bash must split it into the same characters as the review.
  const locale = localeRefusal(text, state.facts.locale);
  if (locale) {
    step(state, depth, 'syntax', 'non-ASCII text under a locale bash may parse differently', locale);
    return { verdict: locale, inner: text };
  }
  const env = unwrapEnvelope(text, { agent: state.agent, hop, home: state.facts.home });
  if (env.kind === 'bookkeeping') {
    const recognised = verdict('allow', 'low', 'envelope.bookkeeping', `${env.name} bookkeeping call recognised by its exact shape`);
    const v = env.sourced?.length ? combine(recognised, judgeBookkeepingSources(env.name, env.sourced, state)) : recognised;
    step(state, depth, 'envelope', `bookkeeping: ${env.name}`, v);
    return { verdict: v, bookkeeping: env.name, inner: text };
  }
  let inner = text;
  let envelope: string | undefined;
  let effects: Verdict | undefined;
  if (env.kind === 'envelope') {
    inner = env.inner;
    envelope = env.name;
    effects = judgeEnvelopeEffects(env, state, hop);
    step(state, depth, 'envelope', `${env.name} envelope; reviewing the command inside it`, effects.reasons.length ? effects : undefined);
    if (chain) { chain.envelope = env.name; chain.command = inner; }
  } else if (depth === 0) {
    step(state, depth, 'envelope', 'no agent envelope');
  }
  const raw = tokenize(inner, { home: state.facts.home });
  // A search tool's `--include=*.ts`: the glob can only expand to more filter options (globOptionWords.ts).
  const tok = !raw.ok && raw.globbed && globsAreFilterOptions(raw.globbed.words, raw.globbed.globWords)
    ? { ok: true as const, words: raw.globbed.words }
    : raw;
  if (!tok.ok) {
    const syntax: Verdict = { decision: 'block', risk: 'medium', reasons: tok.reasons, rule_ids: [] };
    const v = effects ? combine(effects, syntax) : syntax;
    step(state, depth, 'syntax', () => `not one simple command: ${tok.reasons.map((r) => r.code).join(', ')}`, v);
    return { verdict: v, envelope, inner };
  }
  step(state, depth, 'syntax', () => `one simple command: ${JSON.stringify(tok.words)}`);
  const words = reviewWords(tok.words, state, depth, chain);
  const v = effects ? combine(effects, words) : words;
  return { verdict: v, envelope, inner, words: tok.words };
}
