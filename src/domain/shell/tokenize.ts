import type { Reason } from '../verdict.js';
import type { ReasonCode } from '../reasonCodes.js';
import { REASON_CODES } from '../reasonCodes.js';

export const MAX_COMMAND_LENGTH = 64 * 1024;

export type TokenizeResult =
  | { ok: true; words: string[] }
  | { ok: false; reasons: Reason[] };

export interface TokenizeOptions {
  /** Home directory used to expand an unquoted leading `~` or `~/`. */
  home: string;
}

const RESERVED_WORDS = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'esac',
  'function', 'select', 'coproc', '{', '}', '!', '[[', ']]', 'time',
]);

/**
 * Splits shell text into the words of one simple command, the way bash would tokenise it,
 * and refuses everything that is not a simple command. Every construct found is reported
 * (one reason per code) so the verdict names all of them, not just the first.
 */
export function tokenize(text: string, options: TokenizeOptions): TokenizeResult {
  const found = new Map<ReasonCode, string>();
  const flag = (code: ReasonCode, detail?: string): void => {
    if (!found.has(code)) found.set(code, detail ? `${REASON_CODES[code]} (${detail})` : REASON_CODES[code]);
  };
  if (text.length > MAX_COMMAND_LENGTH) {
    return { ok: false, reasons: [{ code: 'syntax.too_long', message: REASON_CODES['syntax.too_long'] }] };
  }

  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quotedWord = false;
  let i = 0;
  const endWord = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
    quotedWord = false;
  };

  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    const code = c.charCodeAt(0);
    if (c === '\n') {
      flag('syntax.multiline');
      endWord();
      i++;
      continue;
    }
    if ((code < 0x20 && c !== '\t') || code === 0x7f) {
      flag('syntax.control_character', `U+${code.toString(16).padStart(4, '0')}`);
      i++;
      continue;
    }
    if (c === ' ' || c === '\t') {
      endWord();
      i++;
      continue;
    }
    if (c === '\\') {
      if (next === '\n') { i += 2; continue; } // line continuation
      if (next === undefined) { inWord = true; word += '\\'; i++; continue; }
      inWord = true;
      word += next;
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) { flag('syntax.unterminated_quote', "'"); break; }
      const body = text.slice(i + 1, close);
      if (body.includes('\n')) flag('syntax.multiline');
      word += body;
      inWord = true;
      quotedWord = true;
      i = close + 1;
      continue;
    }
    if (c === '"') {
      i = readDoubleQuoted(text, i + 1, (s) => { word += s; }, flag);
      inWord = true;
      quotedWord = true;
      continue;
    }
    if (c === '$') {
      if (next === '(') flag('syntax.substitution', '$(');
      else flag('syntax.expansion', next === undefined ? '$' : `$${next}`);
      inWord = true;
      word += c;
      i++;
      continue;
    }
    if (c === '`') { flag('syntax.substitution', 'backtick'); inWord = true; word += c; i++; continue; }
    if (c === '|') {
      flag(next === '|' ? 'syntax.or_list' : 'syntax.pipe');
      endWord();
      i += next === '|' || next === '&' ? 2 : 1;
      continue;
    }
    if (c === '&') {
      if (next === '&') flag('syntax.and_list');
      else if (next === '>') flag('syntax.redirection', '&>');
      else flag('syntax.background');
      endWord();
      i += next === '&' || next === '>' ? 2 : 1;
      continue;
    }
    if (c === ';') { flag('syntax.separator'); endWord(); i++; continue; }
    if (c === '<' || c === '>') {
      if (next === '(') flag('syntax.process_substitution', `${c}(`);
      else if (c === '<' && next === '<') {
        flag('syntax.heredoc');
        while (text[i] === '<') i++;
        endWord();
        continue;
      } else flag('syntax.redirection', c);
      endWord();
      i++;
      continue;
    }
    if (c === '(' || c === ')') { flag('syntax.subshell'); endWord(); i++; continue; }
    if (c === '#' && !inWord) { flag('syntax.comment'); break; }
    if ((c === '*' || c === '?' || c === '[') && !isLiteralGlobChar(text, i)) {
      flag('syntax.glob', c);
    }
    if (c === '{' && hasBraceExpansion(text, i)) flag('syntax.brace_expansion');
    if (c === '~' && !inWord) {
      const expanded = expandTilde(text, i, options.home);
      if (expanded === undefined) flag('syntax.tilde_user');
      else {
        word += expanded.value;
        inWord = true;
        i = expanded.end;
        continue;
      }
    }
    word += c;
    inWord = true;
    i++;
  }
  endWord();
  void quotedWord;

  if (found.size === 0) {
    if (words.length === 0) flag('syntax.empty');
    else {
      const first = firstCommandWord(words);
      if (first !== undefined && RESERVED_WORDS.has(first)) flag('syntax.compound', first);
    }
  }
  if (found.size > 0) {
    return { ok: false, reasons: [...found].map(([code, message]) => ({ code, message })) };
  }
  return { ok: true, words };
}

function readDoubleQuoted(
  text: string,
  start: number,
  emit: (s: string) => void,
  flag: (code: ReasonCode, detail?: string) => void,
): number {
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i + 1;
    if (c === '\\') {
      const n = text[i + 1];
      if (n === '\n') { i += 2; continue; }
      if (n === '$' || n === '`' || n === '"' || n === '\\') { emit(n); i += 2; continue; }
      emit('\\');
      i++;
      continue;
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
function isLiteralGlobChar(text: string, i: number): boolean {
  const c = text[i];
  if (c !== '[') return false;
  const before = i === 0 ? ' ' : text[i - 1]!;
  const after = text[i + 1] ?? ' ';
  return /[ \t]/.test(before) && /[ \t]/.test(after);
}

/** An unquoted `{...}` containing a top-level `,` or `..` expands in bash. */
function hasBraceExpansion(text: string, open: number): boolean {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    const c = text[j]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === "'" || c === '"' || c === ';' || c === '|' || c === '&') return false;
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) {
        const body = text.slice(open + 1, j);
        return body.includes(',') || body.includes('..');
      }
    }
  }
  return false;
}

function expandTilde(text: string, i: number, home: string): { value: string; end: number } | undefined {
  const next = text[i + 1];
  if (next === undefined || next === '/' || next === ' ' || next === '\t') {
    return { value: home, end: i + 1 };
  }
  if (next === '+' || next === '-') return undefined;
  if (/[A-Za-z0-9_.-]/.test(next)) return undefined;
  return { value: '~', end: i + 1 };
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function firstCommandWord(words: string[]): string | undefined {
  return words.find((w) => !ASSIGNMENT.test(w));
}

export function isAssignmentWord(word: string): boolean {
  return ASSIGNMENT.test(word);
}
