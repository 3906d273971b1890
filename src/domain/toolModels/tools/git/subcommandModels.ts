import type { ToolModel } from '../../modelTypes.js';

/** Every modelled git subcommand, keyed by its word. */
export const GIT_SUBCOMMAND_MODELS: Readonly<Record<string, ToolModel>> = {};
