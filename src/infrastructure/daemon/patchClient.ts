import type { ClientConstants } from './clientConstants.js';

// A prebuilt client (built with SHIMCTL_PATCHABLE by scripts/prebuilds.mjs) reserves one block for
// the constants install would otherwise compile in (shims/client/shimctl-client.c, "what install
// fixed"). Install fills the block in its own copy; the shipped file stays as built.

const MARK = Buffer.from('SHIMCTL-CONSTANTS-v1\n', 'latin1');
/** PATCH_SIZE in the C source. */
export const PATCH_SIZE = 8192;

/** The KEY=VALUE entries the C source reads, from the same constants the compiled header carries. */
export function patchEntries(c: ClientConstants): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (c.runDir !== undefined) out.push(['SHIM_RUN_DIR', c.runDir]);
  const daemon = c.shim ? { node: c.shim.node, entry: c.shim.entry } : c.daemon;
  if (daemon) {
    out.push(['DAEMON_NODE', daemon.node]);
    if (daemon.entry !== undefined) out.push(['DAEMON_ENTRY', daemon.entry]);
  }
  if (c.shim)
    out.push(
      ['SHIM_NAME', c.shim.name],
      ['SHIM_REAL', c.shim.realShell],
      ['SHIM_NODE', c.shim.node],
      ['SHIM_ENTRY', c.shim.entry],
    );
  return out;
}

/** Where the unpatched block starts: the marker followed by nothing but zero bytes to the block's end. */
export function findPatchBlock(binary: Buffer): number {
  const found: number[] = [];
  for (let at = binary.indexOf(MARK); at >= 0; at = binary.indexOf(MARK, at + 1)) {
    if (at + PATCH_SIZE > binary.length) continue;
    let blank = true;
    for (let i = at + MARK.length; i < at + PATCH_SIZE && blank; i++) blank = binary[i] === 0;
    if (blank) found.push(at);
  }
  if (found.length !== 1)
    throw new Error(`prebuilt client: expected one unpatched constants block, found ${found.length}`);
  return found[0]!;
}

/** A copy of the prebuilt binary with the constants written into its block. Throws when they do not fit. */
export function patchClient(binary: Buffer, c: ClientConstants): Buffer {
  const at = findPatchBlock(binary);
  const parts = [MARK];
  for (const [k, v] of patchEntries(c)) {
    if (v.includes('\0')) throw new Error(`prebuilt client: ${k} holds a NUL byte`);
    parts.push(Buffer.from(`${k}=${v}\0`, 'utf8'));
  }
  const block = Buffer.concat(parts);
  // Two trailing zero bytes end the entry list (the C reader also forces them).
  if (block.length > PATCH_SIZE - 2)
    throw new Error(
      `prebuilt client: install paths are too long for the constants block (${block.length} > ${PATCH_SIZE - 2} bytes)`,
    );
  const out = Buffer.from(binary);
  block.copy(out, at);
  return out;
}
