import { shannonEntropy } from './entropy.js';

/**
 * Bare high-entropy tokens that no rule names (issue 14): a vendor prefix nobody listed yet, a
 * random password, a tool's own password option (`az login -p X`, `ldapsearch -w X`). Two bars:
 * - near a word like key, token, secret or password (the word itself or the two before it):
 *   16+ characters, two classes, 3.0 bits;
 * - any other word of the text, anywhere (attack pass 14: lists of printers, tools and options
 *   fall behind): 24+ characters, letters of both cases and digits, 3.7 bits. A word is judged
 *   whole, past a glued short option (`-pX`), or by its pieces between `%@/:,`.
 * Benign random-looking words are kept: git hashes and other bare hex (unless near a secret
 * word), UUIDs, `sha512-…` integrity strings, paths, identifiers (`getUserById2`), and base64
 * that decodes to text.
 * Thresholds are tuned on test/fixtures/entropy/benign.json and the generated tokens of
 * test/domain/audit/entropySecrets.test.ts (figures in docs/execution-and-audit.md).
 * One pass over the text: each character is read a bounded number of times.
 */
/*
 * A C escape (`\t`, `\n`, … as printf and `echo -e` read them) separates like a blank:
 * `printf 'a\tTOKEN'` prints TOKEN as a word of its own.
 */
const SEPARATORS = /(?:[\s'"`;|&()<>,]|\\[abefnrtv0]?)+/g;
const SECRET_WORD = /key|token|secret|passw(?:or)?d|pwd|auth|credential|bearer/i;
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

export function redactEntropySecrets(text: string): string {
  if (text.length < ENTROPY_LIMITS.nearLength) return text;
  const parts: string[] = [];
  let last = 0;
  let near = 0; // tokens left in which a secret word is "near"
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
        // Every word is judged (attack pass 14: a tool's own password option, `az login -p X`,
        // `ldapsearch -w X`, went unseen while only printers' arguments were): hand-kept lists
        // of tools and options fall behind, a random-looking word does not.
        const span = value.length >= ENTROPY_LIMITS.nearLength ? secretSpan(value, nearHere) : undefined;
        if (span !== undefined) {
          const start = end - value.length;
          parts.push(text.slice(last, start + span[0]), '[REDACTED:high-entropy]');
          last = start + span[1];
        }
      }
      delimiterNext = false;
      lineStart = false;
      near = SECRET_WORD.test(token) && !token.startsWith('[REDACTED') ? 3 : Math.max(0, near - 1);
    }
    if (!sep) break;
    const s = sep[0];
    if (s.includes('<<')) {
      // `<<`: a delimiter follows (`<<<` is a here-string: its word is judged as any other).
      if (!s.includes('<<<')) delimiterNext = true;
    }
    if (s.includes('\n')) {
      lineStart = true;
      if (body === undefined && pending.length > 0) body = pending.shift();
    }
    if (body === undefined && COMMAND_BREAK.test(s)) {
      near = 0;
    }
    at = sep.index + s.length;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * Where in `value` a secret lies, [start, end), or undefined: the whole value; else, past a
 * glued short option (`-pSECRET`, unrar and mysql style), the rest; else the one piece between
 * `%`, `@`, `/`, `:` or `,` that is (`user%SECRET`, `scott/SECRET@db`, `u:SECRET`), unless
 * the whole is a path or one base64-like token. Pieces are judged only as printed words are (long, mixed, random).
 */
function secretSpan(value: string, near: boolean): [number, number] | undefined {
  if (looksSecret(value, near, true)) return [0, value.length];
  if (
    /^-[A-Za-z]/.test(value) &&
    value.length - 2 >= ENTROPY_LIMITS.printedLength &&
    looksSecret(value.slice(2), near, true)
  )
    return [2, value.length];
  // Only a word that is not one token already (`%`/`@` in it) is cut: a base64 word's `/` is
  // part of it (an npm integrity string is benign whole, not a row of random pieces).
  if (VALUE_CHARS.test(value) || PATH.test(value) || !/[%@/:,]/.test(value)) return undefined;
  const piece = /[^%@/:,]+/g;
  for (let m = piece.exec(value); m; m = piece.exec(value)) {
    if (m[0].length >= ENTROPY_LIMITS.printedLength && looksSecret(m[0], near, true))
      return [m.index, m.index + m[0].length];
  }
  return undefined;
}

/** Whether a whole word looks like a random token (a URL's colon-less userinfo: `https://TOKEN@host`). */
export function isRandomToken(value: string): boolean {
  return value.length >= ENTROPY_LIMITS.nearLength && looksSecret(value, true, true);
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
const IDENTIFIER = /^[A-Za-z][a-z]*(?:[A-Z][a-z]+|[_-][A-Za-z][a-z]*|\d{1,4})*$/;
const INTEGRITY = /^sha(?:1|256|384|512)-/;
const PATH = /^(?:\.{0,2}\/|~\/)|\.[a-z]{1,5}$/;

/** A random-looking word the detector keeps (the shapes above); exported for its test's promise. */
export function isBenign(value: string, near: boolean): boolean {
  if (UUID.test(value) || INTEGRITY.test(value) || PATH.test(value)) return true;
  // A git hash, a checksum: hex alone is data, unless a secret word is right there.
  if (HEX.test(value)) return !near;
  // An identifier (`getUserAccountSettingsById2`, `test_unicodeEscapes3`): words, each capital
  // followed by lowercase, digits only between words. A random token almost never reads so;
  // kept even near a secret word (`TestTokenizer::test_unicodeEscapes3`).
  if (IDENTIFIER.test(value)) return true;
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
export function base64Bytes(value: string): number[] {
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
