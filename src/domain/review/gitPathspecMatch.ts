/**
 * git's pathspec matching (gitglossary(7) "pathspec"), as far as judging a tracked protected file
 * needs it: which index paths a command's pathspecs select. Relative to the cwd's place in the
 * work tree unless `:/`/`top`; a word without wildcards selects that path and everything below
 * it; with wildcards it is a wildmatch of the whole path (`*` crosses `/` unless `glob` magic);
 * `icase`, `literal`, `exclude` (`:!`, `:^`). Erring toward selecting: a positive pathspec the
 * reader does not follow (`attr:`, unknown magic, one leaving the work tree) selects everything;
 * an exclusion it does not follow excludes nothing.
 */
import type { GlobalPathspecMagic, TrackedContentReach } from '../toolModels/tools/git/trackedContent.js';
import { normalizePosix } from '../paths/posixPath.js';
import { wildmatchRegExp } from './gitWildmatch.js';

type Match = (rel: string) => boolean;
const EVERYTHING: Match = () => true;

interface Parsed {
  exclude: boolean;
  /** undefined: a form not followed (selects everything when positive, nothing when an exclusion). */
  match: Match | undefined;
}

const NO_GLOBAL: GlobalPathspecMagic = { icase: false, literal: false, glob: false, noglob: false };

function parse(spec: string, prefix: string, global: GlobalPathspecMagic = NO_GLOBAL): Parsed {
  const magic = new Set<string>();
  let rest = spec;
  // `--literal-pathspecs`: no magic is read at all (`:!x` is a file named so), no wildcards.
  if (global.literal) magic.add('literal');
  else if (spec.startsWith(':(')) {
    const close = spec.indexOf(')');
    if (close < 0) return { exclude: false, match: undefined };
    for (const m of spec.slice(2, close).split(',')) magic.add(m.trim().startsWith('attr:') ? 'attr' : m.trim());
    rest = spec.slice(close + 1);
  } else if (spec.startsWith(':')) {
    const signs = /^:([/!^]*):?/.exec(spec)!;
    for (const c of signs[1]!) magic.add(c === '/' ? 'top' : 'exclude');
    rest = spec.slice(signs[0].length);
  }
  // `--icase-pathspecs` folds every pathspec; `--glob-pathspecs` gives each `glob` magic and
  // `--noglob-pathspecs` `literal`, unless the pathspec says otherwise (git's pathspec.c).
  if (global.icase) magic.add('icase');
  if (global.glob && !magic.has('literal')) magic.add('glob');
  if (global.noglob && !magic.has('glob')) magic.add('literal');
  const exclude = magic.has('exclude');
  for (const m of magic)
    if (!['top', 'exclude', 'icase', 'literal', 'glob', ''].includes(m)) return { exclude, match: undefined };
  const base = magic.has('top') ? '' : prefix;
  const joined = normalizePosix(`/${base}${base && rest ? '/' : ''}${rest}`);
  if (joined.startsWith('/..')) return { exclude, match: undefined };
  const path = joined.slice(1).replace(/\/$/, '');
  const fold = magic.has('icase');
  const wild = !magic.has('literal') && /[*?[\\]/.test(path);
  if (!wild) {
    const p = fold ? path.toLowerCase() : path;
    return {
      exclude,
      match: (rel) => {
        const r = fold ? rel.toLowerCase() : rel;
        return p === '' || r === p || r.startsWith(`${p}/`);
      },
    };
  }
  const re = wildmatch(path, magic.has('glob'), fold);
  return { exclude, match: re && ((rel) => re.test(rel)) };
}

/** A wildmatch pattern as an expression over whole paths; undefined when it cannot be read. */
function wildmatch(glob: string, pathname: boolean, fold: boolean): RegExp | undefined {
  return wildmatchRegExp(glob, pathname, '', fold ? 'is' : 's');
}

/**
 * Which index paths (relative to the work tree's root) the command's pathspecs select. `prefix`
 * is the cwd relative to the root (`''` at the root); `namesTracked` says whether an operand
 * before `--` names a tracked path (then git reads it as a pathspec, otherwise as a revision).
 */
export function pathspecMatcher(
  prefix: string,
  reach: TrackedContentReach,
  namesTracked: (rel: string) => boolean,
): Match {
  const positives: Match[] = [];
  const excludes: Match[] = [];
  const global = reach.globalMagic ?? NO_GLOBAL;
  for (const spec of reach.pathspecs) {
    const p = parse(spec, prefix, global);
    if (p.exclude) {
      if (p.match) excludes.push(p.match);
    } else positives.push(p.match ?? EVERYTHING);
  }
  for (const word of reach.maybePathspecs) {
    // Before `--`, magic or a wildcard may be a pathspec (`:/` is the whole tree) or a revision
    // (`:/fix` and `HEAD^{/x*}` search commit messages): either way it may select everything.
    if (!global.literal && /^:|[*?[\\]/.test(word)) {
      positives.push(EVERYTHING);
      continue;
    }
    const rel = normalizePosix(`/${prefix}${prefix ? '/' : ''}${word}`);
    if (rel.startsWith('/..')) continue;
    const path = rel.slice(1).replace(/\/$/, '');
    if (namesTracked(path)) positives.push(parse(`:(literal,top${global.icase ? ',icase' : ''})${path}`, '').match!);
  }
  const under = prefix === '' ? EVERYTHING : (rel: string) => rel.startsWith(`${prefix}/`);
  const selected: Match = positives.length
    ? (rel) => positives.some((m) => m(rel))
    : reach.belowCwd
      ? under
      : EVERYTHING;
  return (rel) => selected(rel) && !excludes.some((m) => m(rel));
}
