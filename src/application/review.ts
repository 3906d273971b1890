import type { EngineInput, PolicyEngine } from './ports/policyEngine.js';
import { ENGINE_INPUT_VERSION } from './ports/policyEngine.js';
import { regoInputsForParts } from './regoParts.js';
import type { PolicyConfig } from '../domain/policyConfig.js';
import type { HostFacts, ReviewRequest } from '../domain/reviewRequest.js';
import type { ReviewResult } from '../domain/review/reviewCommand.js';
import { reviewCommand } from '../domain/review/reviewCommand.js';
import type { Verdict } from '../domain/verdict.js';
import { forSession } from '../domain/rules/sessionRules.js';
import { effectiveMode } from '../domain/modes/mode.js';
import type { ModeUnit } from '../domain/modes/applyMode.js';
import { applyMode } from '../domain/modes/applyMode.js';
import { combineVerdicts, internalErrorVerdict, verdict } from '../domain/verdict.js';
import { UNJUDGED_PREFIXES } from '../domain/unliftable.js';

export interface ReviewDeps {
  config: PolicyConfig;
  facts: HostFacts;
  /** Required when `config.engine` is `rego` or `both`. */
  rego?: PolicyEngine;
  /** The native review; defaults to the domain's `reviewCommand`. Tests wire a fake here. */
  nativeReview?: typeof reviewCommand;
}

/** Slack on top of the engine's own deadline: the engine enforces it, this only guards against engine bugs. */
const GUARD_SLACK_MS = 1000;

/** A refusal of text the native review could not judge (unliftable.ts): no engine may overrule it. */
function isUpstreamRefusal(v: Verdict): boolean {
  return v.decision === 'block' && v.reasons.some((r) => UNJUDGED_PREFIXES.some((p) => r.code.startsWith(p)));
}

/** The engine must never hang the interception path, whatever it does. */
async function evaluateWithGuard(
  engine: PolicyEngine,
  input: EngineInput,
  req: ReviewRequest,
  timeoutMs: number,
): Promise<Verdict> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<Verdict>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          verdict(
            'block',
            'critical',
            'engine.timeout',
            `the ${engine.name} engine did not answer within ${timeoutMs} ms`,
            'rego:fail-closed',
          ),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([engine.evaluate(input, req), guard]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The decide use case: the native engine always runs (its verdict is advisory input for Rego);
 * with `both` the strictest verdict wins, with `rego` the Rego verdict is the answer, except that
 * refusals made upstream of any policy (complex syntax, invocation, config, internal errors)
 * always stand. A compound command is sent part by part (regoForParts); other text that never
 * became one simple command is not sent to Rego at all.
 * Never rejects: any failure is a `block`.
 */
export async function reviewUseCase(req: ReviewRequest, given: ReviewDeps): Promise<ReviewResult> {
  const deps = { ...given, config: forSession(given.config, req.session, Date.now()) };
  const result = await reviewWithEngines(req, deps);
  return withMode(req, deps, result);
}

/** The mode layer, after every engine (docs/modes.md): it never changes what the review found, only what is done about it. */
function withMode(req: ReviewRequest, deps: ReviewDeps, result: ReviewResult): ReviewResult {
  const mode = effectiveMode(req.mode, deps.config.mode, deps.config.modeCeiling);
  if (mode === 'default')
    return deps.config.mode === undefined && req.mode === undefined ? result : { ...result, mode };
  try {
    const units: ModeUnit[] = result.parts
      ? result.parts.map((p) => ({ argv: p.argv, text: p.text, cwd: p.cwd, verdict: p.verdict }))
      : result.normalized
        ? [{ argv: result.normalized.effectiveArgv, text: result.normalized.command, cwd: req.cwd }]
        : [];
    const out = applyMode({
      mode,
      verdict: result.verdict,
      units,
      workspace: req.workspace,
      bookkeeping: result.bookkeeping !== undefined,
      home: deps.facts.home,
      realpath: (p) => deps.facts.realpath(p),
    });
    const trace = out.effect
      ? [...result.trace, { stage: 'mode', detail: out.effect, verdict: out.verdict }]
      : result.trace;
    return { ...result, verdict: out.verdict, mode, trace };
  } catch (err) {
    return { ...result, mode, verdict: internalErrorVerdict(`mode ${mode} failed: ${String(err)}`) };
  }
}

async function reviewWithEngines(req: ReviewRequest, deps: ReviewDeps): Promise<ReviewResult> {
  let native: ReviewResult;
  try {
    await loadGrammarIfNeeded(req, deps);
    native = (deps.nativeReview ?? reviewCommand)(req, deps.config, deps.facts);
  } catch (err) {
    return { verdict: internalErrorVerdict(`review failed: ${String(err)}`), trace: [] };
  }
  const engine = deps.config.engine;
  if (engine === 'native') return native;
  if (native.parts) return regoForParts(native, req, deps, engine);
  if (native.normalized === undefined) {
    const detail = 'not consulted: the text never became one simple command, the native verdict stands';
    return { ...native, trace: [...native.trace, { stage: 'engine.rego', detail }] };
  }
  if (!deps.rego) {
    return { ...native, verdict: internalErrorVerdict(`engine '${engine}' is configured but no Rego engine is wired`) };
  }
  try {
    const input: EngineInput = {
      input_version: ENGINE_INPUT_VERSION,
      request: { cwd: req.cwd, agent: req.agent, command: req.command, argv: req.argv },
      normalized: native.normalized,
      native: native.verdict,
    };
    const rego = await evaluateWithGuard(deps.rego, input, req, deps.config.rego.timeoutMs + GUARD_SLACK_MS);
    const keepNative = engine === 'both' || isUpstreamRefusal(native.verdict);
    const final = keepNative ? combineVerdicts(native.verdict, rego) : rego;
    return {
      ...native,
      verdict: final,
      trace: [...native.trace, { stage: 'engine.rego', detail: `Rego answered ${rego.decision}`, verdict: rego }],
    };
  } catch (err) {
    return { ...native, verdict: internalErrorVerdict(`Rego engine failed: ${String(err)}`) };
  }
}

/**
 * A compound command under a Rego engine: Rego judges each simple command (docs/rego.md), one
 * evaluation per part, in order, stopping at the first block; the verdicts are combined with the
 * ones Rego does not see (src/application/regoParts.ts). Upstream refusals stand, as for one command.
 */
async function regoForParts(
  native: ReviewResult,
  req: ReviewRequest,
  deps: ReviewDeps,
  engine: 'rego' | 'both',
): Promise<ReviewResult> {
  if (isUpstreamRefusal(native.verdict)) {
    return {
      ...native,
      trace: [
        ...native.trace,
        { stage: 'engine.rego', detail: 'not consulted: the compound command was refused before any policy' },
      ],
    };
  }
  if (!deps.rego)
    return { ...native, verdict: internalErrorVerdict(`engine '${engine}' is configured but no Rego engine is wired`) };
  try {
    const { inputs, kept } = regoInputsForParts(native, req);
    const answers: Verdict[] = [];
    for (const input of inputs) {
      const v = await evaluateWithGuard(deps.rego, input, req, deps.config.rego.timeoutMs + GUARD_SLACK_MS);
      answers.push(v);
      if (v.decision === 'block') break;
    }
    const rego = answers.length ? combineVerdicts(...answers) : undefined;
    const standing = [...(rego ? [rego] : []), ...kept];
    const final =
      engine === 'both'
        ? rego
          ? combineVerdicts(native.verdict, rego)
          : native.verdict
        : standing.length
          ? combineVerdicts(...standing)
          : native.verdict;
    const detail = `Rego judged ${answers.length} of ${inputs.length} part(s)${rego ? `: ${rego.decision}` : ''}`;
    return {
      ...native,
      verdict: final,
      trace: [...native.trace, { stage: 'engine.rego', detail, ...(rego ? { verdict: rego } : {}) }],
    };
  } catch (err) {
    return { ...native, verdict: internalErrorVerdict(`Rego engine failed: ${String(err)}`) };
  }
}

/** Shell operators: text without any of them is one simple command and needs no grammar. */
const OPERATOR = /[;&|<>(){}\n`$]/;

/**
 * The grammar is WebAssembly, loaded asynchronously, once per process; the review is synchronous.
 * It is loaded before the review only when the text could be compound (docs/shell.md: a plain
 * simple command never pays for it). A failed load leaves it absent: such text is then refused.
 */
async function loadGrammarIfNeeded(req: ReviewRequest, deps: ReviewDeps): Promise<void> {
  const g = deps.facts.grammar;
  if (!g || g.loaded() || req.command === undefined || !OPERATOR.test(req.command)) return;
  await g.load();
}
