import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HookPasses, PassBinding } from '../../application/ports/hookPasses.js';
import type { StatePaths } from '../paths/statePaths.js';
import { loadApprovalKey } from './approvalKey.js';
import { takeOnce } from './takeOnce.js';
import { macHex, macMatches, sha256Hex } from './approvalMac.js';
import { ensureOwnerOnlyDir, readOwnedFile, removeQuietly, writeFileAtomic } from '../files/ownerOnlyFiles.js';

/** Long enough for an agent to start its shell after its hook answered; short enough that a pass left unused goes soon. */
export const PASS_TTL_MS = 120_000;
/** The launcher's session is hex (or pid-time); anything else names no directory of ours. */
const SESSION = /^[A-Za-z0-9_-]{1,64}$/;
const PASS_FILE = /^[0-9a-f]{64}$/;
/** A record id (systemClock makes UUIDs): plain characters only, nothing else is carried. */
const RECORD_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Passes live in `<state>/passes/<session>/<sha256(binding)>`, owner-only, under shimctl's state
 * directory, which the policy refuses to let any reviewed command write. Each holds its expiry and
 * an HMAC over its own name (the binding's digest) and that expiry, with the approval key that no
 * reviewed command may read. So a pass cannot be made without the key, a pass copied to another
 * name (other text, cwd or session) fails its MAC, and `take` consumes it by an atomic rename before
 * reading it: two shells racing for one pass get it once.
 */
export function createHookPassStore(paths: StatePaths, now: () => number = Date.now): HookPasses {
  const root = join(paths.stateDir, 'passes');
  const nameOf = (b: PassBinding): string => sha256Hex(`shimctl-pass\0${b.session}\0${b.cwd}\0${b.text}`);
  // v1 (no id) and v2 (with the hook's start-record id) MAC different texts: an id cannot be added or swapped.
  const macText = (name: string, expires: number, id?: string): string =>
    id === undefined ? `shimctl-pass\0${name}\0${expires}` : `shimctl-pass2\0${name}\0${expires}\0${id}`;
  return {
    mint(b, id) {
      if (!SESSION.test(b.session)) throw new Error('no usable SHIMCTL_SESSION');
      if (id !== undefined && !RECORD_ID.test(id)) throw new Error('not a record id');
      const key = loadApprovalKey(paths, true);
      const dir = join(root, b.session);
      ensureOwnerOnlyDir(root);
      ensureOwnerOnlyDir(dir);
      sweep(dir, now());
      const name = nameOf(b);
      const expires = now() + PASS_TTL_MS;
      const mac = macHex(key, macText(name, expires, id));
      writeFileAtomic(
        join(dir, name),
        JSON.stringify(id === undefined ? { v: 1, expires, mac } : { v: 2, expires, id, mac }),
      );
    },
    pending(session) {
      return SESSION.test(session) && existsSync(join(root, session));
    },
    take(b) {
      try {
        if (!SESSION.test(b.session)) return undefined;
        const name = nameOf(b);
        const raw = takeOnce(join(root, b.session), name);
        if (!raw) return undefined;
        const pass = JSON.parse(raw.toString('utf8')) as {
          v?: unknown;
          expires?: unknown;
          id?: unknown;
          mac?: unknown;
        };
        const id = pass.v === 2 && typeof pass.id === 'string' && RECORD_ID.test(pass.id) ? pass.id : undefined;
        if (
          (pass.v !== 1 && id === undefined) ||
          typeof pass.expires !== 'number' ||
          !(pass.expires > now()) ||
          pass.expires > now() + PASS_TTL_MS
        )
          return undefined;
        return macMatches(loadApprovalKey(paths, false), macText(name, pass.expires, id), pass.mac)
          ? { id }
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Passes nobody took (the agent never ran the command): removed once expired, when the next is minted. */
function sweep(dir: string, at: number): void {
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry);
    // Claimed passes (`.<name>.<pid>.<n>.taken`) are their taker's to remove.
    if (!PASS_FILE.test(entry)) continue;
    try {
      const raw = readOwnedFile(file, 1024);
      const expires = raw ? (JSON.parse(raw.toString('utf8')) as { expires?: unknown }).expires : undefined;
      if (typeof expires !== 'number' || expires <= at) removeQuietly(file);
    } catch {
      removeQuietly(file);
    }
  }
}
