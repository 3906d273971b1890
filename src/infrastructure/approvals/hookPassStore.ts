import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { HookPasses, PassBinding } from '../../application/ports/hookPasses.js';
import type { StatePaths } from '../paths/statePaths.js';
import { loadApprovalKey } from './approvalKey.js';
import { macHex, macMatches, sha256Hex } from './approvalMac.js';
import { ensureOwnerOnlyDir, readOwnedFile, removeQuietly, writeFileAtomic } from '../files/ownerOnlyFiles.js';

/** Long enough for an agent to start its shell after its hook answered; short enough that a pass left unused goes soon. */
export const PASS_TTL_MS = 120_000;
/** The launcher's session is hex (or pid-time); anything else names no directory of ours. */
const SESSION = /^[A-Za-z0-9_-]{1,64}$/;
const PASS_FILE = /^[0-9a-f]{64}$/;

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
  const macText = (name: string, expires: number): string => `shimctl-pass\0${name}\0${expires}`;
  let taken = 0;
  return {
    mint(b) {
      if (!SESSION.test(b.session)) throw new Error('no usable SHIMCTL_SESSION');
      const key = loadApprovalKey(paths, true);
      const dir = join(root, b.session);
      ensureOwnerOnlyDir(root);
      ensureOwnerOnlyDir(dir);
      sweep(dir, now());
      const name = nameOf(b);
      const expires = now() + PASS_TTL_MS;
      writeFileAtomic(join(dir, name), JSON.stringify({ v: 1, expires, mac: macHex(key, macText(name, expires)) }));
    },
    pending(session) {
      return SESSION.test(session) && existsSync(join(root, session));
    },
    take(b) {
      try {
        if (!SESSION.test(b.session)) return false;
        const dir = join(root, b.session);
        const name = nameOf(b);
        const claimed = join(dir, `.${name}.${process.pid}.${++taken}.taken`);
        try {
          renameSync(join(dir, name), claimed);
        } catch {
          return false;
        }
        let raw: Buffer | undefined;
        try {
          raw = readOwnedFile(claimed, 1024);
        } finally {
          removeQuietly(claimed);
        }
        if (!raw) return false;
        const pass = JSON.parse(raw.toString('utf8')) as { v?: unknown; expires?: unknown; mac?: unknown };
        if (
          pass.v !== 1 ||
          typeof pass.expires !== 'number' ||
          !(pass.expires > now()) ||
          pass.expires > now() + PASS_TTL_MS
        )
          return false;
        return macMatches(loadApprovalKey(paths, false), macText(name, pass.expires), pass.mac);
      } catch {
        return false;
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
