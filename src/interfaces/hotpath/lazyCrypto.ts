// Stands in for `node:crypto` in the hot-path bundle only (scripts/build.mjs aliases it there).
// Loading node:crypto costs 3–9 ms per Node start (cipher, streams…), and the per-command core
// starts Node for every command while needing only one thing from it on the allow path: a random
// id for the audit record. Everything else (token checks, approval MACs, keys) loads the real
// module on first use, so what runs is unchanged; only when it is loaded moves.
import * as fs from 'node:fs';
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';

let real: typeof Crypto | undefined;
// A runtime require that esbuild does not rewrite, so the alias does not point back at this file.
// Built-ins resolve from any base path.
const load = (): typeof Crypto => (real ??= createRequire('/')('node:crypto') as typeof Crypto);

/** RFC 4122 version 4 from 16 bytes of the kernel's CSPRNG (the source node:crypto uses). */
export function uuidFromBytes(b: Uint8Array): ReturnType<typeof Crypto.randomUUID> {
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Buffer.from(b.buffer, b.byteOffset, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}` as ReturnType<
    typeof Crypto.randomUUID
  >;
}

function urandomUuid(): ReturnType<typeof Crypto.randomUUID> | undefined {
  const b = new Uint8Array(16);
  let fd: number | undefined;
  try {
    fd = fs.openSync('/dev/urandom', 'r');
    return fs.readSync(fd, b, 0, 16, null) === 16 ? uuidFromBytes(b) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined)
      try {
        fs.closeSync(fd);
      } catch {
        /* nothing to do */
      }
  }
}

/** Once node:crypto is in (the resident process has it), its pooled generator is cheaper than a read. */
export const randomUUID: typeof Crypto.randomUUID = (options) =>
  real ? real.randomUUID(options) : (urandomUuid() ?? load().randomUUID(options));
export const randomBytes = ((...args: Parameters<typeof Crypto.randomBytes>) =>
  (load().randomBytes as (...a: unknown[]) => unknown)(...args)) as typeof Crypto.randomBytes;
export const createHash: typeof Crypto.createHash = (...args) => load().createHash(...args);
export const createHmac: typeof Crypto.createHmac = (...args) => load().createHmac(...args);
export const timingSafeEqual: typeof Crypto.timingSafeEqual = (a, b) => load().timingSafeEqual(a, b);
/** True once something needed the real module (for tests and the benchmark). */
export const cryptoLoaded = (): boolean => real !== undefined;
