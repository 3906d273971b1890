import type { ConfigRule, PolicyConfig } from '../policyConfig.js';

/** How long a session approval applies when the config does not say (docs/rules.md). */
export const DEFAULT_SESSION_TTL_HOURS = 24;

/**
 * A session approval (saved by `approve --always --for session`, id `approved:…`) that no longer
 * applies: older than the TTL, or without a readable `savedAt` (saved before approvals had one).
 * Session ids are never reused in practice, but nothing ends a session for shimctl: an agent
 * left running, or an id copied into another launch, would keep the approval forever.
 * Hand-written `session` rules expire only when they carry `savedAt`.
 */
export function sessionRuleExpired(rule: ConfigRule, nowMs: number, ttlHours: number): boolean {
  if (rule.session === undefined) return false;
  if (rule.savedAt === undefined) return rule.id.startsWith('approved:');
  const saved = Date.parse(rule.savedAt);
  return !Number.isFinite(saved) || nowMs - saved >= ttlHours * 3_600_000;
}

/**
 * The config as one request sees it: rules saved for another agent session, and session
 * approvals past their TTL, are left out. The session is fixed for the whole request (unlike the
 * cwd, which a compound command can change), so this is done once, before the review. Without
 * session rules the config is returned as is.
 */
export function forSession(config: PolicyConfig, session: string | undefined, nowMs: number): PolicyConfig {
  if (!config.rules.some((r) => r.session !== undefined)) return config;
  const ttl = config.approvals.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS;
  return {
    ...config,
    rules: config.rules.filter(
      (r) => r.session === undefined || (r.session === session && !sessionRuleExpired(r, nowMs, ttl)),
    ),
  };
}
