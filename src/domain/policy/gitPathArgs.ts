/**
 * Which git arguments are files, and how git uses them. Most subcommands take pathspecs that are
 * judged as mentions (a secret named there is refused: `git add .env` stages it for pushing).
 * Some never read the file (`git rm --cached .env` untracks it, `git check-ignore .env` asks the
 * ignore rules); `git show REV:path` and `git cat-file -p REV:path` print a file's contents
 * from history, so `path` is a read.
 */
import type { PathArg } from '../paths/judgePaths.js';
import { hasLongFlag, makeArgView, positionals } from './argView.js';
import { looksLikePath } from './pathArgs.js';

/** Subcommands whose path arguments are only matched against the index or ignore rules. */
const NO_CONTENT = new Set(['check-ignore', 'check-attr', 'ls-files', 'check-mailmap']);
const SHOWS_BLOBS = new Set(['show', 'cat-file', 'grep', 'archive', 'diff', 'log', 'blame']);
/**
 * Subcommands that delete or move the working-tree files they name: judged as deletions, so a
 * protected name there (`git rm .shimctlrc` drops a project's stricter rules) is found as one.
 */
const CHANGES_FILES: Record<string, 'delete'> = { rm: 'delete', mv: 'delete' };

export function gitPathArgs(args: readonly string[]): PathArg[] {
  const view = makeArgView('git', args);
  const sub = view.sub[0];
  const rest = view.rest;
  if (sub !== undefined && NO_CONTENT.has(sub)) return [];
  if (sub === 'rm' && hasLongFlag(rest, '--cached')) return [];
  const out: PathArg[] = [];
  // `git clone URL DIR`, `git worktree add DIR`, `git init DIR` create a whole tree at DIR.
  for (const created of createdDirectories(sub, view.sub, rest)) out.push({ raw: created, access: 'write', recursive: true });
  for (const p of positionals(args)) {
    if (p === sub) continue;
    // `REV:path` (not a URL, not `:/message` search): the blob at path.
    const m = SHOWS_BLOBS.has(sub ?? '') ? /^([^:/]*):(?!\/)(.+)$/.exec(p) : null;
    if (m && !p.includes('://')) out.push({ raw: m[2]!, access: 'read' });
    // Every operand of rm/mv is a file, whatever it looks like.
    else if (CHANGES_FILES[sub ?? '']) out.push({ raw: p, access: CHANGES_FILES[sub!]! });
    else if (looksLikePath(p)) out.push({ raw: p, access: 'mention' });
  }
  return out;
}

/**
 * The directory a clone, worktree or init creates (the last operand). For `worktree add` every
 * operand after `add` counts (an option value such as `-b NAME` is not told apart; a branch name
 * judged as a path below the cwd is harmless).
 */
function createdDirectories(sub: string | undefined, subWords: readonly string[], rest: readonly string[]): string[] {
  const operands = positionals(rest);
  if ((sub === 'clone' && operands.length >= 2) || (sub === 'init' && operands.length >= 1)) return [operands[operands.length - 1]!];
  if (sub === 'worktree' && subWords[1] === 'add') return operands.slice(1);
  return [];
}
