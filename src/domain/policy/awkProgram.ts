import { parseArgv } from '../toolModels/parseArgv.js';
import { awkModel } from '../toolModels/tools/awk.js';

/**
 * Whether an awk program can run commands or write files: `system()`, pipes to or from
 * commands (`print | "cmd"`, `"cmd" | getline`, `|&`), output redirection in print
 * statements, `getline < file` is only a read. String and regex literals are blanked first
 * so text inside them cannot trigger a finding.
 */
export function awkRunsOrWrites(program: string): boolean {
  const blanked = program
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/(^|[(,~!&|{};\s])\/(?:[^/\\\n]|\\.)*\//g, '$1//');
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
