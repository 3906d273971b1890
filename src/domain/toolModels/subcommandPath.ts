import type { ToolModel } from './modelTypes.js';
import { parseArgv } from './parseArgv.js';

/**
 * The subcommand words of `args` as the model's own parse finds them, walking its nested
 * subcommands as judgeModel.ts does (`kubectl -n x cluster-info dump` → `cluster-info`, `dump`):
 * a rule that allows by subcommand reads the line the way the model that judges its options does.
 * argView's quicker reading can disagree (kubectl's `--cache_dir get` is `--cache-dir=get`).
 */
export function subcommandPath(model: ToolModel, args: readonly string[]): string[] {
  const path: string[] = [];
  let current: ToolModel | undefined = model;
  let words = args;
  while (current?.subcommands) {
    const operands: readonly string[] = parseArgv(current, words).operands;
    const word: string | undefined = operands[0];
    // Own properties only: a subcommand named `__proto__` must not reach Object.prototype.
    if (word === undefined || !Object.hasOwn(current.subcommands, word)) break;
    path.push(word);
    current = current.subcommands[word];
    words = operands.slice(1);
  }
  return path;
}
