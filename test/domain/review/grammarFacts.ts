import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { treeSitterBash } from '../../../src/infrastructure/shellGrammar/treeSitterBash.js';

/** Host facts with the real shell grammar loaded (tree-sitter-bash WebAssembly, not a fake). */
export async function withRealGrammar(facts: HostFacts): Promise<HostFacts> {
  const g = await treeSitterBash.load();
  if (!g) throw new Error('the shell grammar did not load');
  return { ...facts, grammar: treeSitterBash };
}
