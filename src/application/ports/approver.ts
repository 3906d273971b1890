import type { PendingRequest } from '../../domain/approvals/pendingRequest.js';

/**
 * What the asking side knows of a request. The pending store adds what only it knows (the
 * waiting pid, the hop, PATH) to make a `PendingRequest`.
 */
export type ApprovalRequest = Omit<PendingRequest, 'hop' | 'path' | 'pid'> & { argv?: string[] };

export type ApprovalOutcome =
  | { granted: true; by: 'user'; always?: boolean }
  | { granted: false; by: 'user' | 'timeout' | 'unavailable'; reason?: string };

export interface Approver {
  /** Waits for a human answer; must never let the requesting command answer itself. */
  request(req: ApprovalRequest, timeoutMs: number): Promise<ApprovalOutcome>;
}
