import { MODEL_BY_COMMAND } from '../toolModels/registry.js';
import { parseArgv } from '../toolModels/parseArgv.js';
import { positionals } from './argView.js';

/** What a `cp`/`mv`/`install`/`ln`/`link` command line copies where, for the landing paths (copyLanding.ts). */
export interface CopyOperands {
  /** Every operand, the destination last unless `-t` named it. */
  sources: string[];
  /** `-t DIR` / `--target-directory` values, in order. */
  targets: string[];
  /** `-T`: the source's contents are laid over the destination. */
  contentsOnly: boolean;
  /** `cp -r`/`-a`: whole trees are read and written. */
  tree: boolean;
}

/**
 * The one reading of these tools' options is their option model (toolModels/tools/copyMove.ts):
 * which words are option values (`-S .bak`, `install -m 755`), which is `-t`'s, whether `-T` or
 * `-r` is on, in every spelling the model knows. `link` has no options and no model.
 */
export function copyOperands(name: string, args: readonly string[]): CopyOperands {
  const model = MODEL_BY_COMMAND.get(name);
  if (!model) return { sources: positionals(args), targets: [], contentsOnly: false, tree: false };
  const parsed = parseArgv(model, args);
  return {
    sources: [...parsed.operands],
    targets: parsed.uses.filter((u) => u.option.sets === 'target-given').map((u) => u.values[0] ?? ''),
    contentsOnly: parsed.uses.some((u) => u.option.names.includes('--no-target-directory')),
    tree: name === 'cp' && parsed.modes.has('recursive'),
  };
}
