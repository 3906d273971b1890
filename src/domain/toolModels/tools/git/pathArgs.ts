/**
 * Which git arguments are files, and how git uses them. Most subcommands take pathspecs that are
 * judged as mentions (a secret named there is refused: `git add .env` stages it for pushing).
 * Some never read the file (`git rm --cached .env` untracks it, `git check-ignore .env` asks the
 * ignore rules); `git show REV:path` and `git cat-file -p REV:path` print a file's contents
 * from history, so `path` is a read.
 */
import type { PathArg } from '../../../paths/judgePaths.js';
import { hasFlag, hasLongFlag, makeArgView, positionals } from '../../../policy/argView.js';
import { looksLikePath } from '../../../policy/looksLikePath.js';
import { landingPaths } from '../../../policy/copyLanding.js';
import { matchLongOption } from '../../../policy/longOption.js';
import { CLONE_LONGS, INIT_LONGS } from './cloneOptions.js';
import { parseArgv } from '../../parseArgv.js';
import { splitRevPath } from './revPath.js';
import { GIT_SUBCOMMAND_MODELS } from './subcommandModels.js';

/** Subcommands whose path arguments are only matched against the index or ignore rules. */
const NO_CONTENT = new Set(['check-ignore', 'check-attr', 'ls-files', 'check-mailmap']);
export const SHOWS_BLOBS = new Set(['show', 'cat-file', 'grep', 'archive', 'diff', 'log', 'blame']);
/**
 * Subcommands that point a ref at an object: `git tag t HEAD:.env` tags the blob, which
 * `git tag -l --format='%(raw)'` then prints (attack pass 21, F7). A `REV:path` there is read.
 */
const POINTS_AT_OBJECTS = new Set(['tag', 'update-ref', 'replace']);
/**
 * Subcommands that delete the working-tree files they name: judged as deletions, so a protected
 * name there (`git rm .shimctlrc` drops a project's stricter rules) is found as one (`mv`: below).
 */
const CHANGES_FILES: Record<string, 'delete'> = { rm: 'delete' };

/**
 * `git status` and `git log` print names, states and history of the paths they are given, never
 * their contents, as long as every option is one of these (`status -v` prints the staged diff,
 * `log -p`/`-S`/`-G`/`-L` print or search contents: those keep the pathspec judged as a read).
 * Options that take the next word as their value are listed with a trailing space.
 */
const METADATA_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  status: new Set([
    '-s',
    '--short',
    '-b',
    '--branch',
    '--porcelain',
    '--long',
    '-u',
    '-uno',
    '-unormal',
    '-uall',
    '--untracked-files',
    '--ignored',
    '-z',
    '--null',
    '--column',
    '--no-column',
    '--ahead-behind',
    '--no-ahead-behind',
    '--renames',
    '--no-renames',
    '--find-renames',
    '--ignore-submodules',
    '--show-stash',
    '-sb',
    '-bs',
  ]),
  log: new Set([
    '--oneline',
    '--format',
    '--pretty',
    '-n ',
    '--max-count',
    '--skip',
    '--since',
    '--after',
    '--until',
    '--before',
    '--author',
    '--committer',
    '--grep',
    '--name-only',
    '--name-status',
    '--stat',
    '--shortstat',
    '--numstat',
    '--follow',
    '--all',
    '--graph',
    '--decorate',
    '--no-decorate',
    '--date',
    '--reverse',
    '--no-merges',
    '--merges',
    '--first-parent',
    '--abbrev-commit',
    '--no-abbrev-commit',
    '--relative-date',
    '--color',
    '--no-color',
    '-z',
    '--diff-filter',
    '--summary',
    '--no-patch',
    '-s',
    '--topo-order',
    '--date-order',
    '--left-right',
    '--source',
  ]),
};

/** True when `git SUB ARGS` only reports metadata about its pathspecs (see METADATA_OPTIONS). */
export function reportsMetadataOnly(sub: string | undefined, rest: readonly string[]): boolean {
  // Own properties only: a subcommand named `__proto__` or `valueOf` must not reach Object.prototype.
  const known = sub !== undefined && Object.hasOwn(METADATA_OPTIONS, sub) ? METADATA_OPTIONS[sub] : undefined;
  if (!known) return false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') return true;
    if (!a.startsWith('-') || a === '-') continue;
    if (/^-\d+$/.test(a) && sub === 'log') continue; // `git log -5`
    if (known.has(`${a} `)) {
      i++;
      continue;
    }
    if (!known.has(a) && !(a.startsWith('--') && a.includes('=') && known.has(a.slice(0, a.indexOf('=')))))
      return false;
  }
  return true;
}

/**
 * The path of a `REV:path` blob, read. git takes it from the top of the work tree unless it
 * starts with `./` or `../` (gitrevisions(7)), so it is anchored there (repoRelative).
 */
function blobPath(path: string): PathArg {
  return /^\.\.?\//.test(path) ? { raw: path, access: 'read' } : { raw: path, access: 'read', repoRelative: true };
}

export function gitPathArgs(args: readonly string[]): PathArg[] {
  const view = makeArgView('git', args);
  const sub = view.sub[0];
  const rest = view.rest;
  if (sub !== undefined && NO_CONTENT.has(sub)) return [];

  if (sub === 'rm' && hasLongFlag(rest, '--cached')) return [];
  const out: PathArg[] = [];
  for (let k = 0; k < rest.length; k++) {
    // `git log/diff/show --output=FILE`, `format-patch -o DIR`: git writes there.
    const a = rest[k]!;
    if (a === '--') break;
    if (a.startsWith('--output=') || a.startsWith('--output-directory='))
      out.push({ raw: a.slice(a.indexOf('=') + 1), access: 'write' });
    else if ((a === '--output' || a === '--output-directory' || (a === '-o' && sub === 'format-patch')) && rest[k + 1])
      out.push({ raw: rest[++k]!, access: 'write' });
    else if (sub === 'format-patch' && /^-[nNspkq]*o/.test(a)) {
      // `-o/etc/profile.d`, `-ko DIR`: parse-options reads the rest of the word, or the next one (attack pass 8).
      const dir = a.slice(a.indexOf('o') + 1);
      if (dir !== '') out.push({ raw: dir, access: 'write' });
      else if (rest[k + 1]) out.push({ raw: rest[++k]!, access: 'write' });
    }
  }
  for (const dir of optionDirectories(sub, rest)) out.push({ raw: dir, access: 'write', recursive: true });
  // `git config --blob=HEAD:.pypirc --list` prints every key of that committed file, as
  // `git show HEAD:.pypirc` prints its text (attack pass 10): the path in the blob is read.
  if (sub === 'config' && GIT_SUBCOMMAND_MODELS.config)
    for (const u of parseArgv(GIT_SUBCOMMAND_MODELS.config, rest).uses) {
      const blob = u.option.names.includes('--blob') ? u.values[0] : undefined;
      const split = blob === undefined ? undefined : splitRevPath(blob);
      if (split !== undefined) out.push(blobPath(split.path));
    }
  for (const file of attachedFileValues(sub, rest)) out.push({ raw: file, access: 'read' });
  if (sub === 'notes') for (const file of notesBlobValues(rest)) out.push(blobPath(file));
  // `git log -L1,1:.env` (attached; the spaced form is a `REV:path` operand below): the file after
  // a `:` is read. Every suffix after a colon counts (`-L:func:file`), the stricter reading.
  if (sub !== undefined && SHOWS_BLOBS.has(sub))
    for (const a of rest) {
      if (a === '--') break;
      const v = /^-L(.+)$/.exec(a)?.[1];
      if (v === undefined) continue;
      for (let c = v.indexOf(':'); c >= 0; c = v.indexOf(':', c + 1))
        if (c + 1 < v.length) out.push({ raw: v.slice(c + 1), access: 'read' });
    }
  // `git worktree remove DIR` deletes that working tree (outside the workspace it asks).
  if (sub === 'worktree' && view.sub[1] === 'remove') {
    for (const p of positionals(rest).slice(1)) out.push({ raw: p, access: 'delete', recursive: true });
    return out;
  }
  // `git push /abs/repo`, `git push ../x main`, `git push file:///p`: the push writes objects and
  // refs into that repository (and runs its receive hooks): judged as a write of the tree there.
  for (const repo of pushedRepositories(sub, rest)) out.push({ raw: repo, access: 'write', recursive: true });
  // `git fetch ../other`, `git clone ../priv/.git x`: the objects of that repository are read.
  // (Bare words, remote names mostly, are left to review/gitFetchedSecrets.ts, which looks first.)
  for (const repo of fetchedRepositories(args, false)) out.push({ raw: repo, access: 'read', recursive: true });
  // `git clone URL DIR`, `git worktree add DIR`, `git init DIR` create a whole tree at DIR.
  for (const created of createdDirectories(sub, view.sub, rest))
    out.push({ raw: created, access: 'write', recursive: true });
  if (reportsMetadataOnly(sub, rest)) return out;
  // `git diff --no-index A B` compares two files or two trees outside git and prints them. Git
  // does the same unasked when one of exactly two paths lies outside the repository
  // (`git diff ../empty .`, builtin/diff.c): a path leaving the cwd counts as such.
  if (sub === 'diff' && (rest.includes('--no-index') || impliedNoIndex(positionals(rest)))) {
    for (const p of positionals(rest)) out.push({ raw: p, access: 'read', recursive: true });
    return out;
  }
  // `git mv SRC… DEST` moves whole trees as mv does: into a directory DEST a source lands at
  // DEST/basename, and a DEST named like a protected directory gets the source's files
  // (attack pass 19: `git mv claude .claude` landed claude/settings.json as .claude/settings.json).
  if (sub === 'mv') {
    const ops = positionals(rest);
    const dest = ops.length > 1 ? ops[ops.length - 1] : undefined;
    const sources = dest === undefined ? ops : ops.slice(0, -1);
    for (const p of sources) out.push({ raw: p, access: 'delete', recursive: true });
    if (dest !== undefined) {
      out.push({ raw: dest, access: 'write' });
      out.push(...landingPaths(sources, dest, { wholeTree: true, contentsOnly: false }));
    }
    return out;
  }
  // Operands after the subcommand: the values of global options (`-c KEY=VALUE`, `-C DIR`) are
  // not pathspecs (`-C DIR` is judged by escapeHatches.ts here and review/gitForeignRepo.ts).
  for (const p of positionals(rest)) {
    const shows = SHOWS_BLOBS.has(sub ?? '');
    // Pathspec magic (`:/.env`, `:(top).env`, `:!x`): the path after it, read where blobs are shown.
    const magic = pathspecMagic(p);
    if (magic !== undefined) {
      if (magic !== '') out.push({ raw: magic, access: shows ? 'read' : 'mention' });
      continue;
    }
    // `REV:path` (not a URL): the blob at path; `:N:path` is stage N of the index (attack pass 8).
    // A revision may hold `/` (`origin/main:.env`, attack pass 20, F1).
    const split = shows || POINTS_AT_OBJECTS.has(sub ?? '') ? splitRevPath(p) : undefined;
    if (split) out.push(blobPath(split.path));
    // Every operand of rm/mv is a file, whatever it looks like.
    else if (CHANGES_FILES[sub ?? ''])
      out.push(
        sub === 'rm' && hasFlag(rest, 'r')
          ? { raw: p, access: 'delete', recursive: true }
          : { raw: p, access: CHANGES_FILES[sub!]! },
      );
    else if (looksLikePath(p)) out.push({ raw: p, access: 'mention' });
  }
  return out;
}

/**
 * `git notes add -C HEAD:.env` (attack pass 11, P11-05): `-C/-c/--reuse-message/--reedit-message`
 * take an object, and a blob's text becomes the note `notes show` prints: a `REV:path` value is
 * read as `git show REV:path` is. Spaced, attached (`-CHEAD:.env`), clustered (`-fC`) and
 * abbreviated (`--reu=`) spellings; `-m`/`-F` take the rest of a cluster as their value.
 */
function notesBlobValues(rest: readonly string[]): string[] {
  const out: string[] = [];
  const valueBlob = (v: string | undefined): void => {
    const split = v === undefined ? undefined : splitRevPath(v);
    if (split) out.push(split.path);
  };
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    if (a === '--') break;
    const long = /^--(re[a-z-]+)(=.*)?$/.exec(a);
    if (long) {
      const name = long[1]!;
      if (name.length > 2 && ('reuse-message'.startsWith(name) || 'reedit-message'.startsWith(name)))
        valueBlob(long[2] !== undefined ? long[2].slice(1) : rest[++k]);
      continue;
    }
    if (!/^-[a-zA-Z]/.test(a)) continue;
    for (let i = 1; i < a.length; i++) {
      const c = a[i]!;
      if (c === 'C' || c === 'c') {
        valueBlob(i + 1 < a.length ? a.slice(i + 1) : rest[++k]);
        break;
      }
      if (c === 'm' || c === 'F') {
        if (i + 1 === a.length) k++;
        break;
      }
    }
  }
  return out;
}

// Long options of init and clone that name a directory git creates or writes into (`--sep=DIR`
// is `--separate-git-dir`: parse-options takes prefixes, attack pass 6), and apply's
// `--directory`, the root its patch's files are written under.
const DIR_OPTIONS: Readonly<Record<string, { table: readonly string[]; dirs: readonly string[] }>> = {
  init: { table: INIT_LONGS, dirs: ['--separate-git-dir'] },
  clone: { table: CLONE_LONGS, dirs: ['--separate-git-dir'] },
  apply: { table: ['--directory', '--allow-empty', '--allow-overlap', '--apply'], dirs: ['--directory'] },
};

/** `init --separate-git-dir[=]DIR`, `clone --separate-git-dir`, `apply --directory[=]DIR`, abbreviated too. */
function optionDirectories(sub: string | undefined, rest: readonly string[]): string[] {
  const spec = sub !== undefined && Object.hasOwn(DIR_OPTIONS, sub) ? DIR_OPTIONS[sub]! : undefined;
  if (!spec) return [];
  const found: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    const m = matchLongOption(a, spec.table);
    if (!m?.names.some((n) => spec.dirs.includes(n))) continue;
    const v = m.value ?? rest[i + 1];
    if (v !== undefined) found.push(v);
  }
  return found;
}

/**
 * Short options that read the file named in their value (`merge -F FILE`), in subcommands
 * allowed by name without an option model, and the other short options there that take the
 * rest of the word as their value (`-mText` holds no option letters). A modelled subcommand
 * (commit: everydayModels.ts) reads its own.
 */
const SHORT_FILE_OPTIONS: Readonly<Record<string, { files: string; values: string }>> = {
  merge: { files: 'F', values: 'msXS' },
  notes: { files: 'F', values: 'mcC' },
};

/**
 * The file of such an option written attached (`-F.env`, `-aF.env`): parse-options reads the
 * rest of the word as its value, which neither the operands nor `--file=` show. The spaced
 * form's value is an operand, judged as a mention below.
 */
function attachedFileValues(sub: string | undefined, rest: readonly string[]): string[] {
  const spec = sub !== undefined && Object.hasOwn(SHORT_FILE_OPTIONS, sub) ? SHORT_FILE_OPTIONS[sub]! : undefined;
  if (!spec) return [];
  const found: string[] = [];
  for (const a of rest) {
    if (a === '--') break;
    if (!/^-[^-]/.test(a)) continue;
    for (let i = 1; i < a.length; i++) {
      const c = a[i]!;
      if (spec.files.includes(c)) {
        if (i + 1 < a.length) found.push(a.slice(i + 1));
        break;
      }
      if (spec.values.includes(c)) break;
    }
  }
  return found;
}

/**
 * The path after a pathspec's magic prefix (gitglossary "pathspec"): the long form `:(top,icase)`
 * or the short signs `/` (top), `!`/`^` (exclude), optionally closed by `:`. Undefined when the
 * word has none (`:.env` and `:0:.env` are index paths, read above).
 */
function pathspecMagic(word: string): string | undefined {
  if (!word.startsWith(':')) return undefined;
  const rest = word.slice(1);
  if (rest.startsWith('(')) {
    const close = rest.indexOf(')');
    return close < 0 ? undefined : rest.slice(close + 1);
  }
  const sign = /^[/!^]+:?/.exec(rest)?.[0];
  return sign === undefined ? undefined : rest.slice(sign.length);
}

function impliedNoIndex(operands: readonly string[]): boolean {
  return operands.length === 2 && operands.some((p) => /^(\/|~|\.\.(\/|$))/.test(p));
}

/**
 * The directory a clone, worktree or init creates (the last operand). For `worktree add` every
 * operand after `add` counts (an option value such as `-b NAME` is not told apart; a branch name
 * judged as a path below the cwd is harmless).
 */
function createdDirectories(sub: string | undefined, subWords: readonly string[], rest: readonly string[]): string[] {
  const operands = positionals(rest);
  if ((sub === 'clone' && operands.length >= 2) || (sub === 'init' && operands.length >= 1))
    return [operands[operands.length - 1]!];
  if (sub === 'worktree' && subWords[1] === 'add') return operands.slice(1);
  return [];
}

/**
 * A repository operand that names a local directory, as git reads it: `file://` URLs, and a word
 * with a `/` before any `:` (git's own rule for "a path, not scp-like host:path"), `.`, `..` and
 * `~` spellings. A bare word (`origin`) is a remote's name; its URL is configuration the review
 * does not read.
 */
function localRepository(word: string): string | undefined {
  if (/^file:\/\//i.test(word)) {
    const rest = word.slice(7);
    // `file:///p` is /p; `file://localhost/p` likewise; any other host is not local.
    const slash = rest.indexOf('/');
    const host = slash < 0 ? rest : rest.slice(0, slash);
    if (host !== '' && host.toLowerCase() !== 'localhost') return undefined;
    return slash < 0 ? '/' : decodeURIComponentSafe(rest.slice(slash));
  }
  if (word === '.' || word === '..' || word === '~') return word;
  const colon = word.indexOf(':');
  const slash = word.indexOf('/');
  if (slash >= 0 && (colon < 0 || slash < colon)) return word;
  return undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `git push`'s repository: the first operand or `--repo=`, when it is a local directory. */
function pushedRepositories(sub: string | undefined, rest: readonly string[]): string[] {
  if (sub !== 'push') return [];
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    if (a.startsWith('--repo=')) words.push(a.slice('--repo='.length));
    else if (a === '--repo' && rest[i + 1] !== undefined) words.push(rest[++i]!);
  }
  const first = positionals(rest)[0];
  if (first !== undefined) words.push(first);
  return words.flatMap((w) => {
    const local = localRepository(w);
    return local === undefined ? [] : [local];
  });
}

/**
 * The local repositories a `fetch`, `pull` or `clone` reads (attack pass 20, F1: `git fetch
 * ../other x:refs/remotes/o/x` then `git show o/x:secrets/token.txt` printed what `other`
 * protects): every operand that names a local directory (a refspec such as `refs/heads/x` may be
 * taken for one; judging it is harmless), with a trailing `.git` directory taken as its work tree.
 */
export function fetchedRepositories(args: readonly string[], bareWords = true): string[] {
  const { sub, rest } = makeArgView('git', args);
  const name = sub[0];
  const submoduleAdd = name === 'submodule' && sub[1] === 'add';
  if (name !== 'fetch' && name !== 'pull' && name !== 'clone' && !submoduleAdd) return [];
  // Every operand: an option's value may be taken for one (`clone -b main ../x y`: attack pass 22,
  // F4), and a word that names no repository is left alone by the review.
  const words = positionals(rest).filter((w) => !(submoduleAdd && w === 'add'));
  return words.flatMap((w) => {
    // A bare word is a remote's name, or, where no remote has it, a directory (`git fetch inner`,
    // attack pass 21, F6): the review judges it when a directory is there.
    const local = localRepository(w) ?? (bareWords && /^[^:/]+$/.test(w) ? w : undefined);
    if (local === undefined) return [];
    const tree = local.replace(/\/+$/, '').replace(/(^|\/)\.git$/, '$1');
    return [tree === '' ? '.' : tree.replace(/\/$/, '') || '/'];
  });
}
