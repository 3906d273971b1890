/**
 * The revisions a git command prints from, placed in the history the review listed. A name may
 * stand for an object no listing holds: a blob id (`git show 0badb10`: a `.env` once staged, then
 * unstaged, is still in the object store), a tree, a commit no ref or reflog reaches
 * (`FETCH_HEAD`, an expired reflog entry). What such a command prints cannot be matched against
 * protected paths, so it asks (attack pass 23's class, found while building the history check).
 */
import type { HostFacts } from '../reviewRequest.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { namesBlob } from '../toolModels/tools/git/revPath.js';

/**
 * The object names inside revision operands: both ends of `A..B` and `A...B` (an empty end is
 * HEAD), without `^` before and `^!`, `^@`, `^-N` after. HEAD itself is left out (always listed),
 * and so are `REV:path` words (judged as reads of the path: toolModels/tools/git/pathArgs.ts).
 */
export function revisionNames(words: readonly string[]): string[] {
  const names: string[] = [];
  for (const word of words) {
    if (namesBlob(word)) continue;
    const bare = word.replace(/^\^/, '').replace(/\^(?:!|@|-\d*)$/, '');
    for (const end of bare.split(/\.\.\.?/)) if (end !== '' && end !== 'HEAD' && end !== '@') names.push(end);
  }
  return names;
}

/** Undefined when every name is a commit the listed history holds; otherwise an ask naming the first that is not. */
export function unplacedRevisionVerdict(
  sub: string,
  names: readonly string[],
  root: string,
  commits: ReadonlySet<string>,
  facts: HostFacts,
): Verdict | undefined {
  if (!names.length || !facts.gitObjects) return undefined;
  const ask = (why: string) =>
    verdict(
      'ask',
      'medium',
      'path.secret_in_tree',
      `git ${sub} prints from ${why}, so what it prints cannot be matched against the protected files (.env, keys) of ${root}`,
      'paths:git-tracked',
    );
  const found = facts.gitObjects(root, names);
  if ('problem' in found) return ask(`revisions that could not be resolved (${found.problem})`);
  for (const name of names) {
    const o = found.objects.get(name);
    if (!o) return ask(`'${name}', which names no single object now`);
    if (o.type !== 'commit') return ask(`'${name}', a ${o.type} named directly rather than a commit`);
    if (!commits.has(o.id)) return ask(`'${name}', a commit no ref or reflog reaches`);
  }
  return undefined;
}

/**
 * What to ask git (HostFacts.gitChangedPaths) to narrow a command that names revisions to the
 * paths it prints: `show C...` prints what each commit changes; `diff A`, `diff A B`, `diff A..B`,
 * `diff A...B`, `diff --cached A` print where the two sides differ; `log -p [-N] [REVS]` prints what
 * the commits it walks change (without a pathspec). Undefined: not narrowed (other forms, walk
 * options, `REV:path` words, reflog selectors), and the whole history is judged.
 */
export function narrowingOf(
  sub: string,
  from: 'index' | 'head' | 'headCommit' | 'commits',
  words: readonly string[],
  formatOnly: boolean,
  limits: readonly string[] = [],
  pathspecs = false,
): { form: 'commits' | 'diff' | 'diff-cached' | 'log'; revisions: string[]; limits?: string[] } | undefined {
  if (!formatOnly) return undefined;
  // A reflog selector (`@{2 minutes ago}`, `@{1}`) may name another commit by the time the command
  // runs than when git was asked (attack pass 24, F3): not narrowed, the whole history is judged.
  if (words.some((w) => w.startsWith('-') || namesBlob(w) || w.includes('@{'))) return undefined;
  // `log` with a pathspec walks the commits that touch it (`log -p -1 -- secrets/` reaches past
  // the newest commit): only a log over whole commits is narrowed.
  if ((sub === 'log' || sub === 'whatchanged') && from === 'commits')
    return pathspecs ? undefined : { form: 'log', revisions: [...words], limits: [...limits] };
  if (!words.length) return undefined;
  const plain = words.every((w) => !w.startsWith('^') && !w.includes('..'));
  if (sub === 'show' && from === 'headCommit' && plain) return { form: 'commits', revisions: [...words] };
  if (sub !== 'diff' || from === 'commits') return undefined;
  if (from === 'head') return words.length === 1 && plain ? { form: 'diff-cached', revisions: [...words] } : undefined;
  if ((words.length === 2 && plain) || (words.length === 1 && !words[0]!.startsWith('^')))
    return { form: 'diff', revisions: [...words] };
  return undefined;
}
