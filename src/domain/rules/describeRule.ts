import type { ConfigRule } from '../policyConfig.js';

/** The scope a rule applies in, narrow to wide (docs/rules.md): its conditions first, then the file it came from. */
export function ruleScope(rule: ConfigRule): 'session' | 'project' | 'managed' | 'user' | 'project file' {
  if (rule.layer === 'managed') return 'managed';
  if (rule.layer === 'project') return 'project file';
  if (rule.session !== undefined) return 'session';
  if (rule.cwd !== undefined) return 'project';
  return 'user';
}

/** The rule's match as one line: `git push origin *` plus its conditions. */
export function ruleMatchText(rule: ConfigRule): string {
  const words = [rule.command, ...(rule.subcommand ?? []), ...(rule.args ?? ['…'])];
  const extra = [
    rule.argsContain ? `containing ${rule.argsContain.join(' ')}` : '',
    rule.cwd ? `in ${rule.cwd}` : '',
    rule.agent ? `agent ${rule.agent}` : '',
    rule.session ? `session ${rule.session}` : '',
  ].filter(Boolean);
  return [words.join(' '), ...extra].join(', ');
}
