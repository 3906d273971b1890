import type { Reason } from '../verdict.js';

/**
 * What the model can do instead, appended to a syntax refusal's message (the stderr line the
 * model reads names the construct, then this): a refusal it can act on, not just a wall.
 */
const ADVICE: Readonly<Record<string, string>> = {
  'syntax.substitution':
    'command substitution with a computed value is not reviewed; run the inner command on its own first',
  'syntax.process_substitution':
    'process substitution is not reviewed; run the inner command on its own first and use a file',
  'syntax.expansion': 'variables are not expanded by the review; write the value out',
  'syntax.glob': 'globs are not expanded by the review; name the files',
  'syntax.brace_expansion': 'brace expansion is not reviewed; write the words out',
  'syntax.heredoc':
    "a here-document is reviewed when its delimiter is quoted (<<'EOF') or its body has no $, ` or \\, and it is given to one command; otherwise write the text with a separate command",
  'syntax.background': 'background jobs are not reviewed; run the command in the foreground',
  'syntax.compound': 'if/for/while/case/function/! are not reviewed; run the commands one at a time',
  'syntax.comment': 'remove the comment',
  'syntax.multiline': 'a quoted newline is not reviewed; put the text in a file or use one line',
  'syntax.shell_state': 'run that command on its own, then the rest',
  'syntax.links_changed': 'run that command on its own, then the rest',
  'syntax.repo_changed': 'run that command on its own, then the git command',
  'syntax.index_changed': 'run that command on its own, then the git command (it is judged on the new index)',
  'syntax.eval': 'give eval one quoted string, or run the command directly',
  'syntax.cd': 'use `cd DIR` with one directory and no options',
  'syntax.parse_error': 'check the quoting and the operators',
  'syntax.grammar_unavailable': 'run the parts one at a time',
  'syntax.too_many_parts': 'split the command into smaller ones',
};

export function compoundRefusalAdvice(reasons: readonly Reason[]): Reason[] {
  return reasons.map((r) => {
    const advice = ADVICE[r.code];
    return advice && !r.message.endsWith(advice) ? { ...r, message: `${r.message}: ${advice}` } : r;
  });
}
