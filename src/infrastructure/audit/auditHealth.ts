import { existsSync } from 'node:fs';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { Check } from '../install/doctorChecks.js';
import { rotatedFiles } from './auditFiles.js';
import { auditLinesNewestFirst } from './readLinesBackward.js';
import { verifyAuditLog } from './verifyAuditLog.js';

/** doctor checks the chain over the newest files adding up to this much on disk. */
export const DOCTOR_VERIFY_BYTES = 64 * 1024 * 1024;

/**
 * Bytes of records written in the last hour, read newest first and stopped as soon as the
 * total passes `limit` (so the cost is bounded by the limit, not by the log).
 */
export function auditBytesLastHour(
  path: string,
  nowMs: number,
  limit: number,
): { bytes: number; records: number; over: boolean } {
  const since = nowMs - 3600_000;
  let bytes = 0;
  let records = 0;
  for (const line of auditLinesNewestFirst(path)) {
    const m = /"ts":"([^"]+)"/.exec(line.slice(0, 400));
    const ts = m ? Date.parse(m[1]!) : Number.NaN;
    if (Number.isFinite(ts) && ts < since) break;
    bytes += Buffer.byteLength(line) + 1;
    records++;
    if (bytes > limit) return { bytes, records, over: true };
  }
  return { bytes, records, over: false };
}

/** The volume warning shared by `status` and `doctor`, or undefined when the volume looks normal. */
export function auditVolumeWarning(path: string, config: PolicyConfig['audit'], nowMs: number): string | undefined {
  const limit = config.warnMiBPerHour * 1024 * 1024;
  const v = auditBytesLastHour(path, nowMs, limit);
  const kept = rotatedFiles(path).length;
  if (v.over) {
    return `more than ${config.warnMiBPerHour} MiB of audit records in the last hour (${v.records}+ records): something is flooding the log; look at \`shimctl audit stats --since 1h\``;
  }
  if (config.keep > 0 && kept > config.keep) {
    return `${kept} rotated audit files, more than audit.keep (${config.keep}): recent volume was high, and files younger than ${config.retentionDays} days are kept (compressed) until they age out`;
  }
  return undefined;
}

/** The audit checks `doctor` runs: the hash chain over the newest files, and the volume. */
export function auditHealthChecks(path: string, config: PolicyConfig['audit'], nowMs: number): Check[] {
  if (!existsSync(path) && rotatedFiles(path).length === 0) return [{ ok: true, title: 'audit log: none written yet' }];
  const checks: Check[] = [];
  try {
    const r = verifyAuditLog(path, { maxBytes: DOCTOR_VERIFY_BYTES });
    const scope = r.partial
      ? `the newest ${DOCTOR_VERIFY_BYTES / 1024 / 1024} MiB (${r.files.length} file(s))`
      : `${r.files.length} file(s)`;
    checks.push(
      r.ok
        ? { ok: true, title: `audit chain intact over ${scope}, seq ${r.firstSeq ?? '-'}–${r.lastSeq ?? '-'}` }
        : {
            ok: false,
            title: `audit chain broken (${r.break!.kind}) at ${r.break!.file}${r.break!.line ? ` line ${r.break!.line}` : ''}`,
            detail: `${r.break!.message}; run \`shimctl audit verify\``,
          },
    );
  } catch (err) {
    checks.push({ ok: false, title: 'audit chain could not be checked', detail: (err as Error).message });
  }
  try {
    const warning = auditVolumeWarning(path, config, nowMs);
    checks.push(
      warning
        ? { ok: 'warn', title: 'audit volume looks abnormal', detail: warning }
        : { ok: true, title: `audit volume normal (under ${config.warnMiBPerHour} MiB in the last hour)` },
    );
  } catch (err) {
    checks.push({ ok: 'warn', title: 'audit volume could not be measured', detail: (err as Error).message });
  }
  return checks;
}
