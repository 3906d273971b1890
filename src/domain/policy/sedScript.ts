/**
 * Finds the GNU sed commands that run programs or touch files: `e` (run a command),
 * `s///e`, `w FILE`/`W FILE`, `s///w FILE`, `r FILE`/`R FILE`. A small scanner, not a full parser:
 * it skips addresses, regex bodies and text arguments so data cannot look like commands.
 */
export interface SedFindings { executes: boolean; writes: string[]; reads: string[] }

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
    if (/[\s;{}!]/.test(c)) { i++; continue; }
    // Address: numbers, $, /re/, \cREc, ranges, steps.
    while (i < n && /[0-9$,~+/\\]/.test(c)) {
      if (c === '/') { i++; skipDelimited('/'); }
      else if (c === '\\') { const d = script[i + 1] ?? ''; i += 2; skipDelimited(d); }
      else i++;
      c = script[i] ?? '';
      if (c === 'I' || c === 'M') { i++; c = script[i] ?? ''; }
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
          if (flag === 'w') { f.writes.push(restOfLine()); break; }
        }
      }
    } else if (c === 'e') { f.executes = true; restOfLine(); }
    else if (c === 'w' || c === 'W') f.writes.push(restOfLine());
    else if (c === 'r' || c === 'R') f.reads.push(restOfLine());
    else if (c === 'a' || c === 'i' || c === 'c' || c === ':' || c === 'b' || c === 't' || c === 'T' || c === '#') {
      // Text, label or comment up to end of line (labels also end at `;`).
      const end = script.slice(i).search(c === 'a' || c === 'i' || c === 'c' || c === '#' ? /\n/ : /[\n;]/);
      i = end < 0 ? n : i + end + 1;
    }
  }
  return f;
}

/** The sed scripts of a command line: `-e S`, `--expression=S`, or the first positional. */
export function sedScripts(args: readonly string[]): { scripts: string[]; scriptFiles: string[] } {
  const scripts: string[] = [];
  const scriptFiles: string[] = [];
  const pos: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e' || a === '--expression') scripts.push(args[++i] ?? '');
    else if (a.startsWith('--expression=')) scripts.push(a.slice(13));
    else if (a === '-f' || a === '--file') scriptFiles.push(args[++i] ?? '');
    else if (a.startsWith('--file=')) scriptFiles.push(a.slice(7));
    else if (a === '-l' || a === '--line-length') i++;
    else if (!a.startsWith('-') || a === '-') pos.push(a);
  }
  if (scripts.length === 0 && scriptFiles.length === 0 && pos[0] !== undefined) scripts.push(pos[0]);
  return { scripts, scriptFiles };
}
