/**
 * `git apply PATCH` and `git am MBOX` write what the patch says, and a patch can create a
 * symbolic link pointing anywhere (`new file mode 120000`): `ln -s ~/.bashrc k` is refused, the
 * same link from a patch was allowed, and whatever later writes through the link without review
 * escaped. The patch file is read through the host facts port (HostFacts.patchFile, bounded),
 * parsed here (tools/git/patchText.ts), and what it writes is judged as the path policy judges
 * `ln -s TARGET NAME`: the link, and its target as a write (beside the link too, when relative).
 * Renames, copies and deletions are writes and deletes. A patch the review cannot read (stdin, a
 * missing or oversized file, an encoded mail) asks.
 */
import type { PathArg, PathContext } from '../paths/judgePaths.js';
import { judgePaths } from '../paths/judgePaths.js';
import { absolutize, basenamePosix, dirnamePosix, expandTilde } from '../paths/posixPath.js';
import type { Verdict } from '../verdict.js';
import { combineVerdicts, verdict } from '../verdict.js';
import { makeArgView } from '../policy/argView.js';
import { parseArgv } from '../toolModels/parseArgv.js';
import { GIT_SUBCOMMAND_MODELS } from '../toolModels/tools/git/subcommandModels.js';
import { patchEffects } from '../toolModels/tools/git/patchText.js';

/** apply's forms that only read the patch (without `--apply`); am's that apply no new patch. */
const APPLY_READ_ONLY = ['--check', '--stat', '--numstat', '--summary'];
const AM_NO_PATCH = ['--continue', '--resolved', '--skip', '--abort', '--quit', '--show-current-patch'];

const unseen = (sub: string, why: string): Verdict =>
  verdict(
    'ask',
    'medium',
    'command.unreviewed_writes',
    `git ${sub} writes what the patch says, and ${why}, so what it writes (a symbolic link pointing anywhere among it) cannot be judged`,
    'tools:git',
  );

/** The relative target of a link, as the link's own directory resolves it (pathArgs.ts does the same for ln). */
function besideLink(link: string, target: string): string | undefined {
  if (target.startsWith('/') || target.startsWith('~')) return undefined;
  const slash = link.lastIndexOf('/');
  return slash < 0 ? undefined : `${link.slice(0, slash)}/${target}`;
}

/** The last component of `abs` is a symbolic link: its realpath differs from its parent's plus its name. */
function isSymlinkNow(abs: string, ctx: PathContext): boolean {
  const real = ctx.facts.realpath(abs);
  const parent = ctx.facts.realpath(dirnamePosix(abs));
  return real !== `${parent === '/' ? '' : parent}/${basenamePosix(abs)}`;
}

/** `ctx.cwd` is git's directory (`-C` applied). Undefined: not apply/am, or nothing beyond what the rules judged. */
export function gitPatchVerdict(args: readonly string[], ctx: PathContext): Verdict | undefined {
  const view = makeArgView('git', args);
  const sub = view.sub[0];
  if (sub !== 'apply' && sub !== 'am') return undefined;
  const model = GIT_SUBCOMMAND_MODELS[sub];
  if (!model) return undefined;
  const parsed = parseArgv(model, view.rest);
  const used = (names: readonly string[]): boolean =>
    parsed.uses.some((u) => u.option.names.some((n) => names.includes(n)));
  if (sub === 'apply' && used(APPLY_READ_ONLY) && !used(['--apply'])) return undefined;
  if (sub === 'am' && used(AM_NO_PATCH)) return undefined;
  const last = (name: string): string | undefined =>
    parsed.uses.filter((u) => u.option.names.includes(name)).at(-1)?.values[0];
  const p = last('-p');
  const strip = p === undefined ? 1 : /^\d+$/.test(p) ? Number(p) : undefined;
  if (strip === undefined) return unseen(sub, `-p '${p}' is no number`);
  const directory = last('--directory');

  const files = parsed.operands;
  if (files.length === 0 || files.includes('-'))
    return unseen(sub, 'the patch comes from stdin, which the review cannot see');
  const read = ctx.facts.patchFile;
  if (!read) return unseen(sub, 'this review cannot read patch files');
  // am runs at the top of the work tree: its patch's names are relative to the root.
  const root = sub === 'am' ? ctx.facts.gitIndex?.(ctx.cwd)?.root : undefined;
  const placed = (name: string): string => (root ? `${root}/${name}` : name);

  const found: Verdict[] = [];
  for (const file of files) {
    const fact = read(absolutize(expandTilde(file, ctx.facts.home), ctx.cwd));
    if ('problem' in fact) {
      found.push(unseen(sub, `the patch '${file}' cannot be read (${fact.problem})`));
      continue;
    }
    const effects = patchEffects(fact.text, strip, directory);
    if (effects.hidden) found.push(unseen(sub, `the patch '${file}' holds ${effects.hidden}`));
    // A plain hunk on a name that is a symbolic link now rewrites where the link points (git keeps
    // its mode): `-sub` / `+/home/u/.ssh` retargets it, which no write judgement of the link's
    // current target sees (attack pass 15).
    const linkNow = effects.writes.find((w) => isSymlinkNow(absolutize(placed(w), ctx.cwd), ctx));
    if (linkNow !== undefined)
      found.push(
        unseen(sub, `the patch '${file}' changes '${linkNow}', which is a symbolic link: it may point it anywhere`),
      );
    const paths: PathArg[] = [
      ...effects.writes.map((w) => ({ raw: placed(w), access: 'write' as const })),
      ...effects.deletes.map((d) => ({ raw: placed(d), access: 'delete' as const })),
      ...effects.reads.map((r) => ({ raw: placed(r), access: 'read' as const })),
    ];
    for (const link of effects.links) {
      if (link.target === undefined) {
        found.push(unseen(sub, `the patch '${file}' makes '${link.path}' a symbolic link without showing its target`));
        continue;
      }
      // As `ln -s TARGET NAME` is judged: a later write through the link lands on the target.
      paths.push({ raw: link.target, access: 'write' });
      const beside = besideLink(placed(link.path), link.target);
      if (beside) paths.push({ raw: beside, access: 'write' });
    }
    if (paths.length === 0) continue;
    const v = judgePaths(paths, ctx).verdict;
    if (v.decision === 'allow') continue;
    const links = effects.links.map((l) => `'${l.path}' -> '${l.target ?? '?'}'`).join(', ');
    found.push({
      ...v,
      reasons: v.reasons.map((r) => ({
        code: r.code,
        message: `git ${sub} applies '${file}'${links ? `, which makes symbolic links ${links}` : ''}: ${r.message}`,
      })),
    });
  }
  return found.length ? combineVerdicts(...found) : undefined;
}
