import type { Reason } from '../verdict.js';
import type { ReasonCode } from '../reasonCodes.js';
import { REASON_CODES } from '../reasonCodes.js';
import { scanBraces } from './braceExpansion.js';
import { isLiteralGlobChar, readDoubleQuoted } from './doubleQuotedAndGlob.js';
import { removeLineContinuations } from './lineContinuation.js';
import { readAssignmentPrefix, tildeAtWordStart, tildeInWord } from './tilde.js';
import type { AssignmentPrefix } from './tilde.js';
import type { Expandable, Piece, WordPlan } from './expansion/wordPlan.js';
import { readParameter } from './expansion/readParameter.js';

export const MAX_COMMAND_LENGTH = 64 * 1024;

export type TokenizeResult =
  | { ok: true; words: string[]; spans?: Array<[number, number]> }
  | {
      ok: false;
      reasons: Reason[];
      /**
       * With `expand`, when `$NAME`/`${NAME}`/`$?`/`$!` and unquoted globs are the only problems:
       * the words and how to expand them (src/domain/shell/expansion/). The reasons still refuse
       * for a caller that does not expand.
       */
      expandable?: Expandable;
      /**
       * Only when unquoted globs are the one problem: the words taken literally, and which of them
       * hold a glob. The review may accept globs whose expansion cannot matter (globOptionWords.ts).
       */
      globbed?: { words: string[]; globWords: number[] };
    };

export interface TokenizeOptions {
  /** Home directory used to expand an unquoted leading `~` or `~/`. */
  home: string;
  /** Record parameter expansions and globs as an `expandable` word list instead of only refusing them. */
  expand?: boolean;
  /** Return each word's [start, end) offsets in the text (absent when line continuations moved them). */
  spans?: boolean;
}

const RESERVED_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'function',
  'select',
  'coproc',
  '{',
  '}',
  '!',
  '[[',
  ']]',
  // Not `time`: bash's keyword times the pipeline after it, taking `-p` and nothing else (any
  // other word is the command), and dash runs /usr/bin/time. Both are read as the `time` wrapper
  // (policy/wrappers.ts), whose `-o FILE` write is judged: the same command, or a stricter reading.
]);

/**
 * Splits shell text into the words of one simple command, the way bash would tokenise it,
 * and refuses everything that is not a simple command. Every construct found is reported
 * (one reason per code) so the verdict names all of them, not just the first.
 */
export function tokenize(source: string, options: TokenizeOptions): TokenizeResult {
  const found = new Map<ReasonCode, string>();
  const flag = (code: ReasonCode, detail?: string): void => {
    if (!found.has(code)) found.set(code, detail ? `${REASON_CODES[code]} (${detail})` : REASON_CODES[code]);
  };
  if (source.length > MAX_COMMAND_LENGTH) {
    return { ok: false, reasons: [{ code: 'syntax.too_long', message: REASON_CODES['syntax.too_long'] }] };
  }
  const text = removeLineContinuations(source);
  const expand = options.expand === true;
  // Expansions the caller can do itself (expand mode): they refuse only if nothing else does.
  const deferred = new Map<ReasonCode, string>();
  const defer = (code: ReasonCode, detail: string): void => {
    if (!deferred.has(code)) deferred.set(code, `${REASON_CODES[code]} (${detail})`);
  };
  // Word offsets, flat ([start, end, start, end, …]): no array per word on the hot path.
  const spanFlat: number[] = [];
  const plans: WordPlan[] = [];
  // Expand mode: where each piece of the current word starts in `word`, and its kind
  // (0 unquoted text, 1 quoted text, 2 unquoted `$NAME`, 3 quoted `$NAME`), flat and reused;
  // pieces are built only for a word that needs expanding.
  const marks: number[] = [];
  let nMarks = 0;
  const varNames: string[] = [];
  let wordVar = false;
  const add = (s: string, quoted: boolean): void => {
    if (expand) {
      marks[nMarks++] = word.length;
      marks[nMarks++] = quoted ? 1 : 0;
    }
    word += s;
  };
  const addVar = (name: string, raw: string, quoted: boolean): void => {
    marks[nMarks++] = word.length;
    marks[nMarks++] = quoted ? 3 : 2;
    varNames.push(name);
    word += raw;
    wordVar = true;
  };

  const words: string[] = [];
  let word = '';
  let inWord = false;
  let wordStart = 0;
  // Whether the last thing added to the word was an unquoted literal character (for `~` after `=`/`:`).
  let afterPlain = false;
  // A word that is not a leading `NAME=value` assignment has been seen: we are past the command name.
  let commandSeen = false;
  // The word's `NAME=` prefix, read at its first `~` (undefined: not read yet).
  let assignment: AssignmentPrefix | null | undefined;
  // Braces up to here were already scanned as part of an earlier `{` of the same word.
  let bracesScannedTo = -1;
  let i = 0;
  const startWord = (): void => {
    if (!inWord) {
      inWord = true;
      wordStart = i;
    }
  };
  // The word being read holds an unquoted glob character.
  let wordGlob = false;
  const globWords: number[] = [];
  const endWord = (): void => {
    if (inWord) {
      if (wordGlob) globWords.push(words.length);
      const isAssignment = !commandSeen && ASSIGNMENT.test(text.slice(wordStart, i));
      if (expand && (wordGlob || wordVar)) {
        plans.push({
          index: words.length,
          pieces: piecesOf(word, marks.slice(0, nMarks), varNames),
          assignment: isAssignment,
          glob: wordGlob,
        });
      }
      spanFlat.push(wordStart, i);
      words.push(word);
      if (!isAssignment) commandSeen = true;
    }
    if (wordVar) varNames.length = 0;
    nMarks = 0;
    wordVar = false;
    word = '';
    inWord = false;
    wordGlob = false;
    afterPlain = false;
    assignment = undefined;
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
      if (next === '\n') {
        i += 2;
        continue;
      } // line continuation
      startWord();
      afterPlain = false;
      if (next === undefined) {
        add('\\', true);
        i++;
        continue;
      }
      add(next, true);
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) {
        flag('syntax.unterminated_quote', "'");
        break;
      }
      const body = text.slice(i + 1, close);
      if (body.includes('\n')) flag('syntax.multiline');
      startWord();
      afterPlain = false;
      add(body, true);
      i = close + 1;
      continue;
    }
    if (c === '"') {
      startWord();
      afterPlain = false;
      i = readDoubleQuoted(
        text,
        i + 1,
        (s) => add(s, true),
        flag,
        expand
          ? (at) => {
              const p = readParameter(text, at);
              if (!p) return undefined;
              addVar(p.name, text.slice(at, p.end), true);
              defer('syntax.expansion', `$${p.name} inside double quotes`);
              return p.end;
            }
          : undefined,
      );
      continue;
    }
    if (c === '$') {
      const p = expand ? readParameter(text, i) : undefined;
      if (p) {
        startWord();
        afterPlain = false;
        addVar(p.name, text.slice(i, p.end), false);
        defer('syntax.expansion', `$${p.name}`);
        i = p.end;
        continue;
      }
      if (next === '(') flag('syntax.substitution', '$(');
      else flag('syntax.expansion', next === undefined ? '$' : `$${next}`);
      startWord();
      word += c;
      i++;
      continue;
    }
    if (c === '`') {
      flag('syntax.substitution', 'backtick');
      startWord();
      word += c;
      i++;
      continue;
    }
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
    if (c === ';') {
      flag('syntax.separator');
      endWord();
      i++;
      continue;
    }
    if (c === '<' || c === '>') {
      if (next === '(') flag('syntax.process_substitution', `${c}(`);
      else if (c === '<' && next === '<') {
        flag('syntax.heredoc');
        endWord();
        while (text[i] === '<') i++;
        continue;
      } else flag('syntax.redirection', c);
      endWord();
      // `>|`, `>&`, `<&`, `<>`, `>>` are one operator: their second character is not a pipe or a `&`.
      i += next === '|' || next === '&' || next === '>' || (c === '<' && next === '>') ? 2 : 1;
      continue;
    }
    if (c === '(' || c === ')') {
      flag('syntax.subshell');
      endWord();
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      flag('syntax.comment');
      break;
    }
    // bash does not glob the value of a leading `NAME=value` (`DEBUG=* npm test` passes `*`):
    // past the `=` of such a word the character is literal, as it is for the shell.
    const inAssignmentValue = inWord && !commandSeen && ASSIGNMENT.test(text.slice(wordStart, i));
    if ((c === '*' || c === '?' || c === '[') && !inAssignmentValue && !isLiteralGlobChar(text, i)) {
      if (expand) defer('syntax.glob', c);
      else flag('syntax.glob', c);
      wordGlob = true;
    }
    if (c === '{' && i >= bracesScannedTo) {
      const scan = scanBraces(text, i);
      bracesScannedTo = scan.end;
      if (scan.expands) flag('syntax.brace_expansion');
    }
    if (c === '~') {
      if (inWord && assignment === undefined) assignment = readAssignmentPrefix(text.slice(wordStart, i));
      const d = inWord
        ? tildeInWord(text, i, options.home, {
            offset: i - wordStart,
            assignment: assignment ?? null,
            afterPlain,
            leading: !commandSeen,
          })
        : tildeAtWordStart(text, i, options.home);
      if (d.kind === 'user') flag('syntax.tilde_user');
      else if (d.kind === 'ambiguous') flag('syntax.tilde_ambiguous');
      else if (d.kind === 'expand') {
        startWord();
        // The result of tilde expansion is not globbed or split: a quoted piece.
        add(d.value, true);
        afterPlain = false;
        i = d.end;
        continue;
      }
    }
    startWord();
    // A run of ordinary characters is appended in one piece: building words one character at
    // a time made long commands the slowest part of a review.
    let j = i + 1;
    while (j < text.length && isOrdinary(text.charCodeAt(j))) j++;
    if (expand) {
      marks[nMarks++] = word.length;
      marks[nMarks++] = 0;
    }
    word += j === i + 1 ? c : text.slice(i, j);
    afterPlain = true;
    i = j;
  }
  endWord();

  // Offsets into the text after line continuations were removed would not be the source's.
  if (deferred.size > 0 && text !== source) flag('syntax.expansion', 'with a line continuation');
  if (found.size === 0) {
    if (words.length === 0) flag('syntax.empty');
    else {
      const first = firstCommandWord(words);
      if (first !== undefined && RESERVED_WORDS.has(first)) flag('syntax.compound', first);
    }
  }
  if (found.size > 0) {
    const reasons = [...found].map(([code, message]) => ({ code, message }));
    if (found.size === 1 && found.has('syntax.glob')) return { ok: false, reasons, globbed: { words, globWords } };
    for (const [code, message] of deferred) if (!found.has(code)) reasons.push({ code, message });
    return { ok: false, reasons };
  }
  if (deferred.size > 0) {
    const reasons = [...deferred].map(([code, message]) => ({ code, message }));
    const out: TokenizeResult = { ok: false, reasons, expandable: { words, spans: pairs(spanFlat), plans } };
    if (deferred.size === 1 && deferred.has('syntax.glob')) out.globbed = { words, globWords };
    return out;
  }
  return options.spans && text === source ? { ok: true, words, spans: pairs(spanFlat) } : { ok: true, words };
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function pairs(flat: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let k = 0; k < flat.length; k += 2) out.push([flat[k]!, flat[k + 1]!]);
  return out;
}

/** The pieces of a word from its marks (see `marks` in tokenize). */
function piecesOf(word: string, marks: readonly number[], varNames: readonly string[]): Piece[] {
  const out: Piece[] = [];
  let v = 0;
  for (let k = 0; k < marks.length; k += 2) {
    const kind = marks[k + 1]!;
    if (kind >= 2) out.push({ kind: 'var', name: varNames[v++]!, quoted: kind === 3 });
    else
      out.push({
        kind: 'text',
        text: word.slice(marks[k]!, k + 2 < marks.length ? marks[k + 2]! : word.length),
        quoted: kind === 1,
      });
  }
  return out;
}

/** ASCII characters the loop above must see one by one (syntax, quotes, globs, `~`, `{`, controls). */
const SPECIAL = new Uint8Array(128);
for (let k = 0; k < 0x20; k++) SPECIAL[k] = 1;
SPECIAL[0x7f] = 1;
for (const ch of ' \t\n\\\'"$`|&;<>()#*?[{~') SPECIAL[ch.charCodeAt(0)] = 1;

/** Not special to the tokenizer; non-ASCII letters are ordinary (look-alikes are judged later). */
function isOrdinary(code: number): boolean {
  return code >= 128 || SPECIAL[code] === 0;
}

function firstCommandWord(words: string[]): string | undefined {
  return words.find((w) => !ASSIGNMENT.test(w));
}
