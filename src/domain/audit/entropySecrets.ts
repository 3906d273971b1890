import { shannonEntropy } from './entropy.js';

/**
 * Bare high-entropy tokens that no rule names (issue 14): a vendor prefix nobody listed yet, a
 * random password. Two places make a random-looking word a secret rather than data:
 * - near a word like key, token, secret or password (the word itself or the two before it);
 * - an argument of `echo`, `printf`, `export` or `declare`/`typeset`/`readonly`/`local` (an agent
 *   printing or exporting a credential), a here-string (`cmd <<< TOKEN`), or a line of a
 *   here-document body (`cat <<EOF` … `EOF`): all three hand the word to a program as data.
 * Benign random-looking words are kept: git hashes and other bare hex (unless near a secret
 * word), UUIDs, `sha512-…` integrity strings, paths, and base64 that decodes to text.
 * Thresholds are tuned on test/fixtures/redaction/benign.jsonl and the generated tokens of
 * test/domain/audit/entropySecrets.test.ts (figures in docs/execution-and-audit.md).
 * One pass over the text: each character is read a bounded number of times.
 */
/*
 * A C escape (`\t`, `\n`, … as printf and `echo -e` read them) separates like a blank:
 * `printf 'a\tTOKEN'` prints TOKEN as a word of its own.
 */
const SEPARATORS = /(?:[\s'"`;|&()<>,]|\\[abefnrtv0]?)+/g;
const SECRET_WORD = /key|token|secret|passw(?:or)?d|pwd|auth|credential|bearer/i;
const PRINTERS = /^(?:echo|printf|export|declare|typeset|readonly|local)$/;
const COMMAND_BREAK = /[;|&\n]/;
const VALUE_CHARS = /^[A-Za-z0-9+/_.~-]+={0,3}$/;

export const ENTROPY_LIMITS = {
  /** Near a secret word: at least this long and this many bits per character. */
  nearLength: 16,
  nearEntropy: 3.0,
  /** An echo/printf/export argument: longer, more random, and mixed letters and digits. */
  printedLength: 24,
  printedEntropy: 3.7,
} as const;

/** Whether a command (argv[0]'s basename) hands its arguments over as data: redactArgv judges them as printed. */
export function isPrinter(command: string): boolean {
  return PRINTERS.test(command);
}

/** `startPrinting`: the text is an argument of a printer already (one argv element of `printf`). */
export function redactEntropySecrets(text: string, startPrinting = false): string {
  if (text.length < ENTROPY_LIMITS.nearLength) return text;
  const parts: string[] = [];
  let last = 0;
  let near = 0; // tokens left in which a secret word is "near"
  let printing = startPrinting;
  let first = !startPrinting; // next token starts a simple command
  // Here-documents: delimiters announced on this line (`<<EOF`, `<<-'EOF'`), then the one whose
  // body is being read. The body is data, so its words count as printed until the delimiter line.
  let delimiterNext = false;
  const pending: string[] = [];
  let body: string | undefined;
  let lineStart = true;
  SEPARATORS.lastIndex = 0;
  let at = 0;
  for (;;) {
    const sep = SEPARATORS.exec(text);
    const end = sep ? sep.index : text.length;
    if (end > at) {
      const token = text.slice(at, end);
      const lineEnds = !sep || sep[0].includes('\n');
      if (body !== undefined && lineStart && lineEnds && token === body) {
        body = undefined; // the delimiter line: the next line is shell again (or the next body)
      } else if (delimiterNext) {
        pending.push(token.replace(/^-/, ''));
      } else {
        // The value of `name=value` / `name:value` is the part after the last `=` or `:`.
        const cut = Math.max(token.lastIndexOf('=', token.length - 4), token.lastIndexOf(':'));
        const name = cut > 0 ? token.slice(0, cut) : '';
        const value = cut > 0 ? token.slice(cut + 1) : token;
        const nearHere = near > 0 || SECRET_WORD.test(name);
        if (value.length >= ENTROPY_LIMITS.nearLength && looksSecret(value, nearHere, printing || body !== undefined)) {
          const start = end - value.length;
          parts.push(text.slice(last, start), '[REDACTED:high-entropy]');
          last = end;
        }
        if (first) printing = PRINTERS.test(token);
      }
      delimiterNext = false;
      first = false;
      lineStart = false;
      near = SECRET_WORD.test(token) && !token.startsWith('[REDACTED') ? 3 : Math.max(0, near - 1);
    }
    if (!sep) break;
    const s = sep[0];
    if (s.includes('<<')) {
      // `<<<`: the here-string and the rest of the command are data; `<<`: a delimiter follows.
      if (s.includes('<<<')) printing = true;
      else delimiterNext = true;
    }
    if (s.includes('\n')) {
      lineStart = true;
      if (body === undefined && pending.length > 0) body = pending.shift();
    }
    if (body === undefined && COMMAND_BREAK.test(s)) {
      first = true;
      printing = false;
      near = 0;
    }
    at = sep.index + s.length;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

function looksSecret(value: string, near: boolean, printing: boolean): boolean {
  if (!VALUE_CHARS.test(value)) return false;
  const classes = (/[a-z]/.test(value) ? 1 : 0) + (/[A-Z]/.test(value) ? 1 : 0) + (/[0-9]/.test(value) ? 1 : 0);
  if (isBenign(value, near)) return false;
  const h = shannonEntropy(value);
  if (near && classes >= 2 && h >= ENTROPY_LIMITS.nearEntropy) return true;
  return (
    printing && value.length >= ENTROPY_LIMITS.printedLength && classes === 3 && h >= ENTROPY_LIMITS.printedEntropy
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]+$/i;
const INTEGRITY = /^sha(?:1|256|384|512)-/;
const PATH = /^(?:\.{0,2}\/|~\/)|\.[a-z]{1,5}$/;

function isBenign(value: string, near: boolean): boolean {
  if (UUID.test(value) || INTEGRITY.test(value) || PATH.test(value)) return true;
  // A git hash, a checksum: hex alone is data, unless a secret word is right there.
  if (HEX.test(value)) return !near;
  return !near && decodesToText(value);
}

/** Base64 test data (`aGVsbG8gd29ybGQ=`) decodes to readable text; a key decodes to noise. */
function decodesToText(value: string): boolean {
  if (value.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const bytes = base64Bytes(value);
  if (bytes.length < 8) return false;
  let printable = 0;
  for (const b of bytes) if ((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x09) printable++;
  return printable / bytes.length >= 0.95;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function base64Bytes(value: string): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of value.replace(/=+$/, '')) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return out;
}
