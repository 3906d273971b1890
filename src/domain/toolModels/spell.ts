import type { Arity, Effect, OptionModel, ToolModel } from './modelTypes.js';

/**
 * Builds an option entry from its `--help` spelling, so a model reads like the help it was
 * checked against: `-o, --output=FILE` (value required), `--color[=WHEN]` (optional, attached
 * only; a short spelling in the same entry then takes none), `-a FILENUM` (short with a value),
 * `-n` (a flag). `example` is a whole command line, words separated by single spaces.
 */
export function opt(
  spelling: string,
  example: string,
  effect: Effect = 'none',
  more: Partial<OptionModel> = {},
): OptionModel {
  const names: string[] = [];
  let arity: Arity = 'none';
  for (const part of spelling.split(/,\s*/)) {
    const m = /^(-{0,2}[^\s=[]+)(\[=?[^\]]*\]|=\S+|(?: \S+)+)?$/.exec(part.trim());
    if (!m) throw new Error(`bad option spelling: ${spelling}`);
    names.push(m[1]!);
    const v = m[2];
    if (v?.startsWith('[')) arity = 'optional';
    else if (v) arity = 'required';
  }
  const entry: OptionModel = { names, arity, effect, example, ...more };
  // GNU short options with `::` take an attached value only when the help spells it `-I[FMT]`.
  if (
    arity === 'optional' &&
    more.shortArity === undefined &&
    !/(^|, )-[^-]\[/.test(spelling) &&
    names.some((n) => /^-[^-]$/.test(n))
  )
    entry.shortArity = 'none';
  return entry;
}

/**
 * Entries for options without effects, each with a generated example: `TOOL SPELLING[ VALUE] TAIL`.
 * `tail` supplies the operands that make a valid line (`file.txt`, `PATTERN file.txt`).
 */
export function plain(tool: string, tail: string, ...spellings: string[]): OptionModel[] {
  return spellings.map((s) => {
    const base = opt(s, '');
    const first = base.names.find((n) => n.startsWith('--')) ?? base.names[0]!;
    const value = base.arity === 'required' ? (first.startsWith('--') ? '=1' : ' 1') : '';
    base.example = `${tool} ${first}${value}${tail ? ` ${tail}` : ''}`;
    return base;
  });
}

/**
 * Go's pflag booleans (kubectl, docker): a long one takes `=VALUE` (`--all=false`), never a
 * separate word, so `optional` (attached only) is its arity; a short spelling stays a flag inside
 * a cluster (`-aq`; `-A=false` is the pflag reading, parseArgv). Applied to the whole tree of
 * subcommand models, in place: the tables are built for this.
 */
export function pflagBooleans(m: ToolModel): ToolModel {
  for (const o of m.options)
    if (o.arity === 'none' && o.names.some((n) => n.startsWith('--')))
      Object.assign(o, { arity: 'optional', shortArity: 'none' });
  for (const s of Object.values(m.subcommands ?? {})) pflagBooleans(s);
  return m;
}
