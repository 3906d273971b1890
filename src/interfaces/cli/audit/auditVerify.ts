import { errorMessage } from '../../../application/shimctlError.js';
import { makeVisible } from '../../../domain/audit/makeVisible.js';
import { verifyAuditLog } from '../../../infrastructure/audit/verifyAuditLog.js';
import type { VerifyReport } from '../../../infrastructure/audit/verifyAuditLog.js';
import type { CliContext } from '../cliContext.js';
import { UsageError } from '../runCommand.js';
import { EXIT } from '../exitCodes.js';

export const AUDIT_VERIFY_OPTIONS = { json: { type: 'boolean' }, 'max-mib': { type: 'string' } } as const;

/** `shimctl audit verify [--json] [--max-mib N]`: 0 when the chain holds, 1 at the first break. */
export function auditVerify(path: string, values: { json?: boolean; 'max-mib'?: string }, ctx: CliContext): number {
  let maxBytes: number | undefined;
  if (values['max-mib'] !== undefined) {
    const n = Number(values['max-mib']);
    if (!Number.isInteger(n) || n < 1)
      throw new UsageError(`--max-mib wants a whole number of MiB, not '${values['max-mib']}'`);
    maxBytes = n * 1024 * 1024;
  }
  let report: VerifyReport;
  try {
    report = verifyAuditLog(path, { maxBytes });
  } catch (err) {
    throw new Error(`cannot read ${path}: ${errorMessage(err)}`);
  }
  ctx.stdout.write(values.json ? `${JSON.stringify(report)}\n` : describeVerify(report));
  return report.ok ? EXIT.OK : EXIT.FAILED;
}

export function describeVerify(r: VerifyReport): string {
  const span = r.firstSeq === undefined ? 'no chained records' : `seq ${r.firstSeq}–${r.lastSeq}`;
  const from = r.partial
    ? ` (newest files only, from ${r.files[0]})`
    : r.fromGenesis || r.firstSeq === undefined
      ? ''
      : ' (older records rotated away)';
  const legacy = r.legacy ? `, ${r.legacy} records from before the chain` : '';
  const summary = `${r.lines} lines in ${r.files.length} file(s), ${span}${from}${legacy}`;
  if (r.ok) return `audit chain intact: ${summary}\n`;
  const b = r.break!;
  const where = b.line > 0 ? `${b.file} line ${b.line}` : b.file;
  return `audit chain BROKEN at ${where}: ${b.kind}: ${makeVisible(b.message)}\n  ${r.breaks} place(s) do not chain; ${summary}\n`;
}
