import type { UserRuleWriter } from '../../application/approvals/approvalStore.js';
import { addUserRule } from '../config/addUserRule.js';
import type { StatePaths } from '../paths/statePaths.js';

/** Approve-always rules go to the user's config file only, through the config module's atomic, validated writer. */
export function createUserRuleWriter(paths: StatePaths): UserRuleWriter {
  return { add: (rule, replaces) => addUserRule(paths, rule, replaces) };
}
