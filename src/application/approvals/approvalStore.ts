import type { ConfigRule } from '../../domain/policyConfig.js';
import type { AnswerDecision, PendingRequest } from '../../domain/approvals/pendingRequest.js';

/** A request file found in the pending directory. Only `authentic` ones were written by a shimctl shim. */
export interface StoredRequest {
  request: PendingRequest;
  authentic: boolean;
  /** Its waiting process is gone (killed hard): nobody will read an answer. */
  stale: boolean;
}

export type AnswerOutcome = { ok: true } | { ok: false; message: string };

/** The answering side of the pending store (the human's terminal). */
export interface ApprovalStore {
  /** Every request file, oldest first; unreadable and malformed files are skipped. */
  list(): StoredRequest[];
  /** Signs and writes an answer to an authentic request; fails if the request is gone or was altered. */
  answer(request: PendingRequest, decision: AnswerDecision, opts: { always?: boolean; reason?: string }): AnswerOutcome;
  /** Removes a request whose waiter is gone. */
  discard(id: string): void;
}

export type AddRuleOutcome = { ok: true; file: string } | { ok: false; file: string; message: string };

/** The user's own config file (never a project's): where approve-always rules go. */
export interface UserRuleWriter {
  /** `replaces`: the id of a saved rule to drop in the same write (an approval re-pinned). */
  add(rule: ConfigRule, replaces?: string): AddRuleOutcome;
}
