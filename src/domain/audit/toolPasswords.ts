import { HTPASSWD_NAMES, htpasswdPasswordIndex } from '../toolModels/tools/htpasswd.js';
import { SEVEN_ZIP_NAMES } from '../toolModels/tools/sevenZip.js';
import { isBlank, shellValueEnd } from './shellValue.js';

/*
 * Passwords that tools take as a word of their own command line: `zip -P PASS`, `zip -PPASS`,
 * `unzip -P PASS`, `redis-cli -a PASS`, `7z -pPASS`, `htpasswd -b FILE USER PASS`. One reading
 * of the words serves the argv (redactArgv) and the command text (passwordsInText), so the
 * record's `command` hides what its `argv` hides.
 */

/** The option whose next word is the password, per tool (their manuals: zip(1), unzip(1), redis-cli). */
const PASSWORD_OPTION: Readonly<Record<string, RegExp>> = {
  zip: /^(?:-P|--password)$/,
  unzip: /^-P$/,
  zipcloak: /^(?:-P|--password)$/,
  'redis-cli': /^(?:-a|--pass)$/,
};
/** Tools whose `-P` also takes its password attached (`zip -PSECRET`). */
const GLUED_P_PASSWORD: ReadonlySet<string> = new Set(['zip', 'zipcloak']);

/** A password word: its index in argv, and the option letters kept before the marker (`-p`, or ''). */
export type PasswordWord = readonly [index: number, kept: string];

/**
 * The words of `argv` that are a tool's password, by index. The tool is the first word that
 * names one (argv[0], or after a wrapper: `sudo 7za a -pX`, `env H=1 htpasswd -b …`).
 */
export function toolPasswordWords(argv: readonly string[]): PasswordWord[] {
  const at = argv.findIndex((a) => KNOWN.has(basename(a)));
  if (at < 0) return [];
  const tool = basename(argv[at]!);
  if (HTPASSWD_NAMES.has(tool)) {
    const found = htpasswdPasswordIndex(argv.slice(at + 1));
    return found === undefined ? [] : [[at + 1 + found, '']];
  }
  const out: PasswordWord[] = [];
  const option = PASSWORD_OPTION[tool];
  const sevenZip = SEVEN_ZIP_NAMES.has(tool);
  const gluedP = GLUED_P_PASSWORD.has(tool);
  for (let i = at + 1; i < argv.length; i++) {
    if (option?.test(argv[i - 1]!)) out.push([i, '']);
    else if (sevenZip && /^-p.+/.test(argv[i]!)) out.push([i, '-p']);
    else if (gluedP && /^-P.+/.test(argv[i]!)) out.push([i, '-P']);
  }
  return out;
}

const NAMES = [...Object.keys(PASSWORD_OPTION), ...SEVEN_ZIP_NAMES, ...GLUED_P_PASSWORD, ...HTPASSWD_NAMES];
const KNOWN: ReadonlySet<string> = new Set(NAMES);
/** A tool's name where a command word may start (a path before it is allowed). */
const NAME = new RegExp(
  `(?<![^\\s;&|()\`'"])(?:[^\\s;&|()<>\`'"]*/)?(${[...new Set(NAMES)].map((n) => n.replace(/[-]/g, '\\-')).join('|')})(?![^\\s;&|()<>])`,
  'g',
);
/** Text that needs reading: one of the names in it. */
export const TOOL_PASSWORD_NAMES = new RegExp(NAMES.map((n) => n.replace(/[-]/g, '\\-')).join('|'));
/** A character that ends a simple command where a word would start. */
const COMMAND_END: ReadonlySet<number> = new Set([...'\n;&|()<>`'].map((c) => c.charCodeAt(0)));

/**
 * Each password word in shell text: [start, end of the kept option letters, end]. The words
 * after a tool's name, up to the end of its simple command, are read as the shell splits them
 * and judged as toolPasswordWords judges argv; the search goes on after them, so each character
 * is read once (`zip zip zip …` is linear). Only words that may be options are copied.
 */
export function* passwordsInText(text: string): Generator<[number, number, number]> {
  NAME.lastIndex = 0;
  for (let m = NAME.exec(text); m; m = NAME.exec(text)) {
    const tool = m[1]!;
    const words = commandWords(text, m.index + m[0].length);
    if (HTPASSWD_NAMES.has(tool)) {
      const args: string[] = [];
      for (let k = 0; k < words.bounds.length; k += 2)
        args.push(optionView(text, words.bounds[k]!, words.bounds[k + 1]!));
      const found = htpasswdPasswordIndex(args);
      if (found !== undefined) yield [words.bounds[2 * found]!, words.bounds[2 * found]!, words.bounds[2 * found + 1]!];
    } else {
      const option = PASSWORD_OPTION[tool];
      const glued = SEVEN_ZIP_NAMES.has(tool) ? /^-p.+/ : GLUED_P_PASSWORD.has(tool) ? /^-P.+/ : undefined;
      let afterOption = false;
      for (let k = 0; k < words.bounds.length; k += 2) {
        const s = words.bounds[k]!;
        const e = words.bounds[k + 1]!;
        const word = optionView(text, s, e);
        if (afterOption) yield [s, s, e];
        else if (glued?.test(word)) yield [s, text.startsWith(word.slice(0, 2), s) ? s + 2 : s, e];
        afterOption = option?.test(word) === true;
      }
    }
    NAME.lastIndex = Math.max(words.end, NAME.lastIndex);
  }
}

/** Stands for a word that is no option (its text is not needed). */
const OPERAND = 'operand';

/** The words of one simple command from `pos`: flat [start, end, …] (10^5 words need no tuples), and where it stops. */
function commandWords(text: string, pos: number): { bounds: number[]; end: number } {
  const bounds: number[] = [];
  for (;;) {
    while (pos < text.length && text.charCodeAt(pos) !== 10 && isBlank(text.charCodeAt(pos))) pos++;
    if (pos >= text.length || COMMAND_END.has(text.charCodeAt(pos))) break;
    const end = shellValueEnd(text, pos);
    if (end === pos) break;
    bounds.push(pos, end);
    pos = end;
  }
  return { bounds, end: pos };
}

/**
 * A word as far as option letters go: quotes and backslashes removed (`'-b'` is `-b`). A word
 * that cannot start with `-` once unquoted is no option nor glued password: OPERAND (not copied).
 */
function optionView(text: string, s: number, e: number): string {
  const c = text.charCodeAt(s);
  if (c !== 0x2d && c !== 0x27 && c !== 0x22 && c !== 0x5c) return OPERAND;
  const word = text.slice(s, e);
  return /['"\\]/.test(word) ? word.replace(/['"\\]/g, '') : word;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
