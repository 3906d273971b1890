import type { ConfigRule } from '../../../domain/policyConfig.js';
import { terminalSafeJson } from './terminalSafeJson.js';

/** A rule as the user's config will hold it, with nothing in it a terminal could act on. */
export function showRule(rule: ConfigRule): string {
  return terminalSafeJson(rule, 2);
}
