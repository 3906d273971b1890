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

/** The awk program text and whether it comes from a file (`-f`). */
export function awkProgramOf(args: readonly string[]): { program?: string; fromFile: boolean } {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-f' || a.startsWith('--file') || a === '-E' || a.startsWith('--exec')) return { fromFile: true };
    if (a === '-v' || a === '-F' || a === '--assign' || a === '--field-separator') {
      i++;
      continue;
    }
    if (a === '--') return { program: args[i + 1], fromFile: false };
    if (a.startsWith('-')) continue;
    return { program: a, fromFile: false };
  }
  return { fromFile: false };
}
