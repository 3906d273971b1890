import type { OptionModel, ToolModel } from '../../modelTypes.js';
import { opt } from '../../spell.js';
import { diffOptions, logOwnOptions, revisionOptions } from './diffOptions.js';

/** Shared building blocks of the git subcommand models (subcommandModels.ts and its siblings). */

/** One entry per name: a later list repeating an option (`--quiet`) adds nothing. */
export function merge(...lists: OptionModel[][]): OptionModel[] {
  const seen = new Set<string>();
  const out: OptionModel[] = [];
  for (const o of lists.flat()) {
    if (o.names.every((n) => seen.has(n))) continue;
    for (const n of o.names) seen.add(n);
    out.push(o);
  }
  return out;
}

/** A parse-options subcommand (`git SUB`, or `git SUB SUB2` for a nested one): `--no-NAME` negates. */
export function sub(word: string, options: OptionModel[], more: Partial<ToolModel> = {}): ToolModel {
  return { commands: [`git ${word}`], negatable: true, options, operands: { rest: 'none' }, ...more };
}

export const HELP = (tool: string): OptionModel => opt('-h', `${tool} -h`);

/** log's options: its own, the revision walk's and the diff options (`--output=F` writes). */
export const logOptions = (tool: string): OptionModel[] =>
  merge(logOwnOptions(tool), revisionOptions(tool), diffOptions(tool), [HELP(tool)]);

/** A subcommand that takes log's options (`log`, `show`, `stash list`, `reflog show`). */
export const logLike = (word: string): ToolModel => sub(word, logOptions(`git ${word}`), { numeric: /^-\d+$/ });

/**
 * `--pathspec-from-file=FILE` (add, commit, checkout, restore, stash push): the pathspecs are
 * in the file, which the review cannot see (`list`: asked; a protected file is refused).
 */
export const pathspecFromFile = (tool: string): OptionModel =>
  opt('--pathspec-from-file=FILE', `${tool} --pathspec-from-file=paths.txt`, 'list', {
    why: 'the pathspecs are in that file',
  });
