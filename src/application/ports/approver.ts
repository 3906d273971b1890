import type { Verdict } from '../../domain/verdict.js';

export interface ApprovalRequest {
  id: string;
  agent?: string;
  session?: string;
  cwd: string;
  command: string;
  /** The model's command inside a recognised agent envelope, when there was one (display only). */
  reviewed?: string;
  /** Name of that envelope (`claude`, `gemini`, ...). */
  envelope?: string;
  argv?: string[];
  verdict: Verdict;
  createdAt: string;
}

export type ApprovalOutcome =
  | { granted: true; by: 'user'; always?: boolean }
  | { granted: false; by: 'user' | 'timeout' | 'unavailable'; reason?: string };

export interface Approver {
  /** Waits for a human answer; must never let the requesting command answer itself. */
  request(req: ApprovalRequest, timeoutMs: number): Promise<ApprovalOutcome>;
}
