import type { ConfigRule } from '../../domain/policyConfig.js';
import type { StatePaths } from '../paths/statePaths.js';
import type { EditOutcome } from './editUserConfig.js';
import { editUserConfig } from './editUserConfig.js';

export type AddRuleOutcome = EditOutcome;

/**
 * Appends a rule to the user's config (never a project's), for "approve always"; see
 * `editUserConfig`. `replaces`: a rule id dropped in the same atomic write (a re-pinned approval).
 */
export function addUserRule(paths: StatePaths, rule: ConfigRule, replaces?: string): AddRuleOutcome {
  return editUserConfig(paths, (content) => {
    const all = Array.isArray(content.rules) ? content.rules : [];
    const rules = replaces === undefined ? all : all.filter((r) => r.id !== replaces);
    return { ...content, rules: [...rules, rule] };
  });
}
