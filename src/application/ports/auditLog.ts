import type { TrimmedFields } from '../../domain/audit/sanitizeAuditRecord.js';
import type { Verdict } from '../../domain/verdict.js';
import { ShimctlError } from '../shimctlError.js';

/** 2: `seq`/`prev` (the hash chain), `trimmed`, and oversized fields keep head and tail. */
export const AUDIT_SCHEMA_VERSION = 2;

export interface ApprovalTrace {
  by: 'user' | 'timeout' | 'unavailable' | 'rule';
  always?: boolean;
}

/** One part of a compound command, as the review judged it. */
export interface AuditPart {
  command: string;
  cwd: string;
  decision: Verdict['decision'];
  risk: Verdict['risk'];
  codes: string[];
  rule_ids: string[];
}

/** One record per decision. Redaction happens in the adapter, before anything is written. */
export interface AuditRecord extends Verdict {
  v: number;
  /** Set by the writer: position in the hash chain (1, 2, …, continuing across rotation). */
  seq?: number;
  /** Set by the writer: SHA-256 (hex) of the previous line as written, without its newline. */
  prev?: string;
  ts: string;
  /** The command's id; a `start` and its `end` record share it. */
  id: string;
  /**
   * For a command that runs: `start` is written (with the decision) before it starts, `end`
   * (with the exit status and duration) after it. A crash in between leaves the `start`.
   * Absent: a decision with nothing run (blocked, asked and refused, check mode, failures).
   */
  phase?: 'start' | 'end';
  session?: string;
  agent?: string;
  cwd: string;
  command?: string;
  argv?: string[];
  envelope?: string;
  /** With `envelope`: the model's command inside it, which is what was reviewed (redacted like `command`). */
  reviewed?: string;
  /**
   * The text that ran when it is not `command`: the review expanded `$VAR`s and globs itself and
   * wrote the judged words into it (docs/shell.md "What runs"). Redacted like `command`.
   */
  executed?: string;
  /** A compound command judged part by part (docs/shell.md): each simple command and its verdict. */
  parts?: AuditPart[];
  approval?: ApprovalTrace;
  /** The mode the command was judged in, when one was set (docs/modes.md); its effect is a `mode.*` reason. */
  mode?: string;
  exitCode?: number;
  signal?: string | null;
  durationMs?: number;
  stdoutBytes?: number;
  stderrBytes?: number;
  truncated?: boolean;
  timedOut?: boolean;
  /** Set by the writer when `command`, `reviewed` or `argv` was trimmed: length and digest of the original. */
  trimmed?: TrimmedFields;
}

export interface AuditWriter {
  /**
   * Optional: redacts a record that `write` will later receive with more fields, so that only
   * the fields that differ (by identity) are redacted then. Writes nothing.
   */
  prepare?(record: AuditRecord): void;
  /** Appends one record atomically (no torn or interleaved lines). Rejects if it cannot. */
  write(record: AuditRecord): Promise<void>;
  close(): Promise<void>;
}

export interface AuditLog {
  /**
   * Opens the log for appending. Rejects with an `AuditUnavailableError` when the record
   * could not be written: the caller must then not run the command.
   */
  open(): Promise<AuditWriter>;
  readonly path: string;
}

export class AuditUnavailableError extends ShimctlError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('audit.unavailable', message, options);
  }
}
