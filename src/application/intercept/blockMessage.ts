import type { Verdict } from '../../domain/verdict.js';
import { hasHiddenCharacters, showControls } from '../../domain/approvals/showControls.js';

/** Quote for a POSIX shell so the user can paste the `explain` hint as is. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Keep the one stderr line one line, short, and honest on the terminal: line breaks become
 * blanks; controls, escapes, bidi overrides and zero-width characters are shown as escapes
 * (`\u{202E}`) so they cannot disguise the command a person reads. Text without them is kept
 * as it is, so the `explain` hint stays pasteable.
 */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  const shown = hasHiddenCharacters(flat) ? showControls(flat) : flat;
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/** Reasons that explain why something MAY run; never the headline of a block. */
const PERMISSIVE = new Set([
  'command.allowed',
  'command.wrapper',
  'envelope.bookkeeping',
  'approval.granted',
  'approval.granted_always',
]);

/**
 * A config failure blocks every command, so its line is the person's only way out: it names the
 * file, the field and the recovery (configFailure.ts caps the part before the recovery), and
 * `explain` would only repeat it, so that hint is left off.
 */
const CONFIG_FAILURE = new Set(['config.invalid', 'config.unreadable']);

/** The one line a blocked command prints: decision, the first reason that explains it, where to see more. */
export function blockMessage(v: Verdict, command: string | undefined): string {
  const first = v.reasons.find((r) => !PERMISSIVE.has(r.code)) ?? v.reasons[0];
  const code = first?.code ?? 'internal.error';
  const config = CONFIG_FAILURE.has(code);
  const message = oneLine(first?.message ?? 'blocked', config ? 1200 : 200);
  const hint = command && !config ? ` — see: shimctl explain ${oneLine(shellQuote(command), 300)}` : '';
  return `shimctl: blocked (${code}): ${message}${hint}\n`;
}
