import { parseBashInvocation } from './invocation/bashGrammar.js';
import { parseDashInvocation } from './invocation/dashGrammar.js';
import { parsePortableInvocation } from './invocation/portableGrammar.js';
import type { ShellDialect, ShellInvocation } from './invocation/types.js';

export type { ShellDialect, ShellInvocation } from './invocation/types.js';

/** The dialect for a shell by its command name (`bash`, `/bin/sh` → `sh`, ...). */
export function dialectFor(name: string): ShellDialect {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base === 'bash' || base === 'rbash') return 'bash';
  if (base === 'dash') return 'dash';
  if (base === 'sh') return 'sh';
  return 'portable';
}

/**
 * Parses what a shell received after argv0 with that shell's own rules (docs/shell.md). Anything
 * the grammar does not model is `unsupported`, which the callers turn into a block. `sh` is dash
 * on Debian and bash elsewhere, so its arguments must mean the same to both: anything the two
 * read differently is refused too.
 */
export function parseShellInvocation(args: readonly string[], dialect: ShellDialect = 'bash'): ShellInvocation {
  if (dialect === 'bash') return parseBashInvocation(args);
  if (dialect === 'dash') return parseDashInvocation(args);
  if (dialect === 'portable') return parsePortableInvocation(args);
  const asDash = parseDashInvocation(args);
  if (asDash.kind === 'unsupported') return asDash;
  const asBash = parseBashInvocation(args);
  if (asBash.kind === 'unsupported') return { kind: 'unsupported', reason: `${asBash.reason} (sh may be bash)` };
  if (!sameInvocation(asDash, asBash))
    return { kind: 'unsupported', reason: 'sh: bash and dash read these arguments differently' };
  return asDash;
}

/** Field by field (JSON.stringify would cost microseconds on the hot path). */
function sameInvocation(a: ShellInvocation, b: ShellInvocation): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
    } else if (x !== y) return false;
  }
  return true;
}
