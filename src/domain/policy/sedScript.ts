import { matchLongOption } from './longOption.js';

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

export function scanSedScript(script: string): SedFindings {
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
        skipDelimited('/');
      } else if (c === '\\') {
        const d = script[i + 1] ?? '';
        i += 2;
        skipDelimited(d);
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
      skipDelimited(d);
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
    else if (c === 'a' || c === 'i' || c === 'c' || c === ':' || c === 'b' || c === 't' || c === 'T' || c === '#') {
      // Text, label or comment up to end of line (labels also end at `;`).
      const end = script.slice(i).search(c === 'a' || c === 'i' || c === 'c' || c === '#' ? /\n/ : /[\n;]/);
      i = end < 0 ? n : i + end + 1;
    }
  }
  return f;
}

// GNU sed's long options; getopt_long accepts any unambiguous prefix (`--expr`, `--fil`, `--in`).
const SED_LONGS = [
  '--quiet',
  '--silent',
  '--debug',
  '--expression',
  '--file',
  '--follow-symlinks',
  '--in-place',
  '--line-length',
  '--null-data',
  '--zero-terminated',
  '--posix',
  '--regexp-extended',
  '--separate',
  '--sandbox',
  '--unbuffered',
  '--help',
  '--version',
  '--binary',
];

export interface SedOptions {
  scripts: string[];
  scriptFiles: string[];
  files: string[];
  inPlace: boolean;
}

/** A sed command line as GNU sed reads it: scripts, script files, input files, and whether it edits in place. */
export function sedOptions(args: readonly string[]): SedOptions {
  const o: SedOptions = { scripts: [], scriptFiles: [], files: [], inPlace: false };
  const pos: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      pos.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const m = matchLongOption(a, SED_LONGS);
      if (!m) continue;
      // An ambiguous prefix counts as its most dangerous reading (`--f`: a script file).
      if (m.names.includes('--expression')) o.scripts.push(m.value ?? args[++i] ?? '');
      else if (m.names.includes('--file')) o.scriptFiles.push(m.value ?? args[++i] ?? '');
      else if (m.names.includes('--in-place')) o.inPlace = true;
      else if (m.names.includes('--line-length') && m.value === undefined) i++;
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      pos.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      const rest = a.slice(k + 1);
      // `-i` takes an optional attached suffix (`-i.bak`, even `-ie`); `-e`, `-f`, `-l` take a value.
      if (c === 'i') {
        o.inPlace = true;
        break;
      }
      if (c === 'e') {
        o.scripts.push(rest || (args[++i] ?? ''));
        break;
      }
      if (c === 'f') {
        o.scriptFiles.push(rest || (args[++i] ?? ''));
        break;
      }
      if (c === 'l') {
        if (!rest) i++;
        break;
      }
    }
  }
  if (o.scripts.length === 0 && o.scriptFiles.length === 0 && pos.length) o.scripts.push(pos.shift()!);
  o.files = pos;
  return o;
}

/** The sed scripts of a command line: `-e S`, `--expression=S`, or the first positional. */
export function sedScripts(args: readonly string[]): { scripts: string[]; scriptFiles: string[] } {
  const { scripts, scriptFiles } = sedOptions(args);
  return { scripts, scriptFiles };
}
