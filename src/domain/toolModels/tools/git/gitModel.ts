import type { ToolModel } from '../../modelTypes.js';
import { GIT_GLOBAL_OPTIONS } from './globalOptions.js';
import { GIT_SUBCOMMAND_MODELS } from './subcommandModels.js';
import { GIT_MODELS_PENDING } from './subcommands.js';

/**
 * git: the global options before the subcommand (globalOptions.ts), then the subcommand's own
 * model (subcommandModels.ts). git.c compares its own options exactly and stops at the first
 * word that is not one; the subcommands' parse-options take unambiguous prefixes and `--no-`.
 * A subcommand without a model asks (`command.unmodelled`), whatever rule allows it by name.
 */
export const gitModel: ToolModel = {
  commands: ['git'],
  longPrefixes: false,
  permute: false,
  options: GIT_GLOBAL_OPTIONS,
  operands: { rest: 'none' },
  subcommands: GIT_SUBCOMMAND_MODELS,
  unmodelled: { asks: true, pending: GIT_MODELS_PENDING },
};
