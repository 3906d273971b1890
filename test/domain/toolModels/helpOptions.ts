/**
 * Reads the options a tool advertises in its `--help` text. Deliberately simple: an option
 * line starts (after indentation) with `-`; its option part ends at the first run of two
 * spaces or a tab (where the description starts). Every `-x` and `--long` in that part is an
 * option name. So is every `[-x]` and `[--long]` of a usage line. Options mentioned only in prose are not counted
 * (the model may still list them).
 */
export function helpOptions(text: string): Set<string> {
  const found = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\t/g, '    ');
    // A tool with no option list (which, getconf) shows its options in the usage line: `[-a]`,
    // `[-v SPEC]`. `[-Olevel]` and `[-WIDTH]` are an option with its value: left out.
    if (/usage:/i.test(line)) {
      for (const t of line.matchAll(/\[(-[A-Za-z0-9]|--[A-Za-z0-9][A-Za-z0-9_-]*)[\] =]/g)) found.add(t[1]!);
    }
    const m = /^\s{0,12}(-{1,2}[A-Za-z0-9?][\s\S]*)$/.exec(line);
    if (!m) continue;
    const head = m[1]!.split(/ {2,}/)[0]!;
    // A dot inside a name counts (`--http1.1`, `--tlsv1.3`).
    for (const t of head.matchAll(/(?:^|[\s,|[])(--?[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*)/g)) {
      const name = t[1]!;
      // `-NUM` and `--GTYPE-group-format` are placeholders, not option names.
      if (/^-[A-Z]{2,}$/.test(name) || /^--[A-Z]{2,}-/.test(name)) continue;
      found.add(name.replace(/-+$/, ''));
    }
  }
  return found;
}
