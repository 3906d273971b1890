import type { ConfigRule } from '../../domain/policyConfig.js';
import type { StatePaths } from '../paths/statePaths.js';
import type { EditOutcome } from './editUserConfig.js';
import { editUserConfig } from './editUserConfig.js';

export type AddRuleOutcome = EditOutcome;

/** Appends a rule to the user's config (never a project's), for "approve always"; see `editUserConfig`. */
export function addUserRule(paths: StatePaths, rule: ConfigRule): AddRuleOutcome {
  return editUserConfig(paths, (content) => {
    const rules = Array.isArray(content.rules) ? content.rules : [];
    return { ...content, rules: [...rules, rule] };
  });
}
