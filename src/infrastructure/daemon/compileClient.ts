import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patchClient } from './patchClient.js';
import { SAVED_NODE_VARIABLES } from '../../application/intercept/nodeVariables.js';

export interface CompiledClient {
  binary: Buffer;
  /** The compiler that built it, or `prebuilt` for the package's binary with the constants patched in. */
  compiler: string;
}

export type { ClientConstants } from './clientConstants.js';
import type { ClientConstants } from './clientConstants.js';

/**
 * A C string literal holding exactly these bytes: everything but a few plain characters as an
 * octal escape, so no path (quotes, backslashes, newlines, `??` trigraphs) can end the literal.
 */
export function cStringLiteral(value: string): string {
  let out = '"';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9/._+,:@%=-]/.test(c) ? c : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** The C initialiser of the Node variables the shim moves aside (shims/nodeVariables.json). */
export function nodeVariablesDefine(): string {
  return `#define SHIMCTL_NODE_VARIABLES ${SAVED_NODE_VARIABLES.map((n) => cStringLiteral(n)).join(', ')}`;
}

export function constantsHeader(c: ClientConstants): string {
  const lines: string[] = [nodeVariablesDefine()];
  if (c.runDir !== undefined) lines.push(`#define SHIMCTL_SHIM_RUN_DIR ${cStringLiteral(c.runDir)}`);
  const daemon = c.shim ? { node: c.shim.node, entry: c.shim.entry } : c.daemon;
  if (daemon) {
    lines.push(`#define SHIMCTL_DAEMON_NODE ${cStringLiteral(daemon.node)}`);
    if (daemon.entry !== undefined) lines.push(`#define SHIMCTL_DAEMON_ENTRY ${cStringLiteral(daemon.entry)}`);
  }
  if (c.shim) {
    lines.push(
      `#define SHIMCTL_SHIM_NAME ${cStringLiteral(c.shim.name)}`,
      `#define SHIMCTL_SHIM_REAL ${cStringLiteral(c.shim.realShell)}`,
      `#define SHIMCTL_SHIM_NODE ${cStringLiteral(c.shim.node)}`,
      `#define SHIMCTL_SHIM_ENTRY ${cStringLiteral(c.shim.entry)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Builds the fast-path shim client from its C source with the machine's compiler, at install
 * time: the generic client (the BASH_ENV guard's), or with `constants.shim` the bash/sh shim itself.
 * With no compiler, the package's prebuilt binary for this platform (`prebuilt`, see
 * scripts/prebuilds.mjs) gets the same constants patched in. Neither (or `SHIMCTL_FAST_CLIENT=0`)
 * is not an error: the shims are then the sh scripts running the per-command Node core, with the
 * same verdicts, only slower. Returns undefined in that case.
 */
export function compileClient(
  source: string,
  env: Record<string, string | undefined>,
  constants?: ClientConstants,
  prebuilt?: string,
): CompiledClient | undefined {
  if (env.SHIMCTL_FAST_CLIENT === '0') return undefined;
  const compiled = env.SHIMCTL_FAST_CLIENT === 'prebuilt' ? undefined : compileFromSource(source, env, constants);
  if (compiled || !prebuilt || !existsSync(prebuilt)) return compiled;
  return { binary: patchClient(readFileSync(prebuilt), constants ?? {}), compiler: 'prebuilt' };
}

function compileFromSource(
  source: string,
  env: Record<string, string | undefined>,
  constants?: ClientConstants,
): CompiledClient | undefined {
  if (!existsSync(source)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shimctl-client-'));
  try {
    const out = join(dir, 'shimctl-client');
    const header = join(dir, 'client-constants.h');
    writeFileSync(header, constantsHeader(constants ?? {}));
    const extra = ['-include', header];
    for (const cc of [env.CC, 'cc', 'gcc', 'clang'].filter((c): c is string => !!c)) {
      const r = spawnSync(cc, ['-O2', ...extra, '-o', out, source], {
        stdio: 'ignore',
        timeout: 120_000,
        env: { PATH: env.PATH ?? '/usr/bin:/bin', LANG: 'C' },
      });
      if (r.status === 0 && existsSync(out)) return { binary: readFileSync(out), compiler: cc };
    }
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
