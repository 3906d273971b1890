import { closeSync, fstatSync, statfsSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { AUDIT_SCHEMA_VERSION, AuditUnavailableError } from '../../application/ports/auditLog.js';
import type { AuditLog, AuditRecord, AuditWriter } from '../../application/ports/auditLog.js';
import { sanitizeAuditRecord } from '../../domain/audit/sanitizeAuditRecord.js';
import type { SanitizedEarlier } from '../../domain/audit/sanitizeAuditRecord.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { StatePaths } from '../paths/statePaths.js';
import { asUnavailable, ensureOwnerOnlyDir, openOwnerOnlyAppend } from './ownerOnlyFiles.js';
import { rotateIfStillCurrent } from './rotateAuditFile.js';

/** Below this much free space the log is treated as full before the command runs. */
const MIN_FREE_BYTES = 64 * 1024;

/**
 * The JSONL audit trail. Each record is redacted, serialised to one line and appended with a
 * single write(2) on an O_APPEND descriptor: for a regular file Linux performs that write
 * under the inode lock at the end of the file, so concurrent writers never interleave.
 */
export function createAuditLog(paths: StatePaths, config: PolicyConfig['audit']): AuditLog {
  const path = paths.auditLog;
  return {
    path,
    async open() {
      ensureOwnerOnlyDir(dirname(path));
      assertSpaceLeft(dirname(path));
      return new AppendWriter(path, openOwnerOnlyAppend(path), config);
    },
  };
}

function assertSpaceLeft(dir: string): void {
  let free: number;
  try {
    const st = statfsSync(dir);
    free = st.bavail * st.bsize;
  } catch (err) {
    throw asUnavailable(err, `cannot check free space for ${dir}`);
  }
  if (free < MIN_FREE_BYTES) throw new AuditUnavailableError(`the file system of ${dir} is full (${free} bytes free)`);
}

class AppendWriter implements AuditWriter {
  constructor(
    private readonly path: string,
    private fd: number | null,
    private readonly config: PolicyConfig['audit'],
  ) {}

  private prepared: SanitizedEarlier | undefined;

  prepare(record: AuditRecord): void {
    this.prepared = { source: record, clean: sanitizeAuditRecord(record) };
  }

  async write(record: AuditRecord): Promise<void> {
    const clean = sanitizeAuditRecord({ ...record, v: record.v ?? AUDIT_SCHEMA_VERSION }, this.prepared);
    const line = Buffer.from(`${JSON.stringify(clean)}\n`, 'utf8');
    try {
      this.appendLine(line);
    } catch (err) {
      throw asUnavailable(err, `cannot write audit record to ${this.path}`);
    }
  }

  private appendLine(line: Buffer): void {
    let rotated = false;
    for (let attempt = 0; attempt < 4; attempt++) {
      const fd = this.fd ?? this.reopen();
      if (!rotated && this.config.maxBytes > 0) {
        const st = fstatSync(fd);
        if (st.size > 0 && st.size + line.length > this.config.maxBytes) {
          rotated = true;
          if (rotateIfStillCurrent(this.path, st, this.config.keep)) {
            this.reopen();
            continue;
          }
        }
      }
      const written = writeSync(fd, line);
      if (written !== line.length) {
        throw new AuditUnavailableError(`short write to ${this.path} (${written} of ${line.length} bytes)`);
      }
      // Our file was rotated past `keep` and deleted between open and write: write again.
      if (fstatSync(fd).nlink > 0) return;
      this.reopen();
    }
    throw new AuditUnavailableError(`audit log ${this.path} kept disappearing while writing`);
  }

  private reopen(): number {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.fd = openOwnerOnlyAppend(this.path);
    return this.fd;
  }

  async close(): Promise<void> {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
