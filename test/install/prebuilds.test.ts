// The prebuilt fast-path clients the npm package ships (scripts/prebuilds.mjs): reproducible, one
// constants block that install fills (src/infrastructure/daemon/patchClient.ts), and the foreign
// architecture's binary actually run (under qemu-user, skipped by name when it is absent).
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPatchBlock, patchClient, PATCH_SIZE } from '../../src/infrastructure/daemon/patchClient.js';
import { PREBUILT_TARGETS } from '../../src/infrastructure/install/prebuiltClient.js';
import { tempDir } from './cliHarness.js';
// @ts-expect-error: the release script is plain JavaScript, without types.
import { buildPrebuilt } from '../../scripts/prebuilds.mjs';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
const scratch = (prefix: string): string => {
  const d = tempDir(prefix);
  made.push(d);
  return d;
};
const build = (arch: string): { path?: string; why?: string } => {
  const out = join(scratch('prebuild'), 'shimctl-client');
  const r = buildPrebuilt(arch, out) as { ok: boolean; why?: string };
  return r.ok ? { path: out } : { why: r.why };
};
const has = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;

describe('prebuilt client', () => {
  it('builds byte for byte the same twice (reproducible), in two different directories', () => {
    const a = build(process.arch);
    const b = build(process.arch);
    expect(a.why).toBeUndefined();
    expect(readFileSync(a.path!).equals(readFileSync(b.path!))).toBe(true);
  });

  it('has exactly one unpatched constants block, and a patched copy has none left', () => {
    const bin = readFileSync(build(process.arch).path!);
    const at = findPatchBlock(bin);
    const patched = patchClient(bin, { runDir: '/r', daemon: { node: '/n', entry: '/e' } });
    expect(patched.length).toBe(bin.length);
    expect(patched.subarray(at, at + 80).toString('latin1')).toContain(
      'SHIM_RUN_DIR=/r\0DAEMON_NODE=/n\0DAEMON_ENTRY=/e\0',
    );
    // Outside the block not one byte changed.
    expect(patched.subarray(0, at).equals(bin.subarray(0, at))).toBe(true);
    expect(patched.subarray(at + PATCH_SIZE).equals(bin.subarray(at + PATCH_SIZE))).toBe(true);
    expect(() => findPatchBlock(patched)).toThrow(/found 0/);
  });

  it('refuses constants that do not fit the block instead of truncating a path', () => {
    const bin = readFileSync(build(process.arch).path!);
    expect(() => patchClient(bin, { runDir: `/${'x'.repeat(PATCH_SIZE)}` })).toThrow(/too long/);
    expect(() => patchClient(bin, { runDir: '/a\0b' })).toThrow(/NUL/);
  });

  it('a shim whose block names it but lacks its paths blocks with 126 rather than acting as the generic client', () => {
    const path = build(process.arch).path!;
    const bin = readFileSync(path);
    const at = findPatchBlock(bin);
    const broken = Buffer.from(bin);
    Buffer.from('SHIMCTL-CONSTANTS-v1\nSHIM_NAME=bash\0', 'latin1').copy(broken, at);
    const file = join(scratch('broken'), 'bash');
    writeFileSync(file, broken);
    chmodSync(file, 0o755);
    const r = spawnSync(file, ['-c', 'echo ran'], { encoding: 'utf8' });
    expect(r.status).toBe(126);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/install constants are incomplete/);
  });

  for (const arch of Object.keys(PREBUILT_TARGETS).filter((a) => a !== process.arch)) {
    const qemu = `qemu-${PREBUILT_TARGETS[arch]!.split('-')[0]}`;
    const runnable = has(qemu) && has(`${PREBUILT_TARGETS[arch]}-gcc`);
    it.skipIf(!runnable)(
      `linux-${arch}: built by the cross compiler, patched, and run under ${qemu} (skipped without ${qemu} or ${PREBUILT_TARGETS[arch]}-gcc)`,
      () => {
        const built = build(arch);
        expect(built.why).toBeUndefined();
        const bin = readFileSync(built.path!);
        const unpatched = spawnSync(qemu, [built.path!], { encoding: 'utf8' });
        expect(unpatched.status).toBe(126);
        expect(unpatched.stderr).toMatch(/usage: shimctl-client/);
        const shim = join(scratch('foreign'), 'bash');
        writeFileSync(
          shim,
          patchClient(bin, {
            runDir: '/nonexistent/run',
            shim: { name: 'bash', realShell: '/bin/bash', node: '/nonexistent/node', entry: '/nonexistent/entry.cjs' },
          }),
        );
        chmodSync(shim, 0o755);
        const r = spawnSync(qemu, [shim, '-c', 'echo ran'], { encoding: 'utf8' });
        expect(r.status).toBe(126);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain('the review core is missing (/nonexistent/node /nonexistent/entry.cjs)');
      },
    );
  }
});
