import type { Verdict } from '../verdict.js';

/** One request waiting for a human, as stored in the pending directory (one file per request). */
export interface PendingRequest {
  id: string;
  agent?: string;
  session?: string;
  cwd: string;
  /** The exact shell text the agent ran (the envelope included): what the human approves. */
  command: string;
  /** The model's command inside a recognised agent envelope (what the review judged), and the envelope's name. */
  reviewed?: string;
  envelope?: string;
  verdict: Verdict;
  createdAt: string;
  /** The shell hop that asked: envelopes and bookkeeping are only recognised at the agent's own hop. */
  hop: 'agent' | 'nested';
  /** PATH of the asking shell, so "approve always" resolves the command as the shim did. */
  path?: string;
  /** The waiting process, shown in details and used to drop requests whose waiter died. */
  pid: number;
}

export type AnswerDecision = 'approve' | 'deny';

/** A human's answer, as written next to the request. */
export interface Answer {
  id: string;
  decision: AnswerDecision;
  always?: boolean;
  reason?: string;
  /** The digest of the request the human was shown: an answer to altered text does not count. */
  requestDigest: string;
  answeredAt: string;
}

/**
 * The bytes a request's integrity covers, in a fixed field order: a change to any field the human
 * sees or the waiter relies on changes the text. JSON.stringify of an array keeps the order.
 */
export function requestSigningText(r: PendingRequest): string {
  return JSON.stringify([
    'shimctl-approval-request-v1',
    r.id,
    r.agent ?? null,
    r.session ?? null,
    r.cwd,
    r.command,
    r.reviewed ?? null,
    r.envelope ?? null,
    r.verdict,
    r.createdAt,
    r.hop,
    r.path ?? null,
    r.pid,
  ]);
}

/** The bytes an answer's MAC covers: the request it answers (by id and digest) and everything it decides. */
export function answerSigningText(a: Answer): string {
  return JSON.stringify([
    'shimctl-approval-answer-v1',
    a.id,
    a.decision,
    a.always === true,
    a.reason ?? null,
    a.requestDigest,
    a.answeredAt,
  ]);
}

/** Ids are made by shimctl (UUIDs); anything else in the pending directory is not a request. */
export function isRequestId(text: string): boolean {
  return /^[A-Za-z0-9-]{8,64}$/.test(text);
}
