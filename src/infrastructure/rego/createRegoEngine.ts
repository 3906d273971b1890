// OWNER: rego helper. Placeholder: the Rego engine fails closed.
import type { PolicyEngine } from '../../application/ports/policyEngine.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import { verdict } from '../../domain/verdict.js';

export function createRegoEngine(_config: PolicyConfig['rego'], _env: Record<string, string | undefined>): PolicyEngine {
  return { name: 'rego', evaluate: async () => verdict('block', 'critical', 'engine.failed', 'Rego engine not built yet') };
}
