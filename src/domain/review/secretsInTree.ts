/**
 * A recursive search prints what it finds: `grep -rn API_KEY .` in a project with a `.env`
 * prints the key, although `cat .env` is refused; so does `diff -r`. Secret *names* (`.env`, `id_rsa`, `*.pem`)
 * may sit anywhere, so the tree is listed (bounded, through HostFacts) and every file in it is
 * judged as a read. An archiver packing a tree (`tar -czf x.tgz .`, `zip -r x.zip .`, `7z a`)
 * is the same read with the output renamed: to stdout it is judged like grep; into a file it
 * asks, naming the protected file, since the archive's name hides the secret from every later
 * path check (issue 12). `rm -r`/`cp -r` of such a tree are not affected: they print nothing,
 * and a copy keeps the protected names.
 */
import type { PathArg } from '../paths/judgePaths.js';
import { judgePaths } from '../paths/judgePaths.js';
import { absolutize, expandTilde } from '../paths/posixPath.js';
import type { Verdict } from '../verdict.js';
import type { ReviewState } from './reviewState.js';
import { grepIsRecursive } from '../policy/pathArgs.js';
import { tarOperation } from '../toolModels/tools/tar.js';
import { positionals } from '../policy/argView.js';
import { verdict } from '../verdict.js';
import { isLongFlag, makeArgView } from '../policy/argView.js';
import type { ToolModel } from '../toolModels/modelTypes.js';
import { parseArgv } from '../toolModels/parseArgv.js';
import { grepFollowsDirectoryLinks, grepModel } from '../toolModels/tools/grep.js';
import { rgFollowsDirectoryLinks } from '../toolModels/tools/ripgrep.js';
import { agFollowsDirectoryLinks } from '../toolModels/tools/ag.js';
import { diffFollowsDirectoryLinks } from '../toolModels/tools/diff.js';
import { zipOperation } from '../toolModels/tools/zip.js';
import { gzipModel, zstdModel } from '../toolModels/tools/compressors.js';
import { globSegmentSource } from '../paths/pathGlob.js';
import { pathContext } from './reviewState.js';
import { SEVEN_ZIP_NAMES } from '../toolModels/tools/sevenZip.js';

const PRINTS_MATCHES = new Set(['grep', 'egrep', 'fgrep', 'zgrep']);
const RECURSIVE_BY_DEFAULT = new Set(['rg', 'ag']);
/** Entries visited per tree: a few milliseconds on a large checkout. */
export const TREE_WALK_LIMIT = 5000;

/** A grep `--include`/`--exclude` glob as a matcher of base names. */
function globRegExp(glob: string): RegExp {
  try {
    return new RegExp(`^${globSegmentSource(glob)}$`);
  } catch {
    return /^/; // an odd bracket expression: read as matching every name (the stricter reading for --include)
  }
}

/**
 * Which base names grep would search, from its `--include`/`--exclude`/`--exclude-from` options,
 * read as GNU grep reads them: the LAST option whose glob matches a name decides; a name no
 * option matches is searched unless the FIRST such option is `--include` (grep(1)). So
 * `--exclude=.env --include=.env` searches `.env` (attack pass 6). Erring strict: an odd
 * `--include` glob matches every name, an odd `--exclude` glob none, and `--exclude-from`'s
 * patterns (in a file the review does not read) match none but still count as the first option.
 */
function nameFilter(args: readonly string[]): (base: string) => boolean {
  const rules: { include: boolean; match: RegExp | undefined }[] = [];
  // grep's own option model parses the words, so `-e --include=x` is a pattern, not an option.
  for (const use of parseArgv(grepModel, args).uses) {
    const names = use.option.names;
    const value = use.values[use.values.length - 1] ?? '';
    if (names.includes('--include')) rules.push({ include: true, match: globRegExp(value) });
    else if (names.includes('--exclude')) {
      const r = globRegExp(value);
      rules.push({ include: false, match: r.source === '^' ? undefined : r });
    } else if (names.includes('--exclude-from')) rules.push({ include: false, match: undefined });
  }
  return (base) => {
    let last: (typeof rules)[number] | undefined;
    for (const r of rules) if (r.match?.test(base)) last = r;
    return last !== undefined ? last.include : rules[0]?.include !== true;
  };
}

/**
 * `rg --hidden`/`-.`/`-uu` (the `u`s may be spread over words: `-u -u`), `ag --hidden`/`-u`, and
 * `--unrestricted`; long names abbreviated too. Erring strict: a prefix counts, and so does a
 * `.` or `u` anywhere in a letter cluster.
 */
function searchesHidden(name: string, args: readonly string[]): boolean {
  let us = 0;
  for (const a of args) {
    if (a === '--') break;
    if (a.startsWith('--')) {
      // One `--unrestricted` is one `-u` to ripgrep; it is counted as hidden here anyway (as before).
      if (isLongFlag(a, '--hidden') || isLongFlag(a, '--unrestricted')) return true;
      continue;
    }
    if (!/^-[A-Za-z0-9.]+$/.test(a)) continue;
    if (a.includes('.')) return true;
    us += a.split('u').length - 1;
  }
  return us >= (name === 'ag' ? 1 : 2);
}

/** The compressors that take `-r` (bzip2 and xz do not), by the model that reads them. */
const recursiveCompressor = (name: string): ToolModel | undefined =>
  name === 'gzip' || name === 'gunzip' ? gzipModel : name === 'zstd' || name === 'unzstd' ? zstdModel : undefined;

/**
 * `gzip -rc DIR`/`zstd -rc DIR` print every file below DIR, compressed, to stdout (`| gunzip`
 * undoes it); `zstd -r DIR -o F` and `zstd --train -r DIR` pack them into one file (frames or a
 * dictionary built from their bytes) whose name hides them (attack pass 8, P8-09). Plain `-r`
 * replaces each file by a sibling that keeps its name (`.env.gz`): not packing. Read through the
 * tools' own models, so the modes are the ones the path review saw (`-r` makes operands trees).
 */
function compressorPacks(name: string, args: readonly string[]): { stdout: boolean } | undefined {
  const model = recursiveCompressor(name);
  if (!model) return undefined;
  const parsed = parseArgv(model, args);
  if (!parsed.modes.has('recursive')) return undefined;
  const out = parsed.uses.find((u) => u.option.names.includes('-o'))?.values[0];
  if (parsed.modes.has('to-stdout') || out === '-') return { stdout: true };
  if (parsed.modes.has('output-named')) return { stdout: false };
  return undefined;
}

/**
 * `gzip -r DIR` replaces every file below DIR by its compressed sibling (`.env` becomes
 * `.env.gz`), and so does `zstd -r --rm DIR`: a delete of each file, judged per file like
 * `gzip .env` (blocked), and asked like `rm -r DIR` when the tree holds nothing protected. `-k`,
 * `-c`, `-l`/`-t` and zstd without `--rm` leave the files in place. Read through the tools'
 * own models, as compressorPacks does.
 */
function compressorReplaces(name: string, args: readonly string[]): boolean {
  const model = recursiveCompressor(name);
  if (!model) return false;
  const { modes } = parseArgv(model, args);
  if (!modes.has('recursive') || modes.has('keeps') || modes.has('to-stdout') || modes.has('lists')) return false;
  if (modes.has('output-named')) return false;
  return model === gzipModel || modes.has('removes');
}

function replacedTreeVerdict(
  name: string,
  args: readonly string[],
  pathArgs: readonly PathArg[],
  state: ReviewState,
  list: NonNullable<ReviewState['facts']['filesUnder']>,
): Verdict | undefined {
  if (!compressorReplaces(name, args)) return undefined;
  const roots = pathArgs.filter((p) => p.recursive).map((p) => p.raw);
  const files: PathArg[] = [];
  for (const raw of roots) {
    const listed = list.call(state.facts, absolutize(expandTilde(raw, state.facts.home), state.cwd), TREE_WALK_LIMIT);
    if (!listed.complete) break;
    for (const f of listed.files) files.push({ raw: f, access: 'delete' });
  }
  const judged = files.length > 0 ? judgePaths(files, pathContext(state)).verdict : undefined;
  if (judged && judged.decision !== 'allow') return judged;
  if (roots.length === 0) return undefined;
  return verdict(
    'ask',
    'medium',
    'command.destructive',
    `${name} -r replaces every file below ${roots.join(' ')} by a compressed copy (the originals are deleted), as rm -r would remove them`,
    'paths:replaced-tree',
  );
}

/**
 * The trees an archiver packs and whether the archive goes to stdout; undefined when the command
 * packs no tree. tar's operands and `-C` directories arrive as recursive reads (its model, toolModels/tools/tar.ts),
 * as do `zip -r`'s; 7-Zip's `a`/`u` take whole directories always, and everything in the cwd
 * when no file is named. Exclusion options are not read: the stricter reading.
 */
function packedTrees(
  name: string,
  args: readonly string[],
  pathArgs: readonly PathArg[],
): { roots: string[]; stdout: boolean } | undefined {
  // Trees stored, and trees stored then deleted (`zip -rm`, tar --remove-files): packed either way.
  const recursiveReads = (): string[] =>
    pathArgs.filter((p) => (p.access === 'read' || p.access === 'delete') && p.recursive).map((p) => p.raw);
  if (name === 'tar') {
    const t = tarOperation(args);
    if (!t.creates || t.extracts) return undefined;
    return { roots: recursiveReads(), stdout: t.archives.length === 0 || t.archives.includes('-') };
  }
  if (name === 'zip') {
    if (!zipOperation(args).recursive) return undefined;
    return { roots: recursiveReads(), stdout: positionals(args)[0] === '-' };
  }
  const compressed = compressorPacks(name, args);
  if (compressed) return { roots: recursiveReads(), stdout: compressed.stdout };
  if (SEVEN_ZIP_NAMES.has(name)) {
    const [cmd, , ...files] = positionals(args);
    if (cmd !== 'a' && cmd !== 'u') return undefined;
    return { roots: files.length > 0 ? files : ['.'], stdout: args.includes('-so') };
  }
  return undefined;
}

function archiveVerdict(
  name: string,
  args: readonly string[],
  pathArgs: readonly PathArg[],
  state: ReviewState,
  list: NonNullable<ReviewState['facts']['filesUnder']>,
): Verdict | undefined {
  const packed = packedTrees(name, args, pathArgs);
  if (!packed) return undefined;
  const follows = archiverFollowsLinks(name, args);
  const files: PathArg[] = [];
  let complete = true;
  const ctx = pathContext(state);
  for (const raw of packed.roots) {
    // A root the path checks already refuse as a tree (`/`, `~`, a parent of ~/.ssh) is not
    // walked: the command is not allowed anyway, and walking it would cost the most.
    if (judgePaths([{ raw, access: 'read', recursive: true }], ctx).verdict.decision !== 'allow') continue;
    const dir = absolutize(expandTilde(raw, state.facts.home), state.cwd);
    const listed = list.call(state.facts, dir, TREE_WALK_LIMIT, { followsLinks: follows });
    // Too large to list: asked below without judging thousands of files (the costly part).
    if (!listed.complete) {
      complete = false;
      break;
    }
    for (const f of listed.files) files.push({ raw: f, access: 'read' });
    for (const l of listed.dirLinks ?? []) files.push({ raw: l, access: 'read', recursive: true });
  }
  if (!complete) {
    return verdict(
      'ask',
      'medium',
      'path.secret_in_archive',
      `${name} packs a tree larger than the review lists (${TREE_WALK_LIMIT} entries); it may hold protected files (.env, keys).`,
      'paths:archive-tree',
    );
  }
  const judged = files.length > 0 ? judgePaths(files, ctx).verdict : undefined;
  // To stdout the archive is printed (or piped on): the same as reading every file in it.
  if (packed.stdout && judged && judged.decision !== 'allow') return judged;
  const found = judged?.decision === 'allow' ? undefined : judged?.reasons.find((r) => r.code.startsWith('path.'));
  if (found) {
    const more = judged!.reasons.length > 1 ? ` (and ${judged!.reasons.length - 1} more finding(s))` : '';
    return verdict(
      'ask',
      'high',
      'path.secret_in_archive',
      `${name} packs a tree holding a protected file into an archive, whose name hides it from later checks: ${found.message}${more}`,
      'paths:archive-tree',
    );
  }
  return undefined;
}

/**
 * `git grep --no-index`/`--untracked` (abbreviated too: parse-options) search files git does not
 * track; `git diff` with `--no-index` (or two paths, one outside the repository: pathArgs.ts
 * reads those as trees) prints them.
 */
function gitTreeReader(args: readonly string[]): 'grep' | 'diff' | undefined {
  const view = makeArgView('git', args);
  const sub = view.sub[0];
  if (sub === 'diff') return 'diff';
  if (sub !== 'grep') return undefined;
  for (const a of view.rest) {
    if (a === '--') break;
    if (isLongFlag(a, '--no-index') || isLongFlag(a, '--untracked')) return 'grep';
  }
  return undefined;
}

/**
 * The trees `git grep --no-index`/`--untracked` searches: the pathspecs after `--` when they are
 * plain paths, else the cwd (pathspecs before `--` are not told from the pattern; a glob or
 * `:(magic)` pathspec may reach anything, and magic asks in gitPathspecs.ts).
 */
function gitGrepRoots(rest: readonly string[]): string[] {
  const dash = rest.indexOf('--');
  const specs = dash < 0 ? [] : rest.slice(dash + 1);
  if (specs.length === 0 || specs.some((p) => p === '' || /[*?[\\]|^:/.test(p))) return ['.'];
  return specs;
}

export function secretsInTreeVerdict(
  name: string,
  args: readonly string[],
  pathArgs: readonly PathArg[],
  state: ReviewState,
): Verdict | undefined {
  const list = state.facts.filesUnder;
  if (!list) return undefined;
  const archive =
    archiveVerdict(name, args, pathArgs, state, list) ?? replacedTreeVerdict(name, args, pathArgs, state, list);
  if (archive) return archive;
  // git reads trees outside its index in `grep --no-index`/`--untracked` and `diff --no-index`
  // (attack pass 6, P6-17/P6-20): judged like grep -r and diff -r, in `-C`'s directory.
  // For git, `state` is git's own directory (gitBaseState, `-C`): the caller passes it.
  const gitTree = name === 'git' ? gitTreeReader(args) : undefined;
  const grep = (PRINTS_MATCHES.has(name) && grepIsRecursive(args)) || gitTree === 'grep';
  // `diff -r` prints the lines of every file that differs, and with -N every file of a tree
  // against an empty one (`diff -rN EMPTY .` prints .env: attack pass 6): the same read.
  const diff = (name === 'diff' || gitTree === 'diff') && pathArgs.some((p) => p.access === 'read' && p.recursive);
  // ripgrep and ag search recursively by default and skip hidden files unless told otherwise;
  // their ignore files are not read here, so an ignored secret still counts (the stricter reading).
  const ripgrep = RECURSIVE_BY_DEFAULT.has(name);
  if (!grep && !ripgrep && !diff) return undefined;
  const hidden = !ripgrep || searchesHidden(name, args);
  const roots = pathArgs.filter((p) => p.access === 'read' && p.recursive).map((p) => p.raw);
  // git grep's pathspecs may leave the cwd within the repository (`-- ../x`): walked too.
  if (gitTree === 'grep') roots.splice(0, roots.length, ...gitGrepRoots(makeArgView('git', args).rest));
  // `grep -r PATTERN` and `rg PATTERN` with no file search the working directory.
  if (roots.length === 0) roots.push('.');
  // rg/ag have no --include/--exclude (their -g globs are not read: every file counts).
  // git grep has no --include/--exclude; its .gitignore use is not read (every file counts).
  const searched = grep && !gitTree ? nameFilter(args) : () => true;
  const follows = followsDirectoryLinks(name, args, gitTree !== undefined);
  const files: PathArg[] = [];
  for (const raw of roots) {
    const dir = absolutize(expandTilde(raw, state.facts.home), state.cwd);
    const listed = list.call(state.facts, dir, TREE_WALK_LIMIT, { followsLinks: follows });
    // A tree too large to list may hold a .env past the limit: asked, never read as clean.
    if (!listed.complete) {
      return verdict(
        'ask',
        'medium',
        'path.secret_in_tree',
        `${name} reads a tree larger than the review lists (${TREE_WALK_LIMIT} entries) and prints what it finds; it may hold protected files (.env, keys).`,
        'paths:search-tree',
      );
    }
    for (const f of listed.files) {
      if (
        !hidden &&
        f
          .slice(dir.length)
          .split('/')
          .some((seg) => seg.startsWith('.'))
      )
        continue;
      if (searched(f.slice(f.lastIndexOf('/') + 1))) files.push({ raw: f, access: 'read' });
    }
    // A directory link in the tree, for a reader that follows it: judged as a read of its whole target.
    for (const l of listed.dirLinks ?? []) files.push({ raw: l, access: 'read', recursive: true });
  }
  if (!files.length) return undefined;
  const v = judgePaths(files, pathContext(state)).verdict;
  return v.decision === 'allow' ? undefined : v;
}

/**
 * Whether a recursive reader enters directory links it meets inside the tree (attack pass 16),
 * each tool's model says how; git reads its work tree without following them.
 */
function followsDirectoryLinks(name: string, args: readonly string[], git: boolean): boolean {
  if (git) return false;
  if (name === 'diff') return diffFollowsDirectoryLinks(args);
  if (name === 'rg') return rgFollowsDirectoryLinks(args);
  if (name === 'ag') return agFollowsDirectoryLinks(args);
  return grepFollowsDirectoryLinks(args);
}

/** Whether an archiver stores what a directory link points to (each model says; 7-Zip counted as following). */
function archiverFollowsLinks(name: string, args: readonly string[]): boolean {
  if (name === 'zip') return zipOperation(args).followsLinks;
  if (name === 'tar') return tarOperation(args).dereferences;
  // gzip, bzip2, xz and zstd -r skip symbolic links.
  if (compressorPacks(name, args)) return false;
  return true;
}
