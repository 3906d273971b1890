import { parseArgv } from '../toolModels/parseArgv.js';
import { sedModel } from '../toolModels/tools/sed.js';

/**
 * Finds the GNU sed commands that run programs or touch files: `e` (run a command),
 * `s///e`, `w FILE`/`W FILE`, `s///w FILE`, `r FILE`/`R FILE`. A small scanner, not a full parser:
 * it skips addresses, regex bodies and text arguments so data cannot look like commands.
 */
export interface SedFindings {
  executes: boolean;
  writes: string[];
  reads: string[];
}

/**
 * Every reading of where a regex or a text ends, joined: GNU sed keeps a delimiter inside a
 * bracket expression in the regex (`s/^[/]x//e` is `s` with flag `e`, attack pass 18, F1), and
 * `a`/`i`/`c` text goes on past a line ending in an odd number of backslashes (attack pass 19,
 * F9). The findings of the readings with and without each rule are joined, so a sed that reads
 * either way is covered.
 */
export function scanSedScript(script: string): SedFindings {
  const readings = [scanOnce(script, true, true)];
  // The other readings only differ where a bracket or a backslash is.
  if (script.includes('[') || script.includes('\\'))
    readings.push(scanOnce(script, false, true), scanOnce(script, true, false), scanOnce(script, false, false));
  return {
    executes: readings.some((r) => r.executes),
    writes: [...new Set(readings.flatMap((r) => r.writes))],
    reads: [...new Set(readings.flatMap((r) => r.reads))],
  };
}

/** The index after a bracket expression's `]` (POSIX: `]` first is a member, `[:…:]` inside, no escapes). */
export function bracketEnd(text: string, at: number): number {
  let j = at + 1;
  if (text[j] === '^') j++;
  if (text[j] === ']') j++;
  while (j < text.length && text[j] !== ']' && text[j] !== '\n') {
    const k = text[j + 1];
    if (text[j] === '[' && (k === ':' || k === '=' || k === '.')) {
      const close = text.indexOf(`${k}]`, j + 2);
      j = close < 0 ? text.length : close + 2;
    } else j++;
  }
  return j + 1;
}

function scanOnce(script: string, brackets: boolean, continuation: boolean): SedFindings {
  const f: SedFindings = { executes: false, writes: [], reads: [] };
  let i = 0;
  const n = script.length;
  const restOfLine = (): string => {
    const end = script.indexOf('\n', i);
    const s = script.slice(i, end < 0 ? n : end).trim();
    i = end < 0 ? n : end + 1;
    return s;
  };
  const skipDelimited = (delim: string): void => {
    while (i < n && script[i] !== delim) i += script[i] === '\\' ? 2 : 1;
    i++;
  };
  // `a`, `i`, `c` text: the one-line form (`a text`) or the classic one (`a\` and the text on the
  // next lines). A line of text ending in an odd number of backslashes goes on to the next line;
  // an even number is escaped backslashes, and the text ends there (attack pass 19: `a\⏎x\\⏎e id`
  // hid the `e` command on the third line).
  const skipText = (): void => {
    while (i < n && (script[i] === ' ' || script[i] === '\t')) i++;
    if (script[i] === '\\') i += script[i + 1] === '\n' ? 2 : 1;
    for (;;) {
      const end = script.indexOf('\n', i);
      const lineEnd = end < 0 ? n : end;
      let backslashes = 0;
      for (let k = lineEnd - 1; k >= i && script[k] === '\\'; k--) backslashes++;
      i = end < 0 ? n : end + 1;
      if (end < 0 || !continuation || backslashes % 2 === 0) return;
    }
  };
  // A regex (an address, `s`'s first part): bracket expressions hold the delimiter in one reading.
  const skipRegex = (delim: string): void => {
    while (i < n && script[i] !== delim) {
      if (script[i] === '\\') i += 2;
      else if (brackets && script[i] === '[') i = bracketEnd(script, i);
      else i++;
    }
    i++;
  };
  while (i < n) {
    let c = script[i]!;
    if (/[\s;{}!]/.test(c)) {
      i++;
      continue;
    }
    // Address: numbers, $, /re/, \cREc, ranges, steps.
    while (i < n && /[0-9$,~+/\\]/.test(c)) {
      if (c === '/') {
        i++;
        skipRegex('/');
      } else if (c === '\\') {
        const d = script[i + 1] ?? '';
        i += 2;
        skipRegex(d);
      } else i++;
      c = script[i] ?? '';
      if (c === 'I' || c === 'M') {
        i++;
        c = script[i] ?? '';
      }
    }
    while (i < n && /[\s!]/.test(script[i]!)) i++;
    c = script[i] ?? '';
    i++;
    if (c === 's' || c === 'y') {
      const d = script[i] ?? '/';
      i++;
      // `y` has no regex: its brackets are plain characters.
      if (c === 's') skipRegex(d);
      else skipDelimited(d);
      skipDelimited(d);
      if (c === 's') {
        while (i < n && /[a-zA-Z0-9]/.test(script[i]!)) {
          const flag = script[i]!;
          i++;
          if (flag === 'e') f.executes = true;
          if (flag === 'w') {
            f.writes.push(restOfLine());
            break;
          }
        }
      }
    } else if (c === 'e') {
      f.executes = true;
      restOfLine();
    } else if (c === 'w' || c === 'W') f.writes.push(restOfLine());
    else if (c === 'r' || c === 'R') f.reads.push(restOfLine());
    else if (c === 'a' || c === 'i' || c === 'c') skipText();
    else if (c === ':' || c === 'b' || c === 't' || c === 'T' || c === '#') {
      // Label or comment up to end of line (labels also end at `;`).
      const end = script.slice(i).search(c === '#' ? /\n/ : /[\n;]/);
      i = end < 0 ? n : i + end + 1;
    }
  }
  return f;
}

export interface SedOptions {
  scripts: string[];
  scriptFiles: string[];
  files: string[];
  inPlace: boolean;
}

/**
 * A sed command line as GNU sed reads it, in the one reading of sed's option model
 * (toolModels/tools/sed.ts): scripts, script files, input files, and whether it edits in place.
 */
export function sedOptions(args: readonly string[]): SedOptions {
  const parsed = parseArgv(sedModel, args);
  const valuesOf = (long: string): string[] =>
    parsed.uses.filter((u) => u.option.names.includes(long)).map((u) => u.values[0] ?? '');
  const o: SedOptions = {
    scripts: valuesOf('--expression'),
    scriptFiles: valuesOf('--file'),
    files: [...parsed.operands],
    inPlace: parsed.modes.has('in-place'),
  };
  if (o.scripts.length === 0 && o.scriptFiles.length === 0 && o.files.length) o.scripts.push(o.files.shift()!);
  return o;
}

/**
 * The sed script of a command line: `-e S`, `--expression=S`, or the first positional. GNU sed
 * joins the `-e` pieces with newlines into one script (`-e 'a\' -e 'text'` is one `a` command
 * with its text), so they are scanned joined, as one.
 */
export function sedScripts(args: readonly string[]): { scripts: string[]; scriptFiles: string[] } {
  const { scripts, scriptFiles } = sedOptions(args);
  return { scripts: scripts.length > 1 ? [scripts.join('\n')] : scripts, scriptFiles };
}
