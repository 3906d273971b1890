import { randomBytes } from 'node:crypto';
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import type { StatePaths } from '../paths/statePaths.js';
import { ensureOwnerOnlyDir, readOwnedFile, removeQuietly, writeFileAtomic } from '../files/ownerOnlyFiles.js';

const KEY_BYTES = 32;

/**
 * The per-user key that signs requests and answers. It lives in shimctl's state directory and its
 * name ends in `.key` on purpose: the built-in policy treats `*.key` as a secret (reading it is
 * refused) and the state directory as shimctl's own (writing it is refused).
 */
export function approvalKeyPath(paths: StatePaths): string {
  return join(paths.stateDir, 'approvals.key');
}

/** Reads the key; creates it first when `create` and it does not exist. Throws if it is unusable. */
export function loadApprovalKey(paths: StatePaths, create: boolean): Buffer {
  const file = approvalKeyPath(paths);
  ensureOwnerOnlyDir(paths.stateDir);
  let key = readOwnedFile(file, 4096);
  if (!key && create) {
    // Write aside, then hard-link into place: link fails if another process won the race, and
    // then everyone reads the winner's key.
    const tmp = `${file}.${process.pid}.new`;
    writeFileAtomic(tmp, randomBytes(KEY_BYTES));
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      removeQuietly(tmp);
    }
    key = readOwnedFile(file, 4096);
  }
  if (!key || key.length < KEY_BYTES) {
    throw new Error(
      `the approval key ${file} is missing or unusable (must be a ${KEY_BYTES}-byte regular file, owner-only, owned by this user)`,
    );
  }
  return key;
}
