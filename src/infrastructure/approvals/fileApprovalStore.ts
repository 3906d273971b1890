import { existsSync, readdirSync } from 'node:fs';
import type { ApprovalStore, StoredRequest } from '../../application/approvals/approvalStore.js';
import type { StatePaths } from '../paths/statePaths.js';
import { loadApprovalKey } from './approvalKey.js';
import {
  answerFile,
  answerIdOf,
  readRequestFile,
  requestDigest,
  requestFile,
  requestIdOf,
  writeAnswerFile,
} from './pendingFiles.js';
import { ensureOwnerOnlyDir, removeQuietly } from '../files/ownerOnlyFiles.js';
import { processAlive } from '../exec/processAlive.js';

/** The answering side of the pending directory: lists, verifies, and writes signed answers. */
export function createFileApprovalStore(paths: StatePaths, now: () => Date = () => new Date()): ApprovalStore {
  const dir = paths.approvalsDir;
  // No key yet means no shim ever asked: nothing can be authentic.
  const key = (): Buffer | undefined => {
    try {
      return loadApprovalKey(paths, false);
    } catch {
      return undefined;
    }
  };
  return {
    list() {
      if (!existsSync(dir)) return [];
      ensureOwnerOnlyDir(dir);
      const k = key();
      const out: StoredRequest[] = [];
      const names = readdirSync(dir);
      for (const name of names) {
        const answered = answerIdOf(name);
        if (answered && !names.includes(`${answered}.request.json`)) removeQuietly(answerFile(dir, answered));
        const id = requestIdOf(name);
        if (!id) continue;
        const read = readRequestFile(requestFile(dir, id), k);
        // A file whose name and content disagree is not a request we wrote.
        if (!read) continue;
        out.push({
          request: read.request,
          authentic: read.authentic && read.request.id === id,
          stale: !processAlive(read.request.pid),
        });
      }
      return out.sort(
        (a, b) => a.request.createdAt.localeCompare(b.request.createdAt) || a.request.id.localeCompare(b.request.id),
      );
    },
    answer(request, decision, opts) {
      const k = key();
      if (!k) return { ok: false, message: 'no approval key: no shim has registered a request on this account' };
      const file = requestFile(dir, request.id);
      const current = readRequestFile(file, k);
      if (!current)
        return {
          ok: false,
          message: `request '${request.id}' is gone (answered, timed out, or its shell was stopped)`,
        };
      const digest = requestDigest(request);
      if (!current.authentic || requestDigest(current.request) !== digest) {
        return {
          ok: false,
          message: `request '${request.id}' changed since it was shown, or failed its integrity check: not answered`,
        };
      }
      writeAnswerFile(dir, k, {
        id: request.id,
        decision,
        ...(opts.always ? { always: true } : {}),
        ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
        requestDigest: digest,
        answeredAt: now().toISOString(),
      });
      // If the waiter timed out between the check and the write, the answer is an orphan that
      // `list` sweeps; the waiter itself always removes both files when it stops waiting.
      return { ok: true };
    },
    discard(id) {
      removeQuietly(requestFile(dir, id));
      removeQuietly(answerFile(dir, id));
    },
  };
}
