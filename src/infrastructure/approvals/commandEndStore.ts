import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandEnds, EndHandle } from '../../application/ports/commandEnds.js';
import { END_HANDLE } from '../../application/ports/commandEnds.js';
import type { StatePaths } from '../paths/statePaths.js';
import { ensureOwnerOnlyDir, removeQuietly, writeFileAtomic } from '../files/ownerOnlyFiles.js';
import { loadApprovalKey } from './approvalKey.js';
import { takeOnce } from './takeOnce.js';
import { macHex, macMatches } from './approvalMac.js';

/** An end nobody reported (the bash was killed, or exec'd away) is swept after this long. */
export const END_TTL_MS = 7 * 24 * 3600 * 1000;
const SESSION = /^[A-Za-z0-9_-]{1,64}$/;
const RECORD_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Expectations live in `<state>/ends/<session>/<handle>`, owner-only, under the state directory no
 * reviewed command may write, each with an HMAC (the approval key, which no reviewed command may
 * read) over session, handle and id: a file planted or copied under another name does not verify,
 * and `take` consumes it by an atomic rename before reading, so a report counts once.
 */
export function createCommandEndStore(paths: StatePaths, now: () => number = Date.now): CommandEnds {
  const root = join(paths.stateDir, 'ends');
  const macText = (e: EndHandle, id: string): string => `shimctl-end\0${e.session}\0${e.handle}\0${id}`;
  const valid = (e: EndHandle): boolean => SESSION.test(e.session) && END_HANDLE.test(e.handle);
  return {
    expect(e, id) {
      if (!valid(e) || !RECORD_ID.test(id)) throw new Error('no usable session, handle or record id');
      const key = loadApprovalKey(paths, true);
      const dir = join(root, e.session);
      ensureOwnerOnlyDir(root);
      ensureOwnerOnlyDir(dir);
      sweep(dir, now());
      writeFileAtomic(join(dir, e.handle), JSON.stringify({ v: 1, id, mac: macHex(key, macText(e, id)) }));
    },
    take(e) {
      try {
        if (!valid(e)) return undefined;
        const raw = takeOnce(join(root, e.session), e.handle);
        if (!raw) return undefined;
        const end = JSON.parse(raw.toString('utf8')) as { v?: unknown; id?: unknown; mac?: unknown };
        if (end.v !== 1 || typeof end.id !== 'string' || !RECORD_ID.test(end.id)) return undefined;
        return macMatches(loadApprovalKey(paths, false), macText(e, end.id), end.mac) ? end.id : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Ends never reported (a bash killed by a signal runs no EXIT trap): removed when old, as the next is left. */
function sweep(dir: string, at: number): void {
  for (const entry of readdirSync(dir)) {
    if (!END_HANDLE.test(entry)) continue;
    const file = join(dir, entry);
    try {
      if (statSync(file).mtimeMs < at - END_TTL_MS) removeQuietly(file);
    } catch {
      removeQuietly(file);
    }
  }
}
