import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CompiledClient {
  binary: Buffer;
  compiler: string;
}

/**
 * Builds the fast-path shim client from its C source with the machine's compiler, at install
 * time. No compiler (or `SHIMCTL_FAST_CLIENT=0`) is not an error: the shims then run the
 * per-command Node core, with the same verdicts, only slower. Returns undefined in that case.
 */
export function compileClient(source: string, env: Record<string, string | undefined>): CompiledClient | undefined {
  if (env.SHIMCTL_FAST_CLIENT === '0' || !existsSync(source)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shimctl-client-'));
  try {
    const out = join(dir, 'shimctl-client');
    for (const cc of [env.CC, 'cc', 'gcc', 'clang'].filter((c): c is string => !!c)) {
      const r = spawnSync(cc, ['-O2', '-o', out, source], { stdio: 'ignore', timeout: 120_000, env: { PATH: env.PATH ?? '/usr/bin:/bin', LANG: 'C' } });
      if (r.status === 0 && existsSync(out)) return { binary: readFileSync(out), compiler: cc };
    }
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
