import type { ToolModel } from '../../modelTypes.js';
import { GIT_GLOBAL_OPTIONS } from './globalOptions.js';
import { GIT_SUBCOMMAND_MODELS } from './subcommandModels.js';

/**
 * git: the global options before the subcommand (globalOptions.ts), then the subcommand's own
 * model (subcommandModels.ts). git.c compares its own options exactly and stops at the first
 * word that is not one; the subcommands' parse-options take unambiguous prefixes and `--no-`.
 */
export const gitModel: ToolModel = {
  commands: ['git'],
  longPrefixes: false,
  permute: false,
  options: GIT_GLOBAL_OPTIONS,
  operands: { rest: 'none' },
  subcommands: GIT_SUBCOMMAND_MODELS,
};
