import { join } from 'node:path';
import type { Answer, PendingRequest } from '../../domain/approvals/pendingRequest.js';
import { answerSigningText, isRequestId, requestSigningText } from '../../domain/approvals/pendingRequest.js';
import { macHex, macMatches, sha256Hex } from './approvalMac.js';
import { readOwnedFile, writeFileAtomic } from '../files/ownerOnlyFiles.js';

/** Bigger than any real request (commands are capped far below this by the review core). */
const MAX_FILE_BYTES = 1024 * 1024;
const REQUEST_SUFFIX = '.request.json';
const ANSWER_SUFFIX = '.answer.json';

export const requestFile = (dir: string, id: string): string => join(dir, `${id}${REQUEST_SUFFIX}`);
export const answerFile = (dir: string, id: string): string => join(dir, `${id}${ANSWER_SUFFIX}`);

/** The id in a request file name, or undefined for anything else in the directory. */
export function requestIdOf(fileName: string): string | undefined {
  if (!fileName.endsWith(REQUEST_SUFFIX)) return undefined;
  const id = fileName.slice(0, -REQUEST_SUFFIX.length);
  return isRequestId(id) ? id : undefined;
}

export function answerIdOf(fileName: string): string | undefined {
  if (!fileName.endsWith(ANSWER_SUFFIX)) return undefined;
  const id = fileName.slice(0, -ANSWER_SUFFIX.length);
  return isRequestId(id) ? id : undefined;
}

export function requestDigest(r: PendingRequest): string {
  return sha256Hex(requestSigningText(r));
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';

function looksLikeRequest(v: unknown): v is PendingRequest {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  const verdict = r.verdict as Record<string, unknown> | undefined;
  return (
    isStr(r.id) &&
    isRequestId(r.id) &&
    isStr(r.cwd) &&
    isStr(r.command) &&
    isStr(r.createdAt) &&
    optStr(r.agent) &&
    optStr(r.session) &&
    optStr(r.path) &&
    optStr(r.reviewed) &&
    optStr(r.envelope) &&
    (r.hop === 'agent' || r.hop === 'nested') &&
    typeof r.pid === 'number' &&
    Number.isInteger(r.pid) &&
    !!verdict &&
    isStr(verdict.decision) &&
    isStr(verdict.risk) &&
    Array.isArray(verdict.rule_ids) &&
    Array.isArray(verdict.reasons) &&
    verdict.reasons.every(
      (x) => !!x && isStr((x as Record<string, unknown>).code) && isStr((x as Record<string, unknown>).message),
    )
  );
}

function looksLikeAnswer(v: unknown): v is Answer {
  if (!v || typeof v !== 'object') return false;
  const a = v as Record<string, unknown>;
  return (
    isStr(a.id) &&
    (a.decision === 'approve' || a.decision === 'deny') &&
    (a.always === undefined || typeof a.always === 'boolean') &&
    optStr(a.reason) &&
    isStr(a.requestDigest) &&
    isStr(a.answeredAt)
  );
}

function parse(file: string): Record<string, unknown> | undefined {
  const buf = readOwnedFile(file, MAX_FILE_BYTES);
  if (!buf) return undefined;
  try {
    const v = JSON.parse(buf.toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function writeRequestFile(dir: string, key: Buffer, r: PendingRequest): void {
  writeFileAtomic(
    requestFile(dir, r.id),
    `${JSON.stringify({ request: r, mac: macHex(key, requestSigningText(r)) })}\n`,
  );
}

/** The request in a file and whether its MAC holds; undefined if it is not a request at all. */
export function readRequestFile(
  file: string,
  key: Buffer | undefined,
): { request: PendingRequest; authentic: boolean } | undefined {
  const v = parse(file);
  if (!v || !looksLikeRequest(v.request)) return undefined;
  return { request: v.request, authentic: !!key && macMatches(key, requestSigningText(v.request), v.mac) };
}

export function writeAnswerFile(dir: string, key: Buffer, a: Answer): void {
  writeFileAtomic(answerFile(dir, a.id), `${JSON.stringify({ answer: a, mac: macHex(key, answerSigningText(a)) })}\n`);
}

/**
 * The answer to the request with `id` and `digest`, if one is there and it is genuine: its MAC
 * holds and it answers exactly this request (id and digest of the text the waiter registered).
 * `forged` means a file is there that does not pass; the waiter ignores it.
 */
export function readAnswerFile(dir: string, key: Buffer, id: string, digest: string): Answer | 'forged' | undefined {
  const v = parse(answerFile(dir, id));
  if (!v) return undefined;
  if (!looksLikeAnswer(v.answer)) return 'forged';
  const a = v.answer;
  if (!macMatches(key, answerSigningText(a), v.mac) || a.id !== id || a.requestDigest !== digest) return 'forged';
  return a;
}
