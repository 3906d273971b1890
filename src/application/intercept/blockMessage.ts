import type { Verdict } from '../../domain/verdict.js';

/** Quote for a POSIX shell so the user can paste the `explain` hint as is. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Keep the one stderr line one line, short and free of terminal control characters. */
function oneLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Reasons that explain why something MAY run; never the headline of a block. */
const PERMISSIVE = new Set(['command.allowed', 'command.wrapper', 'envelope.bookkeeping', 'approval.granted', 'approval.granted_always']);

/** The one line a blocked command prints: decision, the first reason that explains it, where to see more. */
export function blockMessage(v: Verdict, command: string | undefined): string {
  const first = v.reasons.find((r) => !PERMISSIVE.has(r.code)) ?? v.reasons[0];
  const code = first?.code ?? 'internal.error';
  const message = oneLine(first?.message ?? 'blocked', 200);
  const hint = command ? ` — see: shimctl explain ${oneLine(shellQuote(command), 300)}` : '';
  return `shimctl: blocked (${code}): ${message}${hint}\n`;
}
