import { AuditUnavailableError } from '../../application/ports/auditLog.js';
import { ensureOwnerOnlyDir, openOwnerOnlyAppend, openOwnerOnlyRw } from '../files/ownerOnlyFiles.js';

// The audit's use of the shared owner-only helpers. Any failure becomes AuditUnavailableError:
// an audit that cannot be written means the command does not run (fail closed).

export function ensureAuditDir(dir: string): void {
  unavailableOn(() => ensureOwnerOnlyDir(dir), `cannot prepare audit directory ${dir}`);
}

export function openAuditAppend(path: string): number {
  return unavailableOn(() => openOwnerOnlyAppend(path), `cannot open audit log ${path}`);
}

export function openAuditRw(path: string): number {
  return unavailableOn(() => openOwnerOnlyRw(path), `cannot open audit file ${path}`);
}

function unavailableOn<T>(act: () => T, context: string): T {
  try {
    return act();
  } catch (err) {
    throw asUnavailable(err, context);
  }
}

export function asUnavailable(err: unknown, context: string): AuditUnavailableError {
  if (err instanceof AuditUnavailableError) return err;
  const code = (err as NodeJS.ErrnoException)?.code;
  const detail = code ? `${code}: ${(err as Error).message}` : err instanceof Error ? err.message : String(err);
  return new AuditUnavailableError(`${context} (${detail})`, { cause: err });
}
