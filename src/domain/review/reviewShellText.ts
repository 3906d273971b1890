import { unwrapEnvelope } from '../shell/unwrapEnvelope.js';
import { tokenize } from '../shell/tokenize.js';
import { globsAreFilterOptions } from '../policy/globOptionWords.js';
import type { Reason, Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { REASON_CODES } from '../reasonCodes.js';
import type { Chain, ReviewState } from './reviewState.js';
import { MAX_NESTING, step } from './reviewState.js';
import { reviewWords } from './reviewWords.js';
import { combineVerdicts } from '../verdict.js';
import { judgeBookkeepingSources, judgeEnvelopeEffects } from './envelopeEffects.js';
import { localeRefusal } from '../shell/locale.js';
import type { ShellTextOutcome } from './reviewTypes.js';
import { reviewCompound, tokenizerDecoder } from './reviewCompound.js';
import { compoundRefusalAdvice } from './compoundAdvice.js';
import { expandWords } from '../shell/expansion/expandWords.js';
import type { TextEdit } from '../shell/expansion/textEdits.js';
import { applyEdits } from '../shell/expansion/textEdits.js';
import { rewriteEnvelope } from '../shell/expansion/rewriteEnvelope.js';

export type { ShellTextOutcome } from './reviewTypes.js';

/**
 * Shell text: recognise an agent envelope (bookkeeping calls only at the agent's own hop),
 * then review one simple command's words, or (syntax `structured`, or an agent's own envelope
 * in `strict`) judge a compound command part by part with the shell grammar (reviewCompound.ts).
 */
export function reviewShellText(
  text: string,
  state: ReviewState,
  depth: number,
  hop: 'agent' | 'nested',
  chain: Chain,
): ShellTextOutcome {
  if (depth > MAX_NESTING) {
    const v = verdict(
      'block',
      'high',
      'command.nesting_too_deep',
      `shells and wrappers nested deeper than ${MAX_NESTING}`,
    );
    step(state, depth, 'nesting', 'refused: too deep', v);
    return { verdict: v, inner: text };
  }
  // Before anything reads the text: bash must split it into the same characters as the review.
  const locale = localeRefusal(text, state.facts.locale);
  if (locale) {
    step(state, depth, 'syntax', 'non-ASCII text under a locale bash may parse differently', locale);
    return { verdict: locale, inner: text };
  }
  const env = unwrapEnvelope(text, {
    agent: state.agent,
    hop,
    home: state.facts.home,
    // Arguments belong to the invocation's own text only, never to a part or a nested shell.
    ...(depth === 0 && state.args ? { args: state.args, argvEnvelopes: state.facts.argvEnvelopes } : {}),
  });
  if (env.kind === 'bookkeeping') {
    const recognised = verdict(
      'allow',
      'low',
      'envelope.bookkeeping',
      `${env.name} bookkeeping call recognised by its exact shape`,
    );
    const v = env.sourced?.length
      ? combineVerdicts(recognised, judgeBookkeepingSources(env.name, env.sourced, state))
      : recognised;
    step(state, depth, 'envelope', `bookkeeping: ${env.name}`, v);
    return { verdict: v, bookkeeping: env.name, inner: text };
  }
  let inner = text;
  let envelope: string | undefined;
  let effects: Verdict | undefined;
  if (env.kind === 'envelope') {
    inner = env.inner;
    envelope = env.name;
    if (env.argument) state.argumentEnvelope = env.name;
    effects = judgeEnvelopeEffects(env, state, hop);
    step(
      state,
      depth,
      'envelope',
      `${env.name} envelope; reviewing the command inside it`,
      effects.reasons.length ? effects : undefined,
    );
    if (chain) {
      chain.envelope = env.name;
      chain.command = inner;
    }
  } else if (depth === 0) {
    step(state, depth, 'envelope', 'no agent envelope');
  }
  const structured = state.config.syntax !== 'strict';
  const raw = tokenize(inner, { home: state.facts.home, expand: structured });
  // A search tool's `--include=*.ts`: the glob can only expand to more filter options (globOptionWords.ts).
  let tok: { ok: true; words: string[] } | { ok: false; reasons: Reason[] } =
    !raw.ok && raw.globbed && globsAreFilterOptions(raw.globbed.words, raw.globbed.globWords)
      ? { ok: true as const, words: raw.globbed.words }
      : raw.ok
        ? raw
        : { ok: false, reasons: raw.reasons };
  // `$HOME`, `"$PWD"`, `src/*.ts`: expanded here, judged as expanded, and written into the text that runs.
  let edits: TextEdit[] = [];
  if (!tok.ok && !raw.ok && raw.expandable) {
    const x = expandWords(
      raw.expandable,
      {
        cwd: state.cwd,
        vars: state.facts.shellVars,
        assigned: new Set(),
        listDir: state.facts.listDir ? (d) => state.facts.listDir!(d) : undefined,
      },
      0,
    );
    if (!x.ok) {
      const v: Verdict = { decision: 'block', risk: 'medium', reasons: x.reasons, rule_ids: [] };
      const all = effects ? combineVerdicts(effects, v) : v;
      step(state, depth, 'syntax', () => `expansion refused: ${x.reasons.map((r) => r.message).join('; ')}`, all);
      return { verdict: all, envelope, inner };
    }
    step(state, depth, 'expansion', () => `${JSON.stringify(raw.expandable!.words)} → ${JSON.stringify(x.words)}`);
    tok = { ok: true, words: x.words };
    edits = x.edits;
  }
  if (!tok.ok) {
    const strict = state.config.syntax === 'strict';
    // Strict: compound text only as the agent's own envelope (never inside a recognised one).
    const tryGrammar =
      (!strict || (hop === 'agent' && depth === 0 && !envelope)) && !tok.reasons.some((r) => UNREVIEWABLE.has(r.code));
    const compound = tryGrammar
      ? reviewCompound(
          inner,
          state,
          depth,
          envelope ? 'nested' : hop,
          strict,
          tokenizerDecoder(state.facts.home, globsAreFilterOptions),
        )
      : undefined;
    if (compound) {
      const v = effects ? combineVerdicts(effects, compound.verdict) : compound.verdict;
      step(
        state,
        depth,
        'syntax',
        () => `compound command: ${compound.parts.length} part(s) judged with the shell grammar`,
        v,
      );
      if (chain && compound.envelope && !envelope) {
        chain.envelope = compound.envelope;
        if (compound.reviewed !== undefined) chain.command = compound.reviewed;
      }
      const out: ShellTextOutcome = { verdict: v, inner, parts: compound.parts };
      if (envelope) out.envelope = envelope;
      else if (compound.envelope) {
        out.envelope = compound.envelope;
        out.inner = compound.reviewed ?? inner;
      }
      return withRewrite(
        out,
        text,
        inner,
        env.kind === 'envelope' ? env.name : undefined,
        compound.edits ?? [],
        state,
        hop,
        depth,
      );
    }
    const reasons =
      tryGrammar && state.config.syntax !== 'strict' && !tok.reasons.every((r) => WORD_REFUSALS.has(r.code))
        ? [
            ...tok.reasons,
            { code: 'syntax.grammar_unavailable' as const, message: REASON_CODES['syntax.grammar_unavailable'] },
          ]
        : tok.reasons;
    const syntax: Verdict = {
      decision: 'block',
      risk: 'medium',
      reasons: compoundRefusalAdvice(reasons),
      rule_ids: [],
    };
    const v = effects ? combineVerdicts(effects, syntax) : syntax;
    step(state, depth, 'syntax', () => `not one simple command: ${tok.reasons.map((r) => r.code).join(', ')}`, v);
    return { verdict: v, envelope, inner };
  }
  step(state, depth, 'syntax', () => `one simple command: ${JSON.stringify(tok.words)}`);
  const words = reviewWords(tok.words, state, depth, chain);
  const v = effects ? combineVerdicts(effects, words) : words;
  return withRewrite(
    { verdict: v, envelope, inner, words: tok.words },
    text,
    inner,
    envelope,
    edits,
    state,
    hop,
    depth,
  );
}

/** Adds the text to run when the review expanded something; refuses when it cannot be built. */
function withRewrite(
  out: ShellTextOutcome,
  text: string,
  inner: string,
  shape: string | undefined,
  edits: readonly TextEdit[],
  state: ReviewState,
  hop: 'agent' | 'nested',
  depth: number,
): ShellTextOutcome {
  if (edits.length === 0) return out;
  const rewrittenInner = applyEdits(inner, edits);
  const rewritten =
    rewrittenInner === undefined
      ? undefined
      : shape === undefined
        ? rewrittenInner
        : rewriteEnvelope(text, shape, inner, rewrittenInner, { agent: state.agent, hop, home: state.facts.home });
  if (rewritten === undefined) {
    const refused = verdict(
      'block',
      'medium',
      'syntax.rewrite_unavailable',
      'the expanded words could not be written into the text that runs',
    );
    step(state, depth, 'expansion', 'rewrite failed', refused);
    return { ...out, verdict: combineVerdicts(out.verdict, refused) };
  }
  step(state, depth, 'expansion', () => `runs: ${rewritten}`);
  return { ...out, rewritten };
}

/**
 * Refusals of one word that the grammar's review refuses as well (it decodes words with the same
 * tokenizer): when they are all there is, a missing grammar changed nothing and is not named.
 */
const WORD_REFUSALS = new Set(['syntax.tilde_user', 'syntax.tilde_ambiguous']);

/** Refused before any grammar: the text itself is not reviewable whatever its structure. */
const UNREVIEWABLE = new Set(['syntax.too_long', 'syntax.control_character', 'syntax.unterminated_quote']);
