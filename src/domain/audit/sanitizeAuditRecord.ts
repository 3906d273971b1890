import { redactArgv, redactSecrets } from './redactSecrets.js';
import { sha256Hex } from './sha256.js';
import { cutMiddle, squeezeWhitespace } from './trimText.js';

/** Size limits for one audit record; a line stays far below what tail reads in one block. */
export const AUDIT_FIELD_LIMITS = {
  /** Also the limit for `reviewed`. A trimmed command keeps 4 KiB of head and 4 KiB of tail. */
  command: 8 * 1024,
  /** A trimmed element keeps 1 KiB of head and 1 KiB of tail. */
  argvElement: 2 * 1024,
  /** A longer argv keeps its first and last 128 elements. */
  argvCount: 256,
  otherString: 2 * 1024,
  arrayLength: 64,
  /**
   * Redaction reads at most this much from each end of a field (the head window and the tail
   * window); the middle of a longer field is never scanned and never kept, which bounds the
   * cost on hostile input. Only a secret longer than the window minus the kept part could
   * straddle a window edge and leave a piece in the record.
   */
  scanned: 64 * 1024,
} as const;

/** What a trimmed field was before trimming: the length and digest of the original text. */
export interface TrimmedText {
  /** Length of the original's UTF-8 encoding. */
  bytes: number;
  /** SHA-256 of the original's UTF-8 encoding (before redaction): matches `printf %s "$CMD" | sha256sum`. */
  sha256: string;
  /** Whitespace characters squeezed out (runs of 16 or more kept as one character). */
  squeezed?: number;
}

/** The original argv of a trimmed one: elements count, and bytes and digest of `arg\0arg\0…` (the /proc/PID/cmdline form). */
export interface TrimmedArgv {
  count: number;
  bytes: number;
  sha256: string;
}

export interface TrimmedFields {
  command?: TrimmedText;
  reviewed?: TrimmedText;
  executed?: TrimmedText;
  argv?: TrimmedArgv;
}

const encoder = new TextEncoder();

/**
 * A field that fits is redacted as it is. A longer one: whitespace runs squeezed, then redacted
 * (redaction always runs before the cut, so a cut never leaves half a secret unrecognised), then
 * the middle cut out. Returns the digest of the original when anything changed besides redaction.
 */
function redactThenTrim(text: string, max: number, memo?: RedactMemo): { text: string; trimmed?: TrimmedText } {
  // The same text recurs within one record (every part of a compound command carries its cwd,
  // which is also the record's): redaction is a pure function of the text, so it runs once.
  // Long texts are not kept as keys (they rarely recur, and a key is a copy).
  if (!memo || text.length > MEMO_MAX_LENGTH) return redactThenTrimOnce(text, max);
  const key = `${max}\0${text}`;
  const seen = memo.get(key);
  if (seen) return seen;
  const r = redactThenTrimOnce(text, max);
  memo.set(key, r);
  return r;
}
const MEMO_MAX_LENGTH = 4096;

/** Results of redactThenTrim within one record, by limit and text. */
type RedactMemo = Map<string, { text: string; trimmed?: TrimmedText }>;

function redactThenTrimOnce(text: string, max: number): { text: string; trimmed?: TrimmedText } {
  if (text.length <= max) {
    const redacted = redactSecrets(text);
    if (redacted.length <= max) return { text: redacted };
    return { text: cutMiddle(redacted, max), trimmed: digestOf(text, 0) };
  }
  const { text: squeezed, squeezed: n } = squeezeWhitespace(text);
  return { text: redactWindowsThenCut(squeezed, max, redactSecrets), trimmed: digestOf(text, n) };
}

/** Redacts the head window and the tail window (the only parts that can be kept), then cuts to `max`. */
function redactWindowsThenCut(text: string, max: number, redact: (s: string) => string): string {
  const scan = AUDIT_FIELD_LIMITS.scanned;
  if (text.length <= scan) return cutMiddle(redact(text), max);
  // One newline joins the windows: a match across it can only touch text far from both kept ends.
  const joined = redact(`${text.slice(0, scan)}\n${text.slice(-scan)}`);
  return cutMiddle(joined, max, text.length - 2 * scan - 1);
}

function digestOf(text: string, squeezed: number): TrimmedText {
  const bytes = encoder.encode(text);
  return squeezed > 0
    ? { bytes: bytes.length, sha256: sha256Hex(bytes), squeezed }
    : { bytes: bytes.length, sha256: sha256Hex(bytes) };
}

/** A record sanitized earlier, and the record it was made from. */
export interface SanitizedEarlier {
  source: object;
  clean: object;
}

/**
 * Redacts, then trims, every string in a record (redaction first, so a cut can never leave half
 * a secret unrecognised). `argv` is redacted as an argument vector so flag values are caught.
 * When `command`, `reviewed` or `argv` had to be trimmed, `trimmed` carries the length and
 * SHA-256 of the original. Keys are schema, not data, and are kept as they are. With `earlier`,
 * a field holding the very same value (===) as in `earlier.source` takes its sanitized form.
 */
export function sanitizeAuditRecord<T extends object>(record: T, earlier?: SanitizedEarlier): T {
  const out: Record<string, unknown> = {};
  const trimmed: TrimmedFields = {};
  const before = earlier?.source as Record<string, unknown> | undefined;
  const done = earlier?.clean as (Record<string, unknown> & { trimmed?: TrimmedFields }) | undefined;
  const memo: RedactMemo = new Map();
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || key === 'trimmed') continue;
    if (before && done && Object.hasOwn(done, key) && before[key] === value) {
      out[key] = done[key];
      const meta = done.trimmed?.[key as keyof TrimmedFields];
      if (meta) (trimmed as Record<string, unknown>)[key] = meta;
    } else if (key === 'argv' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      const argv = sanitizeArgv(value as string[]);
      out[key] = argv.argv;
      if (argv.trimmed) trimmed.argv = argv.trimmed;
    } else if ((key === 'command' || key === 'reviewed' || key === 'executed') && typeof value === 'string') {
      // `reviewed` (the model's command inside an envelope) gets the same room as `command`:
      // it is the part of an envelope record that matters.
      const r = redactThenTrim(value, AUDIT_FIELD_LIMITS.command, memo);
      out[key] = r.text;
      if (r.trimmed) trimmed[key] = r.trimmed;
    } else {
      out[key] = sanitizeValue(value, 0, memo);
    }
  }
  if (trimmed.command || trimmed.reviewed || trimmed.executed || trimmed.argv) out.trimmed = trimmed;
  return out as T;
}

function sanitizeArgv(argv: string[]): { argv: string[]; trimmed?: TrimmedArgv } {
  const limits = AUDIT_FIELD_LIMITS;
  const half = limits.argvCount / 2;
  // A long argv keeps its first and last `half` elements. A few elements of context on each
  // side go through redaction with them, so `--password` just before the tail still marks the
  // value that starts it.
  const context = 4;
  const many = argv.length > limits.argvCount;
  const headPart = many ? argv.slice(0, half + context) : argv;
  const tailPart = many ? argv.slice(argv.length - half - context) : [];
  let changed = many;
  const prep = (a: string): string => {
    if (a.length <= limits.argvElement) return a;
    changed = true;
    const s = squeezeWhitespace(a).text;
    // Windowed like a field; the cut itself happens after redaction, below.
    return s.length <= limits.scanned ? s : `${s.slice(0, limits.scanned)}\n${s.slice(-limits.scanned)}`;
  };
  const cut = (a: string, i: number, part: string[]): string => {
    const original = part[i]!;
    const dropped =
      original.length > limits.argvElement
        ? Math.max(0, squeezeWhitespace(original).text.length - 2 * limits.scanned - 1)
        : 0;
    if (a.length > limits.argvElement) changed = true;
    return cutMiddle(a, limits.argvElement, dropped);
  };
  const head = redactArgv(headPart.map(prep)).map((a, i) => cut(a, i, headPart));
  let kept: string[];
  if (many) {
    const tail = redactArgv(tailPart.map(prep)).map((a, i) => cut(a, i, tailPart));
    kept = [...head.slice(0, half), `…[TRIMMED:${argv.length - 2 * half} args]…`, ...tail.slice(context)];
  } else {
    kept = head;
  }
  if (!changed) return { argv: kept };
  const bytes = encoder.encode(argv.map((a) => `${a}\0`).join(''));
  return { argv: kept, trimmed: { count: argv.length, bytes: bytes.length, sha256: sha256Hex(bytes) } };
}

function sanitizeValue(value: unknown, depth: number, memo: RedactMemo): unknown {
  if (typeof value === 'string') return redactThenTrim(value, AUDIT_FIELD_LIMITS.otherString, memo).text;
  if (value === null || typeof value !== 'object') return value;
  // Records are shallow; depth is bounded so a cyclic or hostile object cannot hang the writer.
  if (depth > 6) return '[TRIMMED:depth]';
  if (Array.isArray(value)) {
    const items = value.slice(0, AUDIT_FIELD_LIMITS.arrayLength).map((v) => sanitizeValue(v, depth + 1, memo));
    if (value.length > items.length) items.push(`…[TRIMMED:${value.length - items.length} items]`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = sanitizeValue(v, depth + 1, memo);
  return out;
}
