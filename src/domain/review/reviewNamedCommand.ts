import type { PathArg, PathContext } from '../paths/judgePaths.js';
import { judgePaths } from '../paths/judgePaths.js';
import { dialectFor, parseShellInvocation } from '../shell/parseInvocation.js';
import { findUrls, judgeUrls } from '../urls/judgeUrls.js';
import { requestShape } from '../urls/loopbackRead.js';
import type { Verdict } from '../verdict.js';
import { combineVerdicts, verdict } from '../verdict.js';
import { makeArgView } from '../policy/argView.js';
import { judgeAssignments, parseAssignment } from '../policy/envAssignments.js';
import { judgeAssignmentEffects } from './assignmentEffects.js';
import { findEscapeHatches } from '../policy/escapeHatches.js';
import { configAllow, evaluateRules } from '../policy/evaluateRules.js';
import { classifyInterpreter } from '../policy/interpreters.js';
import { pathArgsFor } from '../policy/pathArgs.js';
import { chainedTextVerdict } from './chainedText.js';
import { reviewInterpreter } from './interpreterReview.js';
import type { Chain, ReviewState } from './reviewState.js';
import { pathContext, reviewNestedText, reviewNestedWords, step } from './reviewState.js';
import { reviewWrapper } from './wrapperReview.js';
import { selfControlVerdict } from './selfControl.js';
import { TREE_WALK_LIMIT, secretsInTreeVerdict } from './secretsInTree.js';
import { gitPathspecVerdict } from './gitPathspecs.js';
import { gitTrackedSecretsVerdict } from './gitTrackedSecrets.js';
import { gitConfigPrintVerdict } from './gitConfigPrints.js';
import { gitFetchedSecretsVerdict } from './gitFetchedSecrets.js';
import { gitWorkTreeAt } from './gitWorkTree.js';
import { gitTrackedConfigVerdict } from './gitTrackedConfig.js';
import { gitPatchVerdict } from './gitPatches.js';
import { rawDiskReadVerdict } from './rawDiskReads.js';
import { gitBaseState, gitForeignRepoVerdict } from './gitForeignRepo.js';
import { judgeClientSettings } from './assignmentEffects.js';
import { modelOptionFindings } from './modelOptions.js';
import { makesLinks } from './compoundParts.js';
import { gitScpTargets } from '../toolModels/tools/git/remoteTargets.js';

const SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash']);
/** Words that only print or compare: URLs and paths in them are data. */
const DATA_ONLY = new Set(['echo', 'printf', 'true', 'false', ':', 'test', '[']);
const DECLARES = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/**
 * The named command: wrappers, shells, builtins with code, interpreters, escape hatches, rules, paths, URLs.
 * `hasAssignments`: variables were set for this command (`http_proxy=… curl …`).
 */
export function reviewNamedCommand(
  name: string,
  given: readonly string[],
  state: ReviewState,
  depth: number,
  chain: Chain,
  hasAssignments = false,
): Verdict {
  // `GIT_ICASE_PATHSPECS=1 [wrappers…] git …` is judged as `git --icase-pathspecs …`.
  const args = name === 'git' && state.gitPathspecEnv?.length ? [...state.gitPathspecEnv, ...given] : given;
  if (state.links && !state.links.made && makesLinks([name, ...args])) state.links.made = true;
  const view = makeArgView(name, args);
  const chained = chainedTextVerdict(view);
  if (chained) {
    step(state, depth, 'rules', 'control text inside a subcommand word', chained);
    return chained;
  }
  const self = selfControlVerdict(name, args);
  // A block stands alone. A read-only allow ends the review only for the bare `shimctl` name: any
  // other spelling (`node ./shimctl.js`, `npx shimctl@<url>`, `npx --package=x shimctl`) also runs
  // a file or a package the agent may have chosen, which the rest of the review judges.
  if (self && (self.decision === 'block' || name === 'shimctl')) {
    step(state, depth, 'rules', 'runs shimctl itself', self);
    return self;
  }
  const wrapped = reviewWrapper(name, args, state, depth, chain);
  if (wrapped) return wrapped;

  const special = reviewSpecial(name, args, state, depth);
  if (special) return special;

  const parts: Verdict[] = self ? [self] : [];
  const use = classifyInterpreter(name, args);
  if (use) parts.push(reviewInterpreter(name, use, state, depth, configAllow(view, state.config, state)));

  const hatches = findEscapeHatches(name, args);
  if (hatches) {
    parts.push(...hatches.verdicts);
    for (const s of hatches.shellTexts) {
      step(state, depth, 'escape', `${s.why} runs shell text`);
      parts.push(reviewNestedText(s.text, state, depth + 1, 'nested', undefined).verdict);
    }
    for (const c of hatches.commands) {
      step(state, depth, 'escape', () => `${c.why} runs '${c.argv.join(' ')}'`);
      parts.push(
        reviewNestedWords(
          c.argv.filter((w) => w !== '{}'),
          state,
          depth + 1,
          undefined,
          c.viaExec === true,
        ),
      );
    }
    if (hatches.verdicts.length)
      step(
        state,
        depth,
        'escape',
        `${hatches.verdicts.length} escape hatch finding(s)`,
        combineVerdicts(...hatches.verdicts),
      );
  }

  const foreignRepo = name === 'git' ? gitForeignRepoVerdict(args, state) : undefined;
  if (foreignRepo) parts.push(foreignRepo);
  if (name === 'wget') parts.push(judgeClientSettings(name, args, state));

  if (!use || use.kind === 'query') {
    const rules = evaluateRules(view, state.config, state, (d) => step(state, depth, 'rules', d));
    step(
      state,
      depth,
      'rules',
      () => (rules.rule_ids.length ? `matched ${rules.rule_ids.join(', ')}` : 'no rule matched'),
      rules,
    );
    parts.push(rules);
  }

  // git's own operands, pathspecs and trees resolve in `-C`'s directory (undefined: one known
  // only at run time, which gitForeignRepo.ts asks about already).
  const gitBase = name === 'git' ? gitBaseState(args, state) : state;
  const own = pathArgsFor(name, args);
  const hatchPaths = hatches?.paths ?? [];
  const pathArgs = [...own, ...hatchPaths];
  // Deny by default at the option level: a modelled tool adds what its options and operands do.
  const modelled = modelOptionFindings(name, args, pathArgs, state, depth);
  if (modelled) parts.push(...modelled);
  if (pathArgs.length) {
    // git's model paths (`--output=F`, `-O F`) are its own operands: they resolve against `-C`.
    const gitOwn = name === 'git' ? [...own, ...pathArgs.slice(own.length + hatchPaths.length)] : own;
    const pj =
      name === 'git' ? judgeGitPaths(gitOwn, hatchPaths, gitBase, state) : judgePaths(pathArgs, pathContext(state));
    step(
      state,
      depth,
      'paths',
      () =>
        `${pathArgs.length} path argument(s): ${pathArgs.map((p) => `${p.raw} (${p.access}${p.recursive ? ', recursive' : ''})`).join(', ')}`,
      pj.verdict,
    );
    parts.push(pj.verdict);
    if (chain) chain.paths.push(...pj.paths);
  }
  const rawDisk = rawDiskReadVerdict(pathArgs, state);
  if (rawDisk) parts.push(rawDisk);
  // What git prints, copies or swaps beyond its named paths, each judged in git's own directory.
  if (name === 'git' && gitBase)
    for (const [check, note] of GIT_CONTENT_CHECKS) {
      const v = check(args, pathContext(gitBase));
      if (!v) continue;
      step(state, depth, 'paths', note, v);
      parts.push(v);
    }
  const inTree = gitBase ? secretsInTreeVerdict(name, args, pathArgs, gitBase) : undefined;
  if (inTree) {
    step(state, depth, 'paths', `${name} searches a tree that holds protected files`, inTree);
    parts.push(inTree);
  }
  if (!DATA_ONLY.has(name)) {
    const urls = findUrls([name, ...args]);
    if (name === 'git') for (const u of gitScpTargets(args)) if (!urls.includes(u)) urls.push(u);
    if (urls.length) {
      const uv = judgeUrls(
        urls,
        state.config,
        () => requestShape(name, args, urls, hasAssignments || state.envChanged === true),
        () => state.facts.shimctlHttpPort,
      );
      step(state, depth, 'urls', () => `URLs: ${urls.join(' ')}`, uv);
      parts.push(uv);
      if (chain) chain.urls.push(...urls);
    }
  }
  return combineVerdicts(...parts);
}

/**
 * git's own operands resolve against its `-C` directories (`git -C sub rm x` removes sub/x); the
 * hatch paths (the `-C`, `--git-dir` values themselves) against the cwd. `base` is gitBaseState's:
 * a `-C` directory known only at run time (undefined) leaves the operands unplaceable: asked.
 */
/** git's checks beyond its named paths, in order, with the trace note each adds when it finds something. */
const GIT_CONTENT_CHECKS: ReadonlyArray<[(args: readonly string[], ctx: PathContext) => Verdict | undefined, string]> =
  [
    [(args, ctx) => gitPathspecVerdict(args, ctx, TREE_WALK_LIMIT), 'a git pathspec pattern may match protected files'],
    // `git show HEAD`, `log -p`, `grep KEY`: the protected files the index tracks, printed unnamed.
    [gitTrackedSecretsVerdict, 'git prints tracked files, protected ones among them'],
    // `git fetch ../other`: the other repository's history, its protected files among it, comes here.
    [gitFetchedSecretsVerdict, 'git copies the history of a local repository that tracks protected files'],
    // `git remote -v`, `git config -l` where .git/config keeps a token: the values print it.
    [gitConfigPrintVerdict, "git prints the repository's config, which holds a credential"],
    // `git checkout OLD` in a repository that tracks a .shimctlrc: the project's rules may go with it.
    [gitTrackedConfigVerdict, 'git swaps tracked files, a shimctl project config among them'],
    // `git apply P`, `git am M`: what the patch writes, symbolic links and their targets among it.
    [gitPatchVerdict, 'git applies a patch: the paths it writes and the links it makes'],
  ];

/**
 * `REV:path` operands are git's paths from the top of the work tree (pathArg.ts repoRelative):
 * anchored at the root of the repository git uses in `base` (found from the physical directory,
 * as git does). Outside a work tree, or without the index fact, they stay relative to the cwd.
 */
function anchoredAtRepoRoot(args: PathArg[], base: ReviewState): PathArg[] {
  if (!args.some((a) => a.repoRelative)) return args;
  const root = gitWorkTreeAt(base.cwd, base.facts)?.root;
  if (root === undefined) return args;
  return args.map((a) =>
    a.repoRelative && !a.raw.startsWith('/') ? { ...a, raw: `${root === '/' ? '' : root}/${a.raw}` } : a,
  );
}

function judgeGitPaths(
  own: PathArg[],
  hatchPaths: PathArg[],
  base: ReviewState | undefined,
  state: ReviewState,
): ReturnType<typeof judgePaths> {
  const anchored = base === undefined ? own : anchoredAtRepoRoot(own, base);
  if (base === state) return judgePaths([...anchored, ...hatchPaths], pathContext(state));
  const atCwd = judgePaths(hatchPaths, pathContext(state));
  if (base === undefined) {
    const unknown = verdict(
      'ask',
      'high',
      'command.escape_hatch',
      'git -C names a directory known only at run time; its file operands cannot be judged',
    );
    return { verdict: combineVerdicts(unknown, atCwd.verdict), paths: atCwd.paths };
  }
  const moved = judgePaths(anchored, pathContext(base));
  return { verdict: combineVerdicts(moved.verdict, atCwd.verdict), paths: [...moved.paths, ...atCwd.paths] };
}

/** Shells and the builtins that take code or set variables. */
function reviewSpecial(name: string, args: readonly string[], state: ReviewState, depth: number): Verdict | undefined {
  if (SHELLS.has(name)) {
    const inv = parseShellInvocation(args, dialectFor(name));
    switch (inv.kind) {
      case 'info':
        return verdict('allow', 'low', 'command.allowed', `${name} prints version or help`);
      case 'command': {
        step(state, depth, 'wrappers', `${name} -c: reviewing the inline shell text`);
        const inner = reviewNestedText(inv.script, state, depth + 1, 'nested', undefined);
        return combineVerdicts(
          verdict('allow', 'low', 'command.wrapper', `${name} -c runs shell text; it was reviewed as a command`),
          inner.verdict,
        );
      }
      case 'script': {
        const pj = judgePaths([{ raw: inv.file, access: 'execute' }], pathContext(state));
        return combineVerdicts(
          verdict(
            'ask',
            'high',
            'invocation.script',
            `${name} runs the script ${inv.file}, which the review cannot see command by command`,
          ),
          pj.verdict,
        );
      }
      case 'interactive':
        return verdict(
          'ask',
          'high',
          'invocation.interactive',
          `${name} without -c starts a shell that reads commands unreviewed`,
        );
      default:
        return verdict(
          'block',
          'high',
          'invocation.unsupported',
          `${name} invoked in a form the review does not follow: ${inv.reason}`,
        );
    }
  }
  if (name === 'eval') {
    step(state, depth, 'wrappers', 'eval: reviewing its text as shell');
    return reviewNestedText(args.join(' '), state, depth + 1, 'nested', undefined).verdict;
  }
  if (name === 'trap') {
    // `trap CODE SIGNAL...` runs CODE later (at EXIT, on a signal): review it now.
    if (args.length < 2 || args[0] === '-l' || args[0] === '-p' || args[0] === '-' || args[0] === '')
      return verdict('allow', 'low', 'command.allowed', 'trap lists or resets handlers');
    const code = args[0] === '--' ? (args[1] ?? '') : args[0]!;
    step(state, depth, 'wrappers', 'trap: reviewing its handler code as shell');
    return combineVerdicts(
      verdict('ask', 'medium', 'command.inline_code', 'trap installs handler code that runs later'),
      reviewNestedText(code, state, depth + 1, 'nested', undefined).verdict,
    );
  }
  if (name === 'jobs') {
    // `jobs -x CMD ARGS` runs CMD after putting process-group ids in place of job specs (attack
    // pass 13): CMD ARGS are reviewed as a command; builtinEvaluation.ts asks for the rest.
    const x = args.findIndex((a) => /^-[A-Za-z]*x/.test(a));
    if (x < 0) return undefined;
    step(state, depth, 'wrappers', 'jobs -x: reviewing the command it runs');
    const inner = args.slice(x + 1);
    return inner.length === 0
      ? undefined
      : combineVerdicts(
          verdict('allow', 'low', 'command.wrapper', `jobs -x runs '${inner[0]}'; the inner command was judged`),
          reviewNestedWords(inner, state, depth + 1, undefined),
        );
  }
  if (DECLARES.has(name) && args.length > 0 && !args.every((a) => a.startsWith('-'))) {
    const assignments: Record<string, string> = {};
    for (const a of args) {
      const p = parseAssignment(a);
      if (p) assignments[p.name] = p.value;
    }
    // `export GIT_TRACE=/abs/file` or `export http_proxy=…` steers every later command: judged
    // like a leading assignment's target (attack pass 8).
    const env = combineVerdicts(judgeAssignments(assignments), judgeAssignmentEffects(assignments, state));
    return combineVerdicts(verdict('allow', 'low', 'env.assignment', `${name} sets shell variables`), env);
  }
  return undefined;
}
