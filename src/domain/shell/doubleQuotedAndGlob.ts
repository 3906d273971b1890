import type { ReasonCode } from '../reasonCodes.js';

/** Reads a double-quoted string from `start` (after the quote); returns the index after the closing quote. */
export function readDoubleQuoted(
  text: string,
  start: number,
  emit: (s: string) => void,
  flag: (code: ReasonCode, detail?: string) => void,
  /** Expand mode: a `$` the caller reads itself (returns the index after it), or undefined. */
  dollar?: (at: number) => number | undefined,
): number {
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i + 1;
    if (c === '\\') {
      const n = text[i + 1];
      if (n === '\n') {
        i += 2;
        continue;
      }
      if (n === '$' || n === '`' || n === '"' || n === '\\') {
        emit(n);
        i += 2;
        continue;
      }
      emit('\\');
      i++;
      continue;
    }
    if (c === '$' && dollar) {
      const end = dollar(i);
      if (end !== undefined) {
        i = end;
        continue;
      }
    }
    if (c === '$') flag(text[i + 1] === '(' ? 'syntax.substitution' : 'syntax.expansion', 'inside double quotes');
    if (c === '`') flag('syntax.substitution', 'backtick inside double quotes');
    if (c === '\n') flag('syntax.multiline');
    const code = c.charCodeAt(0);
    if ((code < 0x20 && c !== '\t' && c !== '\n') || code === 0x7f) flag('syntax.control_character');
    emit(c);
    i++;
  }
  flag('syntax.unterminated_quote', '"');
  return i;
}

/** `[` alone as a word (the test command) and `]` are not globs; `a[b` with no `]` does not expand either, but we stay strict. */
export function isLiteralGlobChar(text: string, i: number): boolean {
  const c = text[i];
  if (c !== '[') return false;
  const before = i === 0 ? ' ' : text[i - 1]!;
  const after = text[i + 1] ?? ' ';
  return /[ \t]/.test(before) && /[ \t]/.test(after);
}
