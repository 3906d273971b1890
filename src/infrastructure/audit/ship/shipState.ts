import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../files/ownerOnlyFiles.js';
import type { ShipTarget } from './shipConfig.js';

/**
 * Per-target shipping state beside the cursor, for `status` and `doctor`: when the sink last
 * accepted records, and the last failure. Each target has its own cursor, so a sink that is
 * down holds back only its own records: the others are neither delayed nor sent twice.
 */
export interface ShipState {
  target: string;
  lastOkAt?: string;
  lastError?: string;
  lastErrorAt?: string;
  /** Failed runs since the last success. */
  failures: number;
}

function targetIdentity(t: ShipTarget): string {
  return t.type === 'file'
    ? `file ${t.path}`
    : t.type === 'syslog'
      ? `syslog ${t.host}:${t.port}`
      : `${t.type} ${t.url}`;
}

/**
 * The target as status, doctor and the state files show it: a password in the URL is masked
 * (`https://u:***@host`), since those are read by anyone who can read the state directory
 * (attack pass 12).
 */
export function describeTarget(t: ShipTarget): string {
  return maskUrlPasswords(targetIdentity(t));
}

/** `scheme://user:PASSWORD@host` → `scheme://user:***@host`, wherever it stands in the text. */
export function maskUrlPasswords(text: string): string {
  return text.replace(/(\/\/[^/@:\s]*:)[^/@\s]*@/g, '$1***@');
}

/**
 * The target's cursor and state files: named by a hash of what the target is (password
 * included, as before the masking, so existing cursors keep their names), so editing a target
 * starts it afresh.
 */
export function targetFiles(cursorPath: string, t: ShipTarget): { cursor: string; state: string } {
  const key = createHash('sha256').update(targetIdentity(t)).digest('hex').slice(0, 12);
  return { cursor: `${cursorPath}.${key}`, state: `${cursorPath}.${key}.state` };
}

export function readShipState(path: string): ShipState | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ShipState;
  } catch {
    return undefined;
  }
}

/** Written whole by temp + rename (a reader sees the old state or the new one). */
function writeState(path: string, state: ShipState): void {
  writeFileAtomic(path, JSON.stringify(state));
}

export function noteSuccess(path: string, target: string, now = new Date()): void {
  const was = readShipState(path);
  writeState(path, { ...was, target, lastOkAt: now.toISOString(), failures: 0 });
}

export function noteFailure(path: string, target: string, error: string, now = new Date()): void {
  const was = readShipState(path);
  writeState(path, {
    ...was,
    target,
    // A sink's own error may quote the URL it was given, password included (fetch does).
    lastError: maskUrlPasswords(error),
    lastErrorAt: now.toISOString(),
    failures: (was?.failures ?? 0) + 1,
  });
}
