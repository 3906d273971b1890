import { closeSync, fstatSync, ftruncateSync, openSync, statfsSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { AUDIT_SCHEMA_VERSION, AuditUnavailableError } from '../../application/ports/auditLog.js';
import type { AuditLog, AuditRecord, AuditWriter } from '../../application/ports/auditLog.js';
import { sanitizeAuditRecord } from '../../domain/audit/sanitizeAuditRecord.js';
import type { SanitizedEarlier } from '../../domain/audit/sanitizeAuditRecord.js';
import { sha256Hex } from '../../domain/audit/sha256.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { StatePaths } from '../paths/statePaths.js';
import { headPath, lockPath, rotatedFiles } from './auditFiles.js';
import { acquireAuditLock, releaseAuditLock } from './auditLock.js';
import { GENESIS, chainedLine, readHeadFd, tipFromFile, writeHead } from './chainHead.js';
import type { ChainTip } from './chainHead.js';
import { asUnavailable, ensureAuditDir, openAuditAppend, openAuditRw } from './auditFilesOwnerOnly.js';
import { rotateLocked } from './rotateAuditFile.js';

/** Below this much free space the log is treated as full before the command runs. */
const MIN_FREE_BYTES = 64 * 1024;

/** The audit settings; the retention ones default as in defaultConfig. */
export type AuditSettings = Pick<PolicyConfig['audit'], 'maxBytes' | 'keep'> & Partial<PolicyConfig['audit']>;

/**
 * The JSONL audit trail. Each record is redacted, serialised to one line and appended with a
 * single write(2) on an O_APPEND descriptor, so concurrent writers never interleave. Every
 * line carries `seq` and `prev` (the SHA-256 of the line before it, across rotation): a writer
 * holds the audit lock around reading the chain head, appending and publishing the new head,
 * so concurrent writers (the resident process and any number of per-command cores) keep one
 * unbroken chain. `shimctl audit verify` walks it.
 */
export function createAuditLog(paths: StatePaths, config: AuditSettings): AuditLog {
  const path = paths.auditLog;
  const settings: PolicyConfig['audit'] = { retentionDays: 7, warnMiBPerHour: 64, ...config };
  return {
    path,
    async open() {
      ensureAuditDir(dirname(path));
      assertSpaceLeft(dirname(path));
      return new AppendWriter(path, openAuditAppend(path), settings);
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

/**
 * The tip this process last wrote, with the inode and size the log had after that write. The
 * resident process writes many records: while the log is still exactly as it left it, nobody
 * else appended and the head file need not be read.
 */
let lastWritten: (ChainTip & { dev: number; path: string }) | undefined;

class AppendWriter implements AuditWriter {
  constructor(
    private readonly path: string,
    private fd: number | null,
    private readonly config: PolicyConfig['audit'],
  ) {}

  private prepared: SanitizedEarlier | undefined;
  private headFd: number | undefined;
  private compressing: Promise<unknown> | undefined;

  prepare(record: AuditRecord): void {
    this.prepared = { source: record, clean: sanitizeAuditRecord(record) };
  }

  async write(record: AuditRecord): Promise<void> {
    const { seq: _s, prev: _p, ...rest } = record;
    // The line's shape (chain fields, trimmed forms) is the writer's, so it states the version.
    const clean = sanitizeAuditRecord({ ...rest, v: AUDIT_SCHEMA_VERSION }, this.prepared) as unknown as Record<
      string,
      unknown
    >;
    let rotated: boolean;
    try {
      rotated = this.appendChained(clean);
    } catch (err) {
      throw asUnavailable(err, `cannot write audit record to ${this.path}`);
    }
    if (rotated)
      this.compressing = import('./compressRotated.js')
        .then((m) => m.compressRotated(this.path))
        .catch(() => undefined);
  }

  /** Under the lock: chain head, rotation if full, one write, new head. True when it rotated. */
  private appendChained(clean: Record<string, unknown>): boolean {
    const headFd = (this.headFd ??= openAuditRw(headPath(this.path)));
    const lock = acquireAuditLock(lockPath(this.path));
    let published: (ChainTip & { dev: number }) | undefined;
    let rotated = false;
    try {
      let fd = this.current();
      let st = fstatSync(fd);
      const tip = this.tip(fd, st, headFd);
      const text = chainedLine(clean, tip.seq + 1, tip.hash);
      let line = Buffer.from(`${text}\n`, 'utf8');
      if (this.config.maxBytes > 0 && st.size > 0 && st.size + line.length > this.config.maxBytes) {
        rotateLocked(this.path, this.config, Date.now());
        rotated = true;
        fd = this.reopen();
        st = fstatSync(fd);
      } else if (tip.torn) {
        // The log ends inside a line (truncated): start ours on a line of its own.
        line = Buffer.concat([Buffer.from('\n'), line]);
      }
      // A short write (a file-size limit the command set, a full disk) would leave half a line,
      // and every later record would chain onto it: the log is cut back to where it was, so it
      // stays whole and verifiable, and the caller is told no record was written (attack pass 9).
      let written = 0;
      try {
        written = writeSync(fd, line);
      } catch (err) {
        cutBack(fd, st.size);
        throw err;
      }
      if (written !== line.length) {
        cutBack(fd, st.size);
        throw new AuditUnavailableError(`short write to ${this.path} (${written} of ${line.length} bytes)`);
      }
      published = {
        seq: tip.seq + 1,
        hash: sha256Hex(line.subarray(line[0] === 0x0a ? 1 : 0, line.length - 1)),
        ino: st.ino,
        dev: st.dev,
        size: st.size + line.length,
      };
      writeHead(headFd, published);
    } finally {
      releaseAuditLock(lock);
    }
    lastWritten = { ...published!, path: this.path };
    return rotated;
  }

  /** The chain head to continue from; see lastWritten and the head file. */
  private tip(
    fd: number,
    st: { ino: number; dev: number; size: number },
    headFd: number,
  ): ChainTip & { torn?: boolean } {
    const mine = lastWritten;
    if (mine && mine.path === this.path && mine.dev === st.dev && mine.ino === st.ino && mine.size === st.size)
      return mine;
    const head = readHeadFd(headFd);
    if (head && head.ino === st.ino && head.size === st.size) return head;
    // The log is not as the head says (first write after an upgrade from v1, a crash between
    // the append and the head, or someone else changed the file): take its last line as it is.
    if (st.size > 0) return tipFromFile(fd, st.size) ?? { seq: 0, hash: GENESIS };
    // An empty log: the chain continues from the newest rotated file, else from the head.
    const previous = rotatedFiles(this.path)[0];
    if (previous && !previous.gz) {
      const rfd = openSync(previous.path, 'r');
      try {
        const t = tipFromFile(rfd, fstatSync(rfd).size);
        if (t) return { seq: t.seq, hash: t.hash };
      } finally {
        closeSync(rfd);
      }
    }
    return head ?? { seq: 0, hash: GENESIS };
  }

  /** The descriptor of the file the path names now (another writer may have rotated it). */
  private current(): number {
    if (this.fd === null) return this.reopen();
    try {
      const now = statSync(this.path);
      const open = fstatSync(this.fd);
      if (now.ino === open.ino && now.dev === open.dev) return this.fd;
    } catch {
      // renamed away: open the new one
    }
    return this.reopen();
  }

  private reopen(): number {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.fd = openAuditAppend(this.path);
    return this.fd;
  }

  async close(): Promise<void> {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (this.headFd !== undefined) closeSync(this.headFd);
    this.headFd = undefined;
    // A rotation compresses the older files after the record is written; the writer's owner
    // (one command) waits for it here, once per `maxBytes` of records.
    await this.compressing;
  }
}

/** Truncates the log back to `size` after a failed append; a failure here leaves the torn tail, which the next append starts a new line after. */
function cutBack(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
  } catch {
    // tip() reads a torn tail and starts the next record on a line of its own.
  }
}
