import { parseArgv } from '../toolModels/parseArgv.js';
import { awkModel } from '../toolModels/tools/awk.js';

/**
 * The program with the insides of string and regex literals replaced by spaces, keeping every
 * offset, so a finding in the blanked text points at the same place in the program.
 */
function blank(program: string): string {
  return program
    .replace(/"(?:[^"\\]|\\.)*"/g, (m) => `"${' '.repeat(m.length - 2)}"`)
    .replace(
      /(^|[(,~!&|{};\s])\/((?:[^/\\\n]|\\.)*)\//g,
      (_m, pre: string, body: string) => `${pre}/${' '.repeat(body.length)}/`,
    );
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
  const blanked = blank(program);
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
  const blanked = blank(program);
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
