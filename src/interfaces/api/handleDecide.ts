import type { DecideDeps } from '../../application/decide/decideUseCase.js';
import { decideUseCase } from '../../application/decide/decideUseCase.js';
import type { Verdict } from '../../domain/verdict.js';
import { internalErrorVerdict } from '../../domain/verdict.js';
import { API_VERSION, errorBody } from './apiError.js';
import { parseDecideRequest } from './parseDecideRequest.js';

export const EXIT_ALLOW_OR_ASK = 0;
export const EXIT_BLOCK = 1;
export const EXIT_BAD_REQUEST = 2;

/** The response is the Verdict object itself, field for field as the audit writes it. */
export function verdictBody(v: Verdict): string {
  return `${JSON.stringify({ api_version: API_VERSION, decision: v.decision, risk: v.risk, reasons: v.reasons.map((r) => ({ code: r.code, message: r.message })), rule_ids: [...v.rule_ids] })}\n`;
}

export interface DecideReply {
  exitCode: number;
  body: string;
}

/**
 * The whole JSON API in process: request text in, response text and exit code out. Never throws.
 * `deps` may be a factory so a malformed request is answered before any adapter is built.
 */
export async function handleDecide(text: string, deps: DecideDeps | (() => DecideDeps)): Promise<DecideReply> {
  const parsed = parseDecideRequest(text);
  if (!parsed.ok) return { exitCode: EXIT_BAD_REQUEST, body: errorBody(parsed.error) };
  let v: Verdict;
  try {
    v = (await decideUseCase(parsed.request, typeof deps === 'function' ? deps() : deps)).verdict;
  } catch (err) {
    v = internalErrorVerdict(`decide failed: ${String(err)}`);
  }
  return { exitCode: v.decision === 'block' ? EXIT_BLOCK : EXIT_ALLOW_OR_ASK, body: verdictBody(v) };
}
