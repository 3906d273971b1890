import type { AuditRecord } from '../../../application/ports/auditLog.js';
import { makeVisible } from '../../../domain/audit/makeVisible.js';

const COLOURS: Record<string, string> = { allow: '\u001b[32m', ask: '\u001b[33m', block: '\u001b[1;31m' };
const RESET = '\u001b[0m';
const MAX_COMMAND = 200;
/** A command longer than MAX_COMMAND shows this much of its head and tail. */
const SHOW_HEAD = 120;
const SHOW_TAIL = 70;

/**
 * One readable line: time, agent, decision, risk, command, first reason (and how it ended).
 * Every field from the record goes through makeVisible: the record is data an agent shaped,
 * and must never drive the reader's terminal. Only our own colour codes are raw escapes.
 */
export function formatRecordLine(record: AuditRecord, colour: boolean): string {
  const field = (v: unknown): string => makeVisible(String(v ?? '-'));
  const ts = field(record.ts)
    .replace('T', ' ')
    .replace(/\.\d+Z$|Z$/, '');
  const decision = field(record.decision).toUpperCase().padEnd(5);
  const shownDecision =
    colour && COLOURS[String(record.decision)] ? `${COLOURS[String(record.decision)]}${decision}${RESET}` : decision;
  // For an agent envelope the model's command is what a person wants to read; the envelope is bookkeeping.
  const shown =
    record.reviewed !== undefined && record.envelope
      ? `[${record.envelope}] ${record.reviewed}`
      : (record.command ?? (record.argv ?? []).join(' '));
  // Whitespace padding must not fill the line: long runs are shown as a count, and a long
  // command shows its head and its tail (where a padded command hides its point).
  let command = field(String(shown).replace(/\s{16,}/g, (run) => `…[${run.length} blanks]…`));
  if (command.length > MAX_COMMAND) {
    command = `${command.slice(0, SHOW_HEAD)}…[+${command.length - SHOW_HEAD - SHOW_TAIL}]…${command.slice(-SHOW_TAIL)}`;
  }
  const trimmed = record.reviewed !== undefined && record.envelope ? record.trimmed?.reviewed : record.trimmed?.command;
  if (trimmed)
    command += `  [TRIMMED in record: ${Number(trimmed.bytes)} bytes, sha256 ${field(trimmed.sha256).slice(0, 16)}]`;
  const first = record.reasons?.[0];
  const reason = first ? `${field(first.code)}: ${field(first.message)}` : '';
  const parts = [ts, field(record.agent).padEnd(8), shownDecision, field(record.risk).padEnd(8), command];
  if (typeof record.exitCode === 'number')
    parts.push(`[exit ${record.exitCode}${record.timedOut ? ', timed out' : ''}]`);
  // A start record shown alone: its command never wrote an end record (crashed, killed, or still running).
  else if (record.phase === 'start') parts.push('[NOT ENDED]');
  if (reason) parts.push(`— ${reason}`);
  return parts.join('  ');
}

export function useColour(stdout: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return stdout.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb';
}
