import type { ReviewRequest } from '../../domain/reviewRequest.js';
import type { ApiError } from './apiError.js';
import { API_VERSION } from './apiError.js';
import { topLevelKeys } from './topLevelKeys.js';
import { MODES, isMode } from '../../domain/modes/mode.js';
import { errorMessage } from '../../application/shimctlError.js';

/** Requests larger than this are refused unread past the limit: one command never needs more. */
export const MAX_REQUEST_BYTES = 256 * 1024;

const FIELDS = new Set(['api_version', 'command', 'argv', 'cwd', 'agent', 'mode']);
const AGENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MAX_ARGV = 4096;

export type ParsedRequest = { ok: true; request: ReviewRequest } | { ok: false; error: ApiError };

const bad = (code: ApiError['code'], message: string): ParsedRequest => ({ ok: false, error: { code, message } });
const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Validates one decide request. Strict on purpose: an unknown field may be a caller who
 * believes it changes the verdict (`"force": true`), so it is an error, not ignored.
 */
export function parseDecideRequest(text: string): ParsedRequest {
  if (Buffer.byteLength(text, 'utf8') > MAX_REQUEST_BYTES)
    return bad('request.too_large', `the request is larger than ${MAX_REQUEST_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return bad('request.invalid_json', `the request is not one JSON value: ${errorMessage(err)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return bad('request.not_object', `expected a JSON object, got ${kind(value)}`);
  const o = value as Record<string, unknown>;
  const keys = topLevelKeys(text);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup !== undefined) return bad('request.duplicate_field', `field '${dup.slice(0, 64)}' appears more than once`);
  for (const key of Object.keys(o)) {
    if (!FIELDS.has(key))
      return bad('request.unknown_field', `unknown field '${key.slice(0, 64)}' (allowed: ${[...FIELDS].join(', ')})`);
  }
  if (!('api_version' in o)) return bad('request.missing_field', 'api_version is required');
  if (o.api_version !== API_VERSION) return bad('request.api_version', `api_version must be ${API_VERSION}`);
  if (!('cwd' in o)) return bad('request.missing_field', 'cwd is required');
  if (typeof o.cwd !== 'string') return bad('request.wrong_type', `cwd: expected a string, got ${kind(o.cwd)}`);
  if (!o.cwd.startsWith('/')) return bad('request.relative_cwd', 'cwd must be an absolute path');
  if (o.cwd.includes('\u0000')) return bad('request.invalid_value', 'cwd must not contain NUL');
  const request: ReviewRequest = { cwd: o.cwd };
  if ('agent' in o) {
    if (typeof o.agent !== 'string') return bad('request.wrong_type', `agent: expected a string, got ${kind(o.agent)}`);
    if (!AGENT.test(o.agent))
      return bad('request.invalid_value', 'agent: expected 1-64 letters, digits, `.`, `_` or `-`');
    request.agent = o.agent;
  }
  if ('mode' in o) {
    // The mode the caller asks to be judged in; the config's ceiling (managed file, project files)
    // still applies in the review, so a request can only ask for as much as the ceiling allows.
    if (typeof o.mode !== 'string') return bad('request.wrong_type', `mode: expected a string, got ${kind(o.mode)}`);
    if (!isMode(o.mode)) return bad('request.invalid_value', `mode: expected ${MODES.join('|')}`);
    request.mode = o.mode;
  }
  const hasCommand = 'command' in o;
  const hasArgv = 'argv' in o;
  if (hasCommand && hasArgv) return bad('request.conflicting_fields', 'give either command or argv, not both');
  if (!hasCommand && !hasArgv) return bad('request.missing_field', 'command (or argv) is required');
  if (hasCommand) {
    if (typeof o.command !== 'string')
      return bad('request.wrong_type', `command: expected a string, got ${kind(o.command)}`);
    if (o.command.trim() === '') return bad('request.empty_command', 'command is empty');
    request.command = o.command;
  } else {
    if (!Array.isArray(o.argv))
      return bad('request.wrong_type', `argv: expected an array of strings, got ${kind(o.argv)}`);
    if (o.argv.length === 0) return bad('request.empty_command', 'argv is empty');
    if (o.argv.length > MAX_ARGV) return bad('request.invalid_value', `argv has more than ${MAX_ARGV} words`);
    for (const [i, w] of o.argv.entries()) {
      if (typeof w !== 'string') return bad('request.wrong_type', `argv[${i}]: expected a string, got ${kind(w)}`);
      // The kernel cannot pass NUL inside an argument; such an argv never describes a real exec.
      if (w.includes('\u0000')) return bad('request.invalid_value', `argv[${i}] contains NUL`);
    }
    if ((o.argv[0] as string).trim() === '') return bad('request.empty_command', 'argv[0] is empty');
    request.argv = [...(o.argv as string[])];
  }
  return { ok: true, request };
}
