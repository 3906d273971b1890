import type { ToolModel } from '../../modelTypes.js';

/** Option models of the everyday writes (issue 12): add, commit, checkout, switch, restore, fetch. */
export const EVERYDAY_MODELS: Readonly<Record<string, ToolModel>> = {};
