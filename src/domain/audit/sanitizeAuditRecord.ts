import { redactArgv, redactSecrets } from './redactSecrets.js';

/** Size limits for one audit record; a line stays far below what tail reads in one block. */
export const AUDIT_FIELD_LIMITS = {
  /** Also the limit for `reviewed`. */
  command: 8 * 1024,
  argvElement: 2 * 1024,
  argvCount: 256,
  otherString: 2 * 1024,
  arrayLength: 64,
  /** Text beyond this is cut before redaction, which bounds its cost on hostile input. */
  scanned: 64 * 1024,
} as const;

/** Redact first (so a cut never leaves half a secret unrecognised), then trim to `max`. */
function redactThenTrim(text: string, max: number): string {
  const unscanned = Math.max(0, text.length - AUDIT_FIELD_LIMITS.scanned);
  const redacted = redactSecrets(unscanned > 0 ? text.slice(0, AUDIT_FIELD_LIMITS.scanned) : text);
  return trimField(redacted, max, unscanned);
}

/** Cuts a string at `max` UTF-16 units (never inside a surrogate pair) and says how much went. */
export function trimField(text: string, max: number, alreadyDropped = 0): string {
  if (text.length <= max && alreadyDropped === 0) return text;
  if (text.length <= max) return `${text}…[TRIMMED:${alreadyDropped} chars]`;
  let cut = max;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…[TRIMMED:${text.length - cut + alreadyDropped} chars]`;
}

/** A record sanitized earlier, and the record it was made from. */
export interface SanitizedEarlier {
  source: object;
  clean: object;
}

/**
 * Redacts, then trims, every string in a record (redaction first, so a cut can never leave half
 * a secret unrecognised). `argv` is redacted as an argument vector so flag values are caught.
 * Keys are schema, not data, and are kept as they are. With `earlier`, a field holding the very
 * same value (===) as in `earlier.source` takes its already sanitized form.
 */
export function sanitizeAuditRecord<T extends object>(record: T, earlier?: SanitizedEarlier): T {
  const out: Record<string, unknown> = {};
  const before = earlier?.source as Record<string, unknown> | undefined;
  const done = earlier?.clean as Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (before && done && Object.hasOwn(done, key) && before[key] === value) {
      out[key] = done[key];
    } else if (key === 'argv' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      out[key] = sanitizeArgv(value as string[]);
    } else if ((key === 'command' || key === 'reviewed') && typeof value === 'string') {
      // `reviewed` (the model's command inside an envelope) gets the same room as `command`:
      // it is the part of an envelope record that matters.
      out[key] = redactThenTrim(value, AUDIT_FIELD_LIMITS.command);
    } else {
      out[key] = sanitizeValue(value, 0);
    }
  }
  return out as T;
}

function sanitizeArgv(argv: string[]): string[] {
  const scanned = argv.map((a) => a.slice(0, AUDIT_FIELD_LIMITS.scanned));
  const redacted = redactArgv(scanned).map((a) => trimField(a, AUDIT_FIELD_LIMITS.argvElement));
  if (redacted.length <= AUDIT_FIELD_LIMITS.argvCount) return redacted;
  const kept = redacted.slice(0, AUDIT_FIELD_LIMITS.argvCount);
  kept.push(`…[TRIMMED:${redacted.length - kept.length} args]`);
  return kept;
}

function sanitizeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactThenTrim(value, AUDIT_FIELD_LIMITS.otherString);
  if (value === null || typeof value !== 'object') return value;
  // Records are shallow; depth is bounded so a cyclic or hostile object cannot hang the writer.
  if (depth > 6) return '[TRIMMED:depth]';
  if (Array.isArray(value)) {
    const items = value.slice(0, AUDIT_FIELD_LIMITS.arrayLength).map((v) => sanitizeValue(v, depth + 1));
    if (value.length > items.length) items.push(`…[TRIMMED:${value.length - items.length} items]`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = sanitizeValue(v, depth + 1);
  return out;
}
