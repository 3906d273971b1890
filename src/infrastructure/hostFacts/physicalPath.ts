// Where a path really leads, found the way the kernel's path walk finds it: component by
// component, following each symbolic link where it stands, `..` taken from the physical
// directory reached so far. realpath(3) could not be used for it: it fails on a dangling link
// (a write through one creates its target, `echo k >> l` with l -> ~/.ssh/authorized_keys2),
// and it follows /proc's magic links in the reviewer's own process (l -> /proc/self/cwd).
// Attack pass 16 got writes into ~/.bash_profile, shimctl's bin/ and .git/hooks through both.
import { lstatSync, readlinkSync } from 'node:fs';
import { dirnamePosix, isUnderProcOrDev } from '../../domain/paths/posixPath.js';

/** As Linux's limit on symbolic links followed in one path lookup (MAXSYMLINKS). */
const MAX_LINK_HOPS = 40;

type Kind = 'missing' | 'link' | 'other';

/**
 * A resolver for one review: lstat and readlink answers are kept, so the prefixes many paths
 * share (HOME, the workspace, shimctl's directories) cost one system call each per review.
 *
 * The answer is absolute. Three cases keep it from being a plain physical path, on purpose:
 * - a component that does not exist: the rest follows as written (what a write would create);
 *   a `..` after it cannot be placed until that component exists, so the answer keeps the `..`
 *   (src/domain/paths/posixPath.ts placePhysically: asked, never normalised away);
 * - a link under /proc, or one whose target is under /proc or /dev: not followed, the answer is
 *   the spelled /proc or /dev path with the rest, for the domain's process-path model
 *   (src/domain/paths/processPaths.ts), which maps it through the command, not the reviewer;
 * - more than 40 links: the rest as written (the kernel fails with ELOOP, nothing is reached).
 */
export function physicalPathResolver(): (absPath: string) => string {
  const kinds = new Map<string, Kind>();
  const kindOf = (p: string): Kind => {
    let kind = kinds.get(p);
    if (kind === undefined) {
      try {
        const st = lstatSync(p, { throwIfNoEntry: false });
        kind = st === undefined ? 'missing' : st.isSymbolicLink() ? 'link' : 'other';
      } catch {
        kind = 'missing'; // EACCES, ENOTDIR, ELOOP: the command cannot go through it either
      }
      kinds.set(p, kind);
    }
    return kind;
  };
  const targets = new Map<string, string | null>();
  const targetOf = (p: string): string | null => {
    let t = targets.get(p);
    if (t === undefined) {
      try {
        t = readlinkSync(p);
      } catch {
        t = null;
      }
      targets.set(p, t);
    }
    return t;
  };
  const walk = (absPath: string, hops: number): string => {
    const segs = absPath.split('/').filter((s) => s !== '' && s !== '.');
    let current = '/';
    let missing = false;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      const rest = (): string[] => segs.slice(i + 1);
      if (seg === '..') {
        if (missing) return joinAll(current, segs.slice(i));
        current = dirnamePosix(current);
        continue;
      }
      const next = current === '/' ? `/${seg}` : `${current}/${seg}`;
      if (missing) {
        current = next;
        continue;
      }
      const kind = kindOf(next);
      if (kind !== 'link') {
        current = next;
        missing = kind === 'missing';
        continue;
      }
      const target = targetOf(next);
      if (target === null || hops >= MAX_LINK_HOPS) return joinAll(next, rest());
      if (next.startsWith('/proc/')) return joinAll(next, rest());
      const spelled = target.startsWith('/') ? target : `${current}/${target}`;
      if (isUnderProcOrDev(spelled)) return joinAll(spelled, rest());
      const reached = walk(spelled, hops + 1);
      // Not a plain physical path (see above): the rest goes after it as written.
      if (!isPhysical(reached)) return joinAll(reached, rest());
      current = reached;
      missing = kindOf(current) === 'missing';
    }
    return current;
  };
  return (absPath) => walk(absPath, 0);
}

function joinAll(head: string, rest: readonly string[]): string {
  if (rest.length === 0) return head;
  return head === '/' ? `/${rest.join('/')}` : `${head}/${rest.join('/')}`;
}

/** Without `.`/`..` segments and not under /proc or /dev: a path the walk placed. */
function isPhysical(p: string): boolean {
  return !/(?:^|\/)\.\.?(?:\/|$)/.test(p) && !isUnderProcOrDev(p);
}
