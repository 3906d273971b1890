import { parseArgv } from '../toolModels/parseArgv.js';
import { awkModel } from '../toolModels/tools/awk.js';
import { bracketEnd } from './sedScript.js';

/**
 * Words after which a `/` starts a regex literal, not a division: an operand is expected there.
 * After a name, a number, a string, `)` or `]` it divides (`x = 1 / 2`). The lexer errs towards
 * division: a regex read as a division only shows more of the program to the checks below.
 */
const OPERAND_EXPECTED_AFTER = new Set(['print', 'printf', 'return', 'case', 'in', 'getline', 'delete', 'exit']);

/**
 * The program with the insides of string literals, regex literals and comments replaced by
 * spaces, keeping every offset, so a finding in the blanked text points at the same place in
 * the program. A lexer, not a pattern (attack pass 18, F2: `x = 1 / 2; system(…); y = 3 / 4` was
 * read as one regex, and a `"` inside a regex or a `#` comment started a string that hid the
 * rest). `brackets`: whether a `/` inside a bracket expression (`/[/]/`) stays in the regex, as
 * in gawk and mawk; the checks run on both readings, so an awk that ends the regex there is
 * covered too.
 */
function blank(program: string, brackets: boolean): string {
  let out = '';
  let i = 0;
  const n = program.length;
  // The last significant token: '' (start), 'operand' (a name, number, string, `)`, `]`, `$`-less
  // end of an operand) or the operator/keyword itself.
  let prev = '';
  const blankTo = (end: number, keepEnds: number): void => {
    const body = program.slice(i, end);
    out += keepEnds
      ? body[0] + body.slice(1, -1).replace(/[^\n]/g, ' ') + (body.length > 1 ? body.at(-1) : '')
      : body.replace(/[^\n]/g, ' ');
    i = end;
  };
  while (i < n) {
    const c = program[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && program[j] !== '"' && program[j] !== '\n') j += program[j] === '\\' ? 2 : 1;
      blankTo(Math.min(j + 1, n), 1);
      prev = 'operand';
    } else if (c === '#') {
      const j = program.indexOf('\n', i);
      blankTo(j < 0 ? n : j, 0);
    } else if (c === '/' && (prev === '' || !/^(?:operand|\+\+|--)$/.test(prev))) {
      let j = i + 1;
      while (j < n && program[j] !== '/' && program[j] !== '\n') {
        if (program[j] === '\\') j += 2;
        else if (brackets && program[j] === '[') j = bracketEnd(program, j);
        else j++;
      }
      blankTo(Math.min(j + 1, n), 1);
      prev = 'operand';
    } else if (/[A-Za-z_0-9.]/.test(c)) {
      const m = /^[A-Za-z_0-9.]+/.exec(program.slice(i))![0];
      out += m;
      i += m.length;
      prev = OPERAND_EXPECTED_AFTER.has(m) ? m : 'operand';
    } else if (c === ')' || c === ']' || c === '$') {
      out += c;
      i++;
      // `$` is followed by an operand; `$/re/` is not awk. `)`/`]` end an operand.
      prev = c === '$' ? '$' : 'operand';
    } else if (c === '+' || c === '-') {
      const two = program.slice(i, i + 2);
      if (two === '++' || two === '--') {
        out += two;
        i += 2;
        prev = two;
      } else {
        out += c;
        i++;
        prev = c;
      }
    } else if (c === '\\' && program[i + 1] === '\n') {
      // A line continuation is a blank to awk (attack pass 19: `system\⏎(` and `print x \⏎>> f`
      // hid the call and the redirection from the checks, which do not look across a backslash).
      out += '  ';
      i += 2;
    } else if (/\s/.test(c)) {
      out += c;
      i++;
      if (c === '\n') prev = '\n';
    } else {
      out += c;
      i++;
      prev = c;
    }
  }
  return out;
}

/** Both readings of a program (see blank): every check must hold on each. */
function blankings(program: string): string[] {
  const a = blank(program, true);
  const b = blank(program, false);
  return a === b ? [a] : [a, b];
}

const ASSIGN = String.raw`\s*(?:[-+*/%^]?=(?!=)|\+\+|--)`;
const ARGV_ELEMENT = String.raw`\bARGV\s*\[(?:[^[\]]|\[[^[\]]*\])*\]`;
/**
 * Programs that change at run time which files awk reads (attack pass 7): assigning to ARGV's
 * elements or ARGC, ARGV or ARGC handed whole to a function (`split(s, ARGV)`, `f(ARGV)`) or
 * modified by sub/gsub/getline, gawk's SYMTAB (indirect access to any variable), and gawk's
 * indirect calls `@f(...)`, which can name any function, system among them.
 */
const RUNTIME_INPUTS = [
  new RegExp(ARGV_ELEMENT + ASSIGN),
  /(?:\+\+|--)\s*ARG[VC]\b/,
  new RegExp(`\\bARGC${ASSIGN}`),
  /\bARGV\b(?!\s*\[)/,
  /\b(?:sub|gsub|getline)\b[^;{}\n]*\bARG[VC]\b/,
  /\bSYMTAB\b/,
  /@(?!\s*namespace\b)/,
];

/** What an awk program reads or changes beyond its operands: see awkProgramFacts. */
export interface AwkProgramFacts {
  /** Literal files named by `getline < "FILE"` / `getline var < "FILE"`: read paths. */
  readonly reads: string[];
  /** Why the program must be asked about, when it must: a getline file that is not a literal, ARGV/ARGC changes, indirect calls. */
  readonly ask?: string;
  /** ENVIRON is used: the program can print the environment (attack pass 8, P8-11). */
  readonly environ?: true;
}

/**
 * The files an awk program reads through `getline [var] < FILE` (a lone string literal is a
 * read path for the path policy; any other expression is asked about, since its value is only
 * known at run time) and whether it rewrites its input list (ARGV/ARGC) or calls indirectly.
 * `for (k in ARGV)` and `print ARGV[1]` only read ARGV and stay allowed.
 */
export function awkProgramFacts(program: string): AwkProgramFacts {
  const readings = blankings(program).map((b) => factsOf(program, b));
  const reads = [...new Set(readings.flatMap((r) => r.reads))];
  const ask = readings.find((r) => r.ask)?.ask;
  const environ = readings.some((r) => r.environ) ? ({ environ: true } as const) : {};
  return { reads, ...environ, ...(ask ? { ask } : {}) };
}

function factsOf(program: string, blanked: string): AwkProgramFacts {
  const reads: string[] = [];
  const environ = /\bENVIRON\b/.test(blanked) ? ({ environ: true } as const) : {};
  const scrubbed = blanked.replace(/\bin\s+ARGV\b/g, 'in ARGx');
  if (RUNTIME_INPUTS.some((re) => re.test(scrubbed)))
    return {
      reads,
      ...environ,
      ask: 'the awk program changes its input files at run time (ARGV, ARGC) or calls indirectly (@f)',
    };
  // Every `getline … <` up to the statement's end: the target must be nothing, a variable or a
  // field (`$1`, `$NF`), else (`getline $(i+1) <`, a `<` comparison after a getline) it is asked.
  const getline = /\bgetline\b([^;{}\n<]*)<\s*/g;
  const target =
    /^\s*(?:[A-Za-z_][A-Za-z0-9_]*(?:\s*\[(?:[^[\]]|\[[^[\]]*\])*\])?|\$\s*(?:[0-9]+|[A-Za-z_][A-Za-z0-9_]*))?\s*$/;
  for (const m of blanked.matchAll(getline)) {
    const at = m.index + m[0].length;
    // A lone literal: `"…"` with no escapes, then the end of the getline expression.
    const lit = target.test(m[1]!) ? /^"([^"\\]*)"(?=\s*(?:[);}\n]|$))/.exec(program.slice(at)) : null;
    if (!lit) return { reads, ...environ, ask: 'the awk program reads a file (getline <) named by an expression' };
    reads.push(lit[1]!);
  }
  return { reads, ...environ };
}

/**
 * Whether an awk program can run commands or write files: `system()`, pipes to or from
 * commands (`print | "cmd"`, `"cmd" | getline`, `|&`), output redirection in print
 * statements, `getline < file` is only a read. String and regex literals are blanked first
 * so text inside them cannot trigger a finding.
 */
export function awkRunsOrWrites(program: string): boolean {
  return blankings(program).some(runsOrWrites);
}

function runsOrWrites(blanked: string): boolean {
  if (/\bsystem\s*\(/.test(blanked)) return true;
  if (/\|/.test(blanked.replace(/\|\|/g, ''))) return true;
  if (/@(load|include)\b/.test(blanked)) return true;
  if (/\bprintf?\b[^;{}\n]*>/.test(blanked)) return true;
  return false;
}

/**
 * The awk program text and whether it comes from a file (`-f`, `-E`), in the one reading of awk's
 * option model (toolModels/tools/awk.ts): gawk's `-e`/`--source` texts, else the first operand.
 * A word after `-W` is its value (`-W interactive PROG`: PROG is the program).
 */
export function awkProgramOf(args: readonly string[]): { program?: string; fromFile: boolean } {
  const parsed = parseArgv(awkModel, args);
  if (parsed.uses.some((u) => u.option.effect === 'loads' && u.option.sets === 'pattern-given'))
    return { fromFile: true };
  const sources = parsed.uses.filter((u) => u.option.names.includes('--source')).map((u) => u.values[0] ?? '');
  if (sources.length > 0) return { program: sources.join('\n'), fromFile: false };
  return { program: parsed.operands[0], fromFile: false };
}
