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
  /**
   * With `-b`, `--backup` or `-S`: the suffix an existing destination is renamed with (`-S`'s,
   * else the default `~`; SIMPLE_BACKUP_SUFFIX is judged where variables are). GNU's
   * backupfile.c replaces a suffix holding a `/` by `~`.
   */
  backupSuffix?: string;
}

const BACKUP = new Set(['-b', '--backup']);

/**
 * The one reading of these tools' options is their option model (toolModels/tools/copyMove.ts):
 * which words are option values (`-S .bak`, `install -m 755`), which is `-t`'s, whether `-T` or
 * `-r` is on, in every spelling the model knows. `link` has no options and no model.
 */
export function copyOperands(name: string, args: readonly string[]): CopyOperands {
  const model = MODEL_BY_COMMAND.get(name);
  if (!model) return { sources: positionals(args), targets: [], contentsOnly: false, tree: false };
  const parsed = parseArgv(model, args);
  const suffixes = parsed.uses.filter((u) => u.option.names.includes('--suffix')).map((u) => u.values[0] ?? '');
  const backups = suffixes.length > 0 || parsed.uses.some((u) => u.option.names.some((n) => BACKUP.has(n)));
  const suffix = suffixes[suffixes.length - 1] ?? '~';
  return {
    sources: [...parsed.operands],
    targets: parsed.uses.filter((u) => u.option.sets === 'target-given').map((u) => u.values[0] ?? ''),
    contentsOnly: parsed.uses.some((u) => u.option.names.includes('--no-target-directory')),
    tree: name === 'cp' && parsed.modes.has('recursive'),
    ...(backups ? { backupSuffix: suffix.includes('/') ? '~' : suffix } : {}),
  };
}
