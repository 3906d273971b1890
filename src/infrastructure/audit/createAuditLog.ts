// OWNER: exec/audit helper. Placeholder: the audit is unavailable, so nothing runs.
import { AuditUnavailableError } from '../../application/ports/auditLog.js';
import type { AuditLog } from '../../application/ports/auditLog.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { StatePaths } from '../paths/statePaths.js';

export function createAuditLog(paths: StatePaths, _config: PolicyConfig['audit']): AuditLog {
  return { path: paths.auditLog, open: () => Promise.reject(new AuditUnavailableError('audit writer not built yet')) };
}
