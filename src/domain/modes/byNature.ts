import { DISGUISED_COMMAND_CODES, UNJUDGED_PREFIXES, isCritical } from '../unliftable.js';
import type { Verdict } from '../verdict.js';

/**
 * Findings no mode and no rule lifts (docs/modes.md): the review could not judge the text
 * (syntax, invocation, config, engine, internal failures: fail closed), shimctl's own protection
 * (self-protection, its markers in the environment, running shimctl's answering commands),
 * root deletion, protected secrets, the cloud metadata service, a config block rule, a managed
 * ask or block, and any critical risk.
 */
const PREFIXES = [...UNJUDGED_PREFIXES, 'review.', 'audit.', 'hook.'];
const CODES = new Set([
  // A shimctl project file carries the project's block rules: no mode may delete or rewrite it.
  'path.shimctl_config',
  'path.self_protection',
  'path.root_deletion',
  'path.protected',
  'path.protected_write',
  'url.metadata_service',
  // A block rule someone wrote in a config file (user, project, managed) stands in every mode.
  'command.blocked',
  'command.not_found',
  ...DISGUISED_COMMAND_CODES,
]);
const RULE_IDS = new Set(['env:shimctl-markers', 'core:shimctl-self']);

export function byNature(v: Verdict): boolean {
  if (isCritical(v)) return true;
  if (v.rule_ids.some((id) => RULE_IDS.has(id))) return true;
  return v.reasons.some((r) => CODES.has(r.code) || PREFIXES.some((p) => r.code.startsWith(p)));
}
