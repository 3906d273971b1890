// Self-protection: shimctl's own install is the gate itself. A command that rewrites the shim entry,
// a shim, a launcher, the review bundle, the config, the audit log or the approvals switches every
// later review off (`sort -o …/shims/shim-entry.cjs payload.js`, `mkfifo …/config.json`), so any
// change there is one rule, block/critical, whatever tool or option makes it.
import type { PathArg } from './pathArg.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { expandTilde, isWithin } from './posixPath.js';

export const SELF_PROTECTION_RULE = 'paths:self-protection';

/**
 * Where shimctl lives when the XDG variables are unset, and the agents' hook directory install
 * writes into (Cline's global hooks: a file there runs on every Cline tool use). Always protected,
 * whatever the environment or the install record say, so moving XDG_* cannot unprotect them.
 */
export function defaultSelfPaths(home: string): string[] {
  return ['~/.config/shimctl', '~/.local/state/shimctl', '~/.local/share/shimctl', '~/Documents/Cline/Hooks'].map((p) =>
    expandTilde(p, home),
  );
}

/** Whether the access changes what is at the path (content, mode, owner, links, existence). */
function changes(arg: PathArg): boolean {
  // A tool (or option) the review does not model may write any file it is given
  // (`foo --out ~/.local/share/shimctl/…`, `uniq IN OUT`, an editor): judged as a write here.
  return arg.access === 'write' || arg.access === 'delete' || arg.unmodelled === true;
}

/**
 * block/critical when the command changes a path inside a self-protected location, or a tree that
 * holds one (`rm -rf ~/.local`, `chmod -R 000 ~/.config`, `mv ~/.local/share /tmp/x`). `spellings`
 * are the path as written, with `~`, and resolved through symlinks and `..` (judgePaths).
 */
export function selfProtectionVerdict(
  arg: PathArg,
  spellings: readonly string[],
  selfPaths: readonly string[],
  shown: string,
): Verdict | undefined {
  if (!changes(arg) || selfPaths.length === 0) return undefined;
  for (const p of spellings) {
    for (const own of selfPaths) {
      // Deleting or moving a parent takes shimctl with it; writing a parent directory (not
      // recursively) only adds an entry beside it, which is the ordinary path policy's concern.
      const inside =
        isWithin(p, own) ||
        (arg.recursive === true && (arg.access === 'delete' || arg.access === 'write') && isWithin(own, p));
      if (inside) {
        return verdict(
          'block',
          'critical',
          'path.self_protection',
          `${shown} is part of shimctl's own install (${own}); changing it would switch the review off.`,
          SELF_PROTECTION_RULE,
        );
      }
    }
  }
  return undefined;
}
