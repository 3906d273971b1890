/**
 * Which git invocations print the CONTENTS of tracked files without naming them (attack pass 8,
 * P8-08): `git show HEAD`, `log -p`, `diff --cached`, `diff HEAD~1`, `grep TOKEN`, `archive`,
 * `format-patch --stdout`, `stash show -p`, `status -v`. What they print is limited only by their
 * pathspecs, so a tracked `.env` is printed although no word names it. Metadata forms (`log
 * --oneline`, `diff --stat`, `--name-only`, `show -s`) print names, not contents.
 * The review (review/gitTrackedSecrets.ts) matches the pathspecs found here against the index.
 */
import { namesBlob } from './revPath.js';
import { makeArgView } from '../../../policy/argView.js';
import { parseArgv } from '../../parseArgv.js';
import { GIT_SUBCOMMAND_MODELS } from './subcommandModels.js';

export interface TrackedContentReach {
  /** Pathspecs as written (`--` or an operand naming a tracked path); [] when none limits the output. */
  pathspecs: string[];
  /**
   * Operands before `--` that may be pathspecs or revisions: they limit the output only when they
   * name a tracked path (git's own rule; a word that is both is an error). A word that follows an
   * option may be that option's value: it is never counted (`log -p --author src`).
   */
  maybePathspecs: string[];
  /** `git grep` without a pathspec searches the cwd's subtree only. */
  belowCwd: boolean;
  /**
   * The pathspecs do not limit what is printed (`--full-diff`, `--follow`, `-L`); its operands are
   * still told apart into pathspecs and revisions, and the revisions judged.
   */
  unlimited?: true;
  /**
   * Where the output comes from besides the index and the work tree: nothing more (`index`),
   * HEAD's tree (`head`: `diff --cached`, `status -v`), HEAD's own changes (`headCommit`: `show`),
   * or any commit (`commits`: `log -p`, stashes). A file that left the index is printed from
   * there (attack pass 22, F2). An operand before `--` that names no tracked path is a revision
   * and widens this (the review tells them apart: review/gitTrackedSecrets.ts).
   */
  from: ContentSource;
  /** Operands that are always object names, never pathspecs (`cat-file -p ID`). */
  objects?: string[];
  /**
   * Every option only formats the patch (review/gitRevisions.ts narrowingOf may ask git which paths
   * it prints). Copy or rename detection, `--follow`, merges' diff forms and the like change which
   * files appear: with them the whole history is judged (attack pass 24, F5).
   */
  formatOnly?: boolean;
  /** `log`'s count limits (`-3`, `-n3`, `--max-count=3`), passed as written when git is asked which commits it shows. */
  limits?: string[];
  /**
   * `--submodule=diff`, `grep --recurse-submodules`: each submodule's changes or files are printed
   * from the submodule's own index and history, another repository than the one the review reads
   * (attack pass 23, F7).
   */
  submodules?: boolean;
  /** git's global pathspec switches (`--icase-pathspecs`, GIT_ICASE_PATHSPECS=1 …): they change every pathspec's magic. */
  globalMagic?: GlobalPathspecMagic;
}

export type ContentSource = 'index' | 'head' | 'headCommit' | 'commits';

export interface GlobalPathspecMagic {
  icase: boolean;
  literal: boolean;
  glob: boolean;
  noglob: boolean;
}

/** The global options before the subcommand that change how every pathspec matches. */
function globalMagicOf(globals: readonly string[]): GlobalPathspecMagic {
  return {
    icase: globals.includes('--icase-pathspecs'),
    literal: globals.includes('--literal-pathspecs'),
    glob: globals.includes('--glob-pathspecs'),
    noglob: globals.includes('--noglob-pathspecs'),
  };
}

/** The log family, where `--full-diff` widens the patch to every file of a selected commit. */
const FULL_DIFF = new Set(['log', 'show', 'whatchanged', 'format-patch', 'diff-tree']);

/** Options that turn on a patch (abbreviated long forms are asked by the option models). */
const PATCH_WORDS = new Set([
  '-p',
  '-u',
  '--patch',
  '--patch-with-raw',
  '--patch-with-stat',
  '-W',
  '--function-context',
  '--binary',
  '--cc',
  '-c',
  '--dd',
  '--remerge-diff',
  '-m',
  '--check', // prints the offending lines
  '--include-untracked', // stash show: the untracked part too
  '-v',
  '--verbose',
]);
const PATCH_PREFIXES = ['-U', '--unified', '--word-diff', '--color-words', '--word-diff-regex'];
/** Content searches: `log -S KEY` answers whether a secret holds a string, one guess at a time. */
const PICKAXE_PREFIXES = ['-S', '-G', '--pickaxe-regex', '--pickaxe-all', '--find-object'];
/** Options that change how a patch looks, not which files it shows. */
const FORMAT_ONLY =
  /^-(?:[puswbRzW]|U\d+)$|^--(?:patch|stat(?:=[\d,]+)?|numstat|shortstat|name-only|name-status|raw|summary|compact-summary|color(?:=\w+)?|no-color|word-diff(?:=\w+)?|color-words(?:=.*)?|ignore-space-change|ignore-all-space|ignore-blank-lines|ignore-space-at-eol|ignore-cr-at-eol|unified=\d+|no-prefix|abbrev(?:=\d+)?|full-index|binary|minimal|patience|histogram|diff-algorithm=\w+|indent-heuristic|no-indent-heuristic|exit-code|quiet|oneline|no-renames|no-ext-diff|no-textconv|staged|cached|function-context|inter-hunk-context=\d+|patch-with-stat|patch-with-raw|no-patch)$/;

/** `cat-file TYPE OBJECT`'s type words. */
const OBJECT_TYPES = new Set(['blob', 'tree', 'commit', 'tag']);

/**
 * `log`'s count limits, in the spellings passed on as written when git is asked which commits it
 * walks (`-n 3` with a separate value is not); the adapter checks them again before it runs git.
 */
export const COUNT_LIMIT = /^-(?:\d+|n\d+)$|^--max-count=\d+$/;
const LOG_FAMILY = new Set(['log', 'whatchanged']);

/**
 * Revision-walk options (git-rev-list(1)) that add commits beyond the ones named, or make `show`
 * walk: with them `show` prints more than HEAD's own changes.
 */
const WALK_OPTION =
  /^--(?:do-walk|all|branches|tags|remotes|glob|exclude|exclude-hidden|reflog|alternate-refs|single-worktree|bisect|stdin|walk-reflogs|ancestry-path|merge|not|boundary|indexed-objects|children|parents|max-count|skip|since|after|until|before|author|committer|grep|source)(?:=|$)|^-(?:g|n\d*|\d+)$/;
function addsRevisions(option: string): boolean {
  if (WALK_OPTION.test(option)) return true;
  // A cluster (`-pg`): each letter until one that takes the rest as its value.
  if (!/^-[a-zA-Z]{2,}/.test(option)) return false;
  for (const c of option.slice(1)) {
    if (c === 'g') return true;
    if (SHORT_WITH_VALUE.includes(c)) return false;
  }
  return false;
}

/** Output formats that replace the default patch of diff/show/range-diff/stash show. */
const NO_PATCH_PREFIXES = [
  '--stat',
  '--numstat',
  '--shortstat',
  '--name-only',
  '--name-status',
  '--raw',
  '--summary',
  '--dirstat',
  '-X',
  '--compact-summary',
  '--no-patch',
  '--cumulative',
];
const NO_PATCH_WORDS = new Set(['-s', '--quiet', '--no-patch']);
/** Short options whose value is the rest of the word (`-U5`, `-Sneedle`): letters after them are no options. */
const SHORT_WITH_VALUE = 'SGLOIlnUMCBXAefm';

const startsWithAny = (word: string, prefixes: readonly string[]): boolean =>
  prefixes.some((p) => word === p || (word.startsWith(p) && /^[=\d]|^[^-]/.test(word.slice(p.length))));

interface OptionKinds {
  patch: boolean;
  pickaxe: boolean;
  noPatch: boolean;
}

function kindsOf(options: readonly string[]): OptionKinds {
  const k: OptionKinds = { patch: false, pickaxe: false, noPatch: false };
  for (const o of options) {
    if (PATCH_WORDS.has(o) || startsWithAny(o, PATCH_PREFIXES)) k.patch = true;
    else if (startsWithAny(o, PICKAXE_PREFIXES)) k.pickaxe = true;
    else if (NO_PATCH_WORDS.has(o) || startsWithAny(o, NO_PATCH_PREFIXES)) k.noPatch = true;
    else if (/^-[A-Za-z]{2,}/.test(o)) {
      // A cluster (`-sp`, `-pW`): each letter until one that takes the rest as its value.
      for (const c of o.slice(1)) {
        if (c === 'p' || c === 'u' || c === 'W' || c === 'c' || c === 'm') k.patch = true;
        else if (c === 's') k.noPatch = true;
        if (c === 'S' || c === 'G') k.pickaxe = true;
        if (SHORT_WITH_VALUE.includes(c)) break;
      }
    }
  }
  return k;
}

/** The option words and the operands before and after `--` of a subcommand's arguments. */
function split(rest: readonly string[]): {
  options: string[];
  before: string[];
  after: string[];
  valueLike: Set<number>;
} {
  const options: string[] = [];
  const before: string[] = [];
  const after: string[] = [];
  const valueLike = new Set<number>();
  let dashed = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (dashed) after.push(a);
    else if (a === '--') dashed = true;
    else if (a.startsWith('-') && a !== '-') options.push(a);
    else {
      // The word after an option without `=` may be its value.
      const prev = rest[i - 1];
      if (prev?.startsWith('-') && prev !== '--' && !prev.includes('=')) valueLike.add(before.length);
      before.push(a);
    }
  }
  return { options, before, after, valueLike };
}

/**
 * What `git ARGS` prints of tracked files' contents, or undefined when it prints none (or
 * prints only what its operands name, judged in pathArgs.ts: `show REV:path`, `blame FILE`).
 */
export function trackedContentReach(args: readonly string[]): TrackedContentReach | undefined {
  const view = makeArgView('git', args);
  let sub = view.sub[0];
  let rest = view.rest;
  const globalMagic = globalMagicOf(args.slice(0, args.length - rest.length - 1));
  if (sub === 'stash') {
    // `stash list` takes log's options: `-p` prints every stash's patch (attack pass 11, P11-03).
    if (view.sub[1] !== 'show' && view.sub[1] !== 'list') return undefined;
    sub = view.sub[1] === 'show' ? 'stash show' : 'log';
    rest = rest.slice(rest.indexOf(view.sub[1]) + 1);
  } else if (sub === 'reflog') {
    // `reflog [show]` is `log -g`: its patch options print content (attack pass 11, P11-02).
    if (view.sub[1] !== undefined && ['expire', 'delete', 'exists', 'list', 'drop'].includes(view.sub[1]))
      return undefined;
    if (view.sub[1] === 'show') rest = rest.slice(rest.indexOf('show') + 1);
    sub = 'log';
  }
  if (sub === undefined) return undefined;
  const { options, before, after, valueLike } = split(rest);
  const k = kindsOf(options);
  let prints: boolean;
  let patternFirst = false;
  // Most forms print from any commit; the ones below that read less say so.
  let from: ContentSource = 'commits';
  switch (sub) {
    case 'diff':
    case 'range-diff':
    case 'stash show':
      if (options.includes('--no-index')) return undefined; // its trees: secretsInTree.ts
      prints = k.patch || k.pickaxe || !k.noPatch;
      // `git diff` compares the work tree with the index, `--cached` the index with HEAD.
      if (sub === 'diff' && !options.includes('--merge-base'))
        from = options.some((o) => o === '--cached' || o === '--staged') ? 'head' : 'index';
      break;
    case 'show':
      // `show REV:path` prints that one blob (or a tree's names): judged as a read of path.
      if (before.length > 0 && before.every(namesBlob)) return undefined;
      prints = k.patch || k.pickaxe || !k.noPatch;
      // Without a revision (or with HEAD), HEAD against its parents, unless an option makes it
      // walk or adds refs (`--do-walk`, `--all`, `--reflog`: attack pass 23, F3).
      from = options.some(addsRevisions) ? 'commits' : 'headCommit';
      break;
    case 'log':
    case 'whatchanged':
    case 'diff-tree':
    case 'diff-index':
    case 'diff-files':
      // `-L` prints the line range's patches (attack pass 24, F4).
      prints = k.patch || k.pickaxe || options.some((o) => o.startsWith('-L'));
      if (sub === 'diff-files') from = 'index';
      break;
    case 'add':
    case 'reset':
    case 'checkout':
    case 'restore':
    case 'commit':
      // `-p` shows hunks to pick from: `add -p` the unstaged ones, `reset -p` the staged ones
      // (attack pass 11, P11-16); `add/commit --interactive` and `add -e` too. Limited by the
      // pathspecs as `diff` is. A cluster letter `p` counts (`-Ap`) until a letter that takes the rest
      // as its value (`commit -mupdate`).
      prints = options.some(
        (o) =>
          o === '--patch' ||
          (/^-[a-zA-Z]+$/.test(o) && /^[^mFCctbBSU]*p/.test(o.slice(1))) ||
          ((sub === 'add' || sub === 'commit') && (o === '-i' || o === '--interactive')) ||
          (sub === 'add' && (o === '-e' || o === '--edit')),
      );
      // `add -p` shows the work tree against the index; the others HEAD (or a revision operand).
      from = sub === 'add' ? 'index' : 'head';
      break;
    case 'status':
      prints = options.some((o) => o === '-v' || o === '--verbose' || /^-[a-z]*v/.test(o));
      from = 'head';
      break;
    case 'grep': {
      if (options.some((o) => o === '--no-index' || o.startsWith('--untr'))) return undefined; // secretsInTree.ts
      prints = true;
      // Without -e/-f/--and/--or the first operand is the pattern, never a pathspec; which one that
      // is, when an option before it may take a value (`-A 3 KEY`), is not known: the first of those
      // that can be a pathspec is dropped too (the narrower reading of what limits the search).
      const explicit = options.some((o) => /^-[a-zA-Z]*[ef]/.test(o) || o.startsWith('--and') || o === '--or');
      patternFirst = !explicit;
      // The work tree, or the index with `--cached`; a revision operand searches that commit.
      from = 'index';
      break;
    }
    case 'archive':
      prints = !options.some((o) => o === '-l' || o === '--list');
      break;
    case 'format-patch':
      prints = true;
      break;
    case 'cat-file':
      // `-p OBJ`, `blob OBJ`: an object id (from `ls-files -s`, `ls-tree`) prints a blob; `REV:path` is judged in pathArgs.ts.
      prints =
        (options.some((o) => o === '-p' || o === '--textconv' || o === '--filters') ||
          OBJECT_TYPES.has(before[0] ?? '')) &&
        !before.some(namesBlob);
      if (!prints) return undefined;
      return {
        pathspecs: [],
        maybePathspecs: [],
        belowCwd: false,
        from: 'commits',
        objects: before.length > 1 && OBJECT_TYPES.has(before[0]!) ? before.slice(1) : before,
        globalMagic,
      };
    default:
      return undefined;
  }
  if (!prints) return undefined;
  // The subcommand's option model knows which options take the next word (`-A 3`, `--author X`);
  // without one, a word after an option is taken for its value.
  const model = Object.hasOwn(GIT_SUBCOMMAND_MODELS, sub) ? GIT_SUBCOMMAND_MODELS[sub] : undefined;
  // `--full-diff`: the pathspecs choose the commits only; their patches show every file (P11-01).
  // `--follow` and `-L` follow the file across renames, into names no pathspec says (attack pass
  // 24, F4: `.env` renamed to `sample.cfg`). Either way nothing narrows what is printed.
  const unlimited =
    (options.includes('--full-diff') && FULL_DIFF.has(sub)) ||
    options.some((o) => o === '--follow' || o.startsWith('-L'));
  const dash = rest.indexOf('--');
  const maybe = model
    ? parseArgv(model, dash < 0 ? rest : rest.slice(0, dash)).operands
    : before.filter((_, i) => !valueLike.has(i));
  return {
    ...(options.some((o) => o === '--submodule=diff' || o === '--recurse-submodules') ? { submodules: true } : {}),
    ...(options.every((o) => FORMAT_ONLY.test(o) || (LOG_FAMILY.has(sub) && COUNT_LIMIT.test(o)))
      ? { formatOnly: true }
      : {}),
    ...(LOG_FAMILY.has(sub) && options.some((o) => COUNT_LIMIT.test(o))
      ? { limits: options.filter((o) => COUNT_LIMIT.test(o)) }
      : {}),
    ...(unlimited ? { unlimited: true } : {}),
    pathspecs: after,
    maybePathspecs: patternFirst ? maybe.slice(1) : maybe,
    belowCwd: sub === 'grep',
    from: unlimited ? 'commits' : from,
    globalMagic,
  };
}
