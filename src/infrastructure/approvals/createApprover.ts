// OWNER: approvals helper. Placeholder: nobody can answer, so every ask blocks.
import type { Approver } from '../../application/ports/approver.js';
import type { StatePaths } from '../paths/statePaths.js';

export function createApprover(_paths: StatePaths, _env: Record<string, string | undefined>): Approver {
  return { request: async () => ({ granted: false, by: 'unavailable', reason: 'approvals not built yet' }) };
}
