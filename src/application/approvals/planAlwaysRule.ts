import type { AlwaysScope, AlwaysWhere, AlwaysWhereName } from '../../domain/approvals/alwaysRule.js';
import { narrowRule, sameRule } from '../../domain/approvals/alwaysRule.js';
import { alwaysEligibility } from '../../domain/approvals/alwaysEligibility.js';
import { pinFilesFor, projectDigest } from '../../domain/approvals/projectPin.js';
import { DEFAULT_SESSION_TTL_HOURS, sessionRuleExpired } from '../../domain/rules/sessionRules.js';
import type { PendingRequest } from '../../domain/approvals/pendingRequest.js';
import type { ConfigRule, PolicyConfig } from '../../domain/policyConfig.js';
import type { HostFacts } from '../../domain/reviewRequest.js';
import type { ConfigSource } from '../ports/configSource.js';
import type { PolicyEngine } from '../ports/policyEngine.js';
import { reviewUseCase } from '../review.js';

export interface AlwaysDeps {
  configSource: ConfigSource;
  /** Host facts as the asking shell saw them (its PATH decides what a command name resolves to). */
  factsFor(path: string | undefined): HostFacts;
  regoEngine(config: PolicyConfig): PolicyEngine;
  /** `YYYY-MM-DD`, written into the rule's reason. */
  today: string;
  /** Now, as milliseconds since the epoch: a session approval's `savedAt` (absent: the clock). */
  nowMs?: number;
  /** The repository root holding `cwd` (the first directory upwards with `.git`), else `cwd` itself. */
  projectRoot(cwd: string): string;
}

/** `replaces`: the id of a saved rule this one takes the place of (the same approval, re-pinned to the files as they are now). */
export type AlwaysPlan =
  | { ok: true; rule: ConfigRule; duplicate: boolean; replaces?: string }
  | { ok: false; message: string };

async function reviewWith(req: PendingRequest, config: PolicyConfig, deps: AlwaysDeps) {
  return reviewUseCase(
    { command: req.command, cwd: req.cwd, agent: req.agent, hop: req.hop, session: req.session },
    { config, facts: deps.factsFor(req.path), rego: config.engine === 'native' ? undefined : deps.regoEngine(config) },
  );
}

/**
 * The rule "approve always" would save for `req`, checked before anything is written:
 * - asks raised by hard checks (paths, URLs, env, inline code…) are refused (see `alwaysEligibility`);
 * - the request is reviewed again under the current config to get the command the policy judged;
 * - an identical rule already in the config is reported, not duplicated;
 * - the config with the rule added must review the same request as `allow`, otherwise the rule
 *   would not do what the user expects (a wrapper, a project rule or a Rego policy still asks).
 */
function whereFor(req: PendingRequest, name: AlwaysWhereName, deps: AlwaysDeps): AlwaysWhere | string {
  if (name === 'user') return { kind: 'user' };
  if (name === 'session')
    return req.session
      ? { kind: 'session', session: req.session }
      : 'the request carries no agent session (it was not started by a shimctl launcher); use --for project or user';
  return { kind: 'project', root: deps.projectRoot(req.cwd) };
}

export async function planAlwaysRule(
  req: PendingRequest,
  scope: AlwaysScope,
  deps: AlwaysDeps,
  whereName: AlwaysWhereName = 'project',
): Promise<AlwaysPlan> {
  const where = whereFor(req, whereName, deps);
  if (typeof where === 'string') return { ok: false, message: where };
  const asked = alwaysEligibility(req.verdict);
  if (!asked.ok) return { ok: false, message: asked.message };
  const loaded = deps.configSource.load(req.cwd);
  if (loaded.kind !== 'ok')
    return { ok: false, message: `the config does not load (${loaded.file}: ${loaded.message}); fix it first` };
  const config = loaded.config;
  const now = await reviewWith(req, config, deps);
  if (now.verdict.decision === 'block')
    return { ok: false, message: 'under the current config this request is blocked; nothing to approve' };
  const again = alwaysEligibility(now.verdict);
  if (!again.ok) return { ok: false, message: again.message };
  const argv = now.normalized?.effectiveArgv;
  if (!argv || argv.length === 0)
    return { ok: false, message: 'the request is not one simple command; approve once instead' };
  const narrowed = narrowRule(argv, scope, deps.today, where);
  if (!narrowed.ok) return narrowed;
  // What the human saw is what the rule may lift: the same built-in rules at no higher risk, so a
  // sub-command approval of `git push` never covers `git push --force` (docs/rules.md).
  narrowed.rule.lifts = now.verdict.rule_ids.filter((id) => !id.startsWith('approved:'));
  narrowed.rule.maxRisk = now.verdict.risk;
  if (where.kind === 'project' && pinFilesFor(narrowed.rule.command) !== undefined) {
    // A build or test tool runs the project's code: the approval holds for the files that define
    // what runs as they are now (docs/rules.md, project pinning).
    const digest = projectDigest(narrowed.rule.command, where.root, req.cwd, deps.factsFor(req.path));
    if (digest === undefined)
      return {
        ok: false,
        message: `the files that define what '${narrowed.rule.command}' runs (${pinFilesFor(narrowed.rule.command)!.join(', ')}) cannot be read under ${where.root}; approve once instead`,
      };
    narrowed.rule.pin = { root: where.root, digest };
  }
  const nowMs = deps.nowMs ?? Date.now();
  // A session approval applies for approvals.sessionTtlHours after it was saved (docs/rules.md).
  if (where.kind === 'session') narrowed.rule.savedAt = new Date(nowMs).toISOString();
  const found = config.rules.find((r) => sameRule(r, narrowed.rule));
  // The same approval saved for files that have changed since (replaced by one pinned to them as
  // they are now), or a session approval past its TTL (replaced by a fresh one).
  const repin =
    (found?.pin !== undefined &&
      narrowed.rule.pin !== undefined &&
      (found.pin.digest !== narrowed.rule.pin.digest || found.pin.root !== narrowed.rule.pin.root)) ||
    (found !== undefined &&
      sessionRuleExpired(found, nowMs, config.approvals.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS));
  const existing = repin ? undefined : found;
  // Two identical requests were pending and the first one's rule is already saved.
  if (existing && now.verdict.decision === 'allow') return { ok: true, rule: existing, duplicate: true };
  if (now.verdict.decision === 'allow')
    return { ok: false, message: 'under the current config this request is already allowed; approve once' };
  const rule = existing ?? narrowed.rule;
  // Appended last, as the user file's new last rule is never ahead of a rule that already matched.
  const others = repin ? config.rules.filter((r) => r !== found) : config.rules;
  const trial = await reviewWith(req, { ...config, rules: existing ? config.rules : [...others, rule] }, deps);
  if (trial.verdict.decision !== 'allow') {
    const why =
      trial.verdict.reasons
        .filter((r) => r.code !== 'command.allowed')
        .map((r) => r.code)
        .join(', ') || trial.verdict.decision;
    return {
      ok: false,
      message: `a rule for '${argv.join(' ')}' would not make this request run without asking (still ${trial.verdict.decision}: ${why}); approve once instead`,
    };
  }
  return { ok: true, rule, duplicate: existing !== undefined, ...(repin ? { replaces: found!.id } : {}) };
}
