// The waiting side of approvals: registers a signed pending request, waits for a signed answer.
import type { ApprovalOutcome, ApprovalRequest, Approver } from '../../application/ports/approver.js';
import { readDepth } from '../../application/intercept/interceptRequest.js';
import type { PendingRequest } from '../../domain/approvals/pendingRequest.js';
import type { StatePaths } from '../paths/statePaths.js';
import { loadApprovalKey } from './approvalKey.js';
import { notifyDesktop } from './notifyDesktop.js';
import { answerFile, requestDigest, requestFile, writeRequestFile } from './pendingFiles.js';
import { ensureOwnerOnlyDir, removeQuietly } from '../files/ownerOnlyFiles.js';
import { waitForAnswer } from './waitForAnswer.js';

export interface ApproverOptions {
  /** Tests only: where `notify-send` is looked for instead of the trusted system directories. */
  notifyDirs?: readonly string[];
}

export function createApprover(
  paths: StatePaths,
  env: Record<string, string | undefined>,
  options: ApproverOptions = {},
): Approver {
  return {
    async request(req: ApprovalRequest, timeoutMs: number): Promise<ApprovalOutcome> {
      const key = loadApprovalKey(paths, true);
      const dir = paths.approvalsDir;
      ensureOwnerOnlyDir(dir);
      const pending: PendingRequest = {
        id: req.id,
        ...(req.agent ? { agent: req.agent } : {}),
        ...(req.session ? { session: req.session } : {}),
        cwd: req.cwd,
        command: req.command,
        ...(req.reviewed !== undefined && req.envelope ? { reviewed: req.reviewed, envelope: req.envelope } : {}),
        verdict: req.verdict,
        createdAt: req.createdAt,
        hop: readDepth(env) === 0 ? 'agent' : 'nested',
        ...(env.PATH !== undefined ? { path: env.PATH } : {}),
        pid: process.pid,
      };
      const digest = requestDigest(pending);
      try {
        writeRequestFile(dir, key, pending);
        notifyDesktop(env, pending, options.notifyDirs);
        const r = await waitForAnswer(dir, key, pending.id, digest, timeoutMs);
        switch (r.kind) {
          case 'answer':
            if (r.answer.decision === 'approve')
              return { granted: true, by: 'user', ...(r.answer.always ? { always: true } : {}) };
            return {
              granted: false,
              by: 'user',
              reason: r.answer.reason ? `denied by the user: ${r.answer.reason}` : undefined,
            };
          case 'timeout':
            return {
              granted: false,
              by: 'timeout',
              reason: `nobody answered within ${Math.round(timeoutMs / 1000)}s (answer with 'shimctl approvals' in another terminal)`,
            };
          case 'vanished':
            return {
              granted: false,
              by: 'unavailable',
              reason: 'the pending request was removed before anyone answered',
            };
          case 'signal':
            return {
              granted: false,
              by: 'unavailable',
              reason: `the waiting shell got ${r.signal} before anyone answered`,
            };
        }
      } finally {
        removeQuietly(answerFile(dir, pending.id));
        removeQuietly(requestFile(dir, pending.id));
      }
    },
  };
}
