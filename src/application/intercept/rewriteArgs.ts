import type { ShellInvocation } from '../../domain/shell/parseInvocation.js';

/**
 * The shell's arguments with the `-c` text replaced by the review's rewritten text. The result is
 * parsed again and must be the same invocation with only the text changed; otherwise there is no
 * rewrite and the caller refuses (the command never runs unexpanded by mistake).
 */
export function rewriteArgs(
  args: readonly string[],
  inv: Extract<ShellInvocation, { kind: 'command' }>,
  rewritten: string,
  parse: (args: readonly string[]) => ShellInvocation,
): string[] | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== inv.script) continue;
    const candidate = [...args];
    candidate[i] = rewritten;
    const again = parse(candidate);
    if (again.kind !== 'command' || again.script !== rewritten) continue;
    if (sameExceptScript(inv, again)) return candidate;
  }
  return undefined;
}

function sameExceptScript(a: ShellInvocation, b: ShellInvocation): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    if (k === 'script') continue;
    const p = x[k];
    const q = y[k];
    if (Array.isArray(p) && Array.isArray(q)) {
      if (p.length !== q.length || p.some((v, j) => v !== q[j])) return false;
    } else if (p !== q) return false;
  }
  return true;
}
