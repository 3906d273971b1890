import { parseArgs } from 'node:util';
import { makeVisible } from '../../../domain/audit/makeVisible.js';
import { verifyAuditLog } from '../../../infrastructure/audit/verifyAuditLog.js';
import type { VerifyReport } from '../../../infrastructure/audit/verifyAuditLog.js';
import type { CliContext } from '../cliContext.js';
import { UsageError } from './auditArgs.js';

/** `shimctl audit verify [--json] [--max-mib N]`: 0 when the chain holds, 1 at the first break. */
export function auditVerify(path: string, args: string[], ctx: CliContext): number {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { json: { type: 'boolean' }, 'max-mib': { type: 'string' } } });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  let maxBytes: number | undefined;
  if (values['max-mib'] !== undefined) {
    const n = Number(values['max-mib']);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--max-mib wants a whole number of MiB, not '${values['max-mib']}'`);
    maxBytes = n * 1024 * 1024;
  }
  const report = verifyAuditLog(path, { maxBytes });
  ctx.stdout.write(values.json ? `${JSON.stringify(report)}\n` : describeVerify(report));
  return report.ok ? 0 : 1;
}

export function describeVerify(r: VerifyReport): string {
  const span = r.firstSeq === undefined ? 'no chained records' : `seq ${r.firstSeq}–${r.lastSeq}`;
  const from = r.partial ? ` (newest files only, from ${r.files[0]})` : r.fromGenesis || r.firstSeq === undefined ? '' : ' (older records rotated away)';
  const legacy = r.legacy ? `, ${r.legacy} records from before the chain` : '';
  const summary = `${r.lines} lines in ${r.files.length} file(s), ${span}${from}${legacy}`;
  if (r.ok) return `audit chain intact: ${summary}\n`;
  const b = r.break!;
  const where = b.line > 0 ? `${b.file} line ${b.line}` : b.file;
  return `audit chain BROKEN at ${where}: ${b.kind}: ${makeVisible(b.message)}\n  ${r.breaks} place(s) do not chain; ${summary}\n`;
}
