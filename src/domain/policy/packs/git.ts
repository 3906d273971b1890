import type { BuiltinRule } from '../ruleTypes.js';
import { any, not, subFlag, flag, all } from '../ruleTypes.js';
import { positionals } from '../argView.js';
import { GIT_DISCARDS } from '../../toolModels/tools/git/discards.js';
import { GIT_EVERYDAY_WRITES, GIT_READ_ONLY } from '../../toolModels/tools/git/subcommands.js';
import type { ArgTest } from '../ruleTypes.js';
import type { ArgView } from '../argView.js';
import { ruleMatchesArgs } from '../ruleTypes.js';
import { parseArgv } from '../../toolModels/parseArgv.js';
import { HISTORY_MODELS } from '../../toolModels/tools/git/historyModels.js';
import { GIT_SUBCOMMAND_MODELS } from '../../toolModels/tools/git/subcommandModels.js';

/**
 * `rebase -i` / `-x CMD` in any spelling, read by rebase's model so a value is no cluster of
 * letters (`-Xtheirs` holds an `i` and is no -i). When the model does not know a word, every
 * `i`/`x` letter counts, as before (the stricter reading).
 */
const rebaseRuns: ArgTest = (v) => {
  const parsed = parseArgv(HISTORY_MODELS.rebase!, v.rest);
  if (parsed.unknown.length > 0) return subFlag('ix', '--interactive', '--exec')(v);
  return parsed.uses.some((u) => u.option.names.includes('-i') || u.option.names.includes('-x'));
};

const G = ['git'];

/** The objects `git notes add/append` copies: `-C`/`-c` values (spaced, attached, clustered) and `--re…-message=`. */
function notesObjectValues(rest: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    if (a === '--') break;
    const long = /^--re(?:use|edit)-message(?:=(.*))?$/.exec(a);
    if (long) out.push(long[1] ?? rest[++k] ?? '');
    else if (/^-[a-zA-Z]*[Cc]/.test(a)) {
      const at = a.search(/[Cc]/);
      out.push(at + 1 < a.length ? a.slice(at + 1) : (rest[++k] ?? ''));
    }
  }
  return out;
}
const discardRules: BuiltinRule[] = GIT_DISCARDS.map((d) => ({
  id: d.id,
  commands: G,
  ...(d.sub ? { sub: [d.sub] } : {}),
  when: d.when,
  decision: 'ask',
  risk: d.risk,
  code: 'command.destructive',
  reason: d.reason,
  examples: { match: d.match, noMatch: d.noMatch },
}));

/**
 * Whether `git SUB …` has an option model, down to its action when the model has nested ones
 * without a default (`git notes frob`, `git remote frob x`: no model of `frob`).
 */
export function gitModelled(v: ArgView): boolean {
  const word = v.sub[0];
  if (word === undefined) return false;
  if (!Object.hasOwn(GIT_SUBCOMMAND_MODELS, word)) return false;
  const model = GIT_SUBCOMMAND_MODELS[word]!;
  if (!model.subcommands || model.defaultSubcommand !== undefined) return true;
  const action = parseArgv(model, v.rest).operands[0];
  return action === undefined || Object.hasOwn(model.subcommands, action);
}

/**
 * Deny by default (issue 12): an allow rule of this pack allows a subcommand only when it has an
 * option model, so no option is allowed unseen; where one would allow an unmodelled subcommand,
 * `git:unmodelled` asks instead. `modelled` is a parameter for the test of this mechanism.
 */
export function requireModels(rules: readonly BuiltinRule[], test: ArgTest): BuiltinRule[] {
  // Every wrapped rule asks the same question of the one view a review evaluates them on: once.
  const answers = new WeakMap<ArgView, boolean>();
  const modelled = (v: ArgView): boolean => {
    let answer = answers.get(v);
    if (answer === undefined) answers.set(v, (answer = test(v)));
    return answer;
  };
  const allows = rules.filter((r) => r.decision === 'allow');
  const unmodelled: BuiltinRule = {
    id: 'git:unmodelled',
    commands: G,
    when: (v) => !modelled(v) && allows.some((r) => ruleMatchesArgs(r, v)),
    decision: 'ask',
    risk: 'medium',
    code: 'command.unmodelled',
    reason: 'a git subcommand allowed by name without an option model: what its options do is unknown',
    examples: {
      match: ['git notes frobnicate', 'git remote frob x'],
      noMatch: ['git pull', 'git notes add -m x', 'git remote add o https://example.com/r', 'git gc'],
    },
  };
  return [
    ...rules.map((r) => {
      if (r.decision !== 'allow') return r;
      const when = r.when;
      return { ...r, when: (v: ArgView) => modelled(v) && (when === undefined || when(v)) };
    }),
    unmodelled,
  ];
}

const gitRules: BuiltinRule[] = [
  {
    id: 'git:read-only',
    commands: G,
    when: (v) => v.sub.length > 0 && GIT_READ_ONLY.includes(v.sub[0]!),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'git inspection does not change the repository',
    examples: {
      match: ['git status', 'git diff --staged', 'git log --oneline -5', 'git show HEAD', 'git -C sub status'],
      noMatch: ['git push', 'git reset --hard'],
    },
  },
  {
    id: 'git:branch-tag-list',
    commands: G,
    when: (v) =>
      (v.sub[0] === 'branch' ||
        v.sub[0] === 'tag' ||
        v.sub[0] === 'remote' ||
        (v.sub[0] === 'stash' && v.sub[1] === 'list') ||
        (v.sub[0] === 'reflog' && (v.sub.length === 1 || v.sub[1] === 'show'))) &&
      !flag('dDmMcC', '--delete', '--move', '--copy', '--force', '--set-upstream-to', '--unset-upstream')(v) &&
      (v.sub[0] !== 'remote' || v.sub.length === 1),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'lists or creates branches, tags and remotes',
    examples: {
      match: ['git branch', 'git branch -a', 'git tag', 'git remote -v', 'git stash list', 'git branch feature/x'],
      noMatch: ['git branch -D x', 'git remote add o u'],
    },
  },
  {
    id: 'git:everyday-write',
    commands: G,
    when: (v) => v.sub.length > 0 && GIT_EVERYDAY_WRITES.includes(v.sub[0]!),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'everyday work in the local repository (commit, checkout, fetch, ...); recoverable from git history',
    examples: {
      match: [
        'git add -A',
        'git commit -m "drop rm -rf"',
        'git checkout -b feature/one',
        'git pull',
        'git fetch --all',
      ],
      noMatch: ['git push', 'git status'],
    },
  },
  {
    id: 'git:stash',
    commands: G,
    sub: ['stash'],
    when: (v) =>
      v.sub.length === 1 ||
      ['push', 'pop', 'apply', 'save', 'show', 'list', 'branch', 'create', 'store'].includes(v.sub[1]!),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'stashing keeps changes recoverable',
    examples: {
      match: ['git stash', 'git stash pop', 'git stash push -m wip'],
      noMatch: ['git stash drop', 'git stash clear'],
    },
  },
  {
    id: 'git:reset',
    commands: G,
    sub: ['reset'],
    when: not(subFlag('', '--hard', '--merge', '--keep')),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'a soft or mixed reset keeps the working tree',
    examples: {
      match: ['git reset HEAD~1', 'git reset --soft HEAD~1', 'git reset file.txt'],
      noMatch: ['git reset --hard'],
    },
  },
  {
    id: 'git:clean-dry-run',
    commands: G,
    sub: ['clean'],
    when: subFlag('n', '--dry-run'),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'a dry run only lists files',
    examples: { match: ['git clean -n'], noMatch: ['git clean -f'] },
  },
  {
    // Attack pass 18 (F11 class): `git remote set-url origin URL` (or `rename` then `add`) moves
    // where the next push goes, and the push a human approves later names only `origin`.
    // `git config remote.origin.url URL` already asks as a config write.
    id: 'git:remote-url',
    commands: G,
    when: (v) => v.sub[0] === 'remote' && ['add', 'set-url', 'rename'].includes(v.sub[1] ?? ''),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'changes where a later push or fetch goes; a push approved later names the remote, not its URL',
    examples: {
      match: [
        'git remote set-url origin https://example.com/r',
        'git remote set-url --push origin https://example.com/r',
        'git remote add upstream https://example.com/r',
        'git remote rename origin old',
      ],
      noMatch: ['git remote -v', 'git remote remove old', 'git remote get-url origin'],
    },
  },
  {
    id: 'git:branch-change',
    commands: G,
    when: (v) =>
      ((v.sub[0] === 'branch' || v.sub[0] === 'tag') &&
        flag('dmMcC', '--move', '--copy', '--set-upstream-to', '--unset-upstream')(v) &&
        !flag('D')(v)) ||
      (v.sub[0] === 'remote' && v.sub.length > 1),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'renames, safe deletes and remote bookkeeping are recoverable',
    examples: {
      match: ['git branch -d merged', 'git branch -m old new', 'git remote remove old'],
      noMatch: ['git branch -D x'],
    },
  },
  {
    id: 'git:push',
    commands: G,
    sub: ['push'],
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'pushing publishes commits to a shared remote',
    examples: { match: ['git push', 'git push origin main'], noMatch: ['git pull'] },
  },
  {
    id: 'git:push-force',
    commands: G,
    sub: ['push'],
    when: any(subFlag('fd', '--force', '--force-with-lease', '--mirror', '--delete', '--prune'), (v) =>
      v.rest.some((a) => a.startsWith('+') || a.startsWith(':')),
    ),
    decision: 'ask',
    risk: 'high',
    code: 'command.destructive',
    reason: 'a force push or remote delete rewrites shared history',
    examples: {
      match: [
        'git push --force origin main',
        'git push -f origin main',
        'git push origin +main',
        'git push origin :old',
        'git push --force=true origin main',
      ],
      noMatch: ['git push origin main'],
    },
  },
  {
    id: 'git:rebase',
    commands: G,
    sub: ['rebase'],
    when: not(rebaseRuns),
    decision: 'allow',
    risk: 'medium',
    code: 'command.allowed',
    reason: 'a non-interactive rebase is recoverable through the reflog',
    examples: {
      match: ['git rebase main', 'git rebase --continue', 'git rebase -Xtheirs main'],
      noMatch: [
        'git rebase -i HEAD~3',
        'git rebase --exec "make" main',
        'git rebase -qx make main',
        'git rebase --inter',
      ],
    },
  },
  {
    id: 'git:runs-commands',
    commands: G,
    when: (v) =>
      (v.sub[0] === 'rebase' && rebaseRuns(v)) ||
      (v.sub[0] === 'bisect' && v.sub[1] === 'run') ||
      (v.sub[0] === 'submodule' && v.sub[1] === 'foreach') ||
      v.sub[0] === 'difftool' ||
      v.sub[0] === 'mergetool' ||
      v.sub[0] === 'daemon' ||
      v.sub[0] === 'instaweb' ||
      v.sub[0] === 'web--browse' ||
      v.sub[0] === 'credential' ||
      v.sub[0] === 'credential-store' ||
      v.sub[0] === 'send-email',
    decision: 'ask',
    risk: 'high',
    code: 'command.escape_hatch',
    reason: 'this git subcommand runs other programs or editors',
    examples: {
      match: [
        'git rebase -i HEAD~3',
        'git bisect run make',
        'git submodule foreach rm x',
        'git difftool',
        'git credential fill',
      ],
      noMatch: ['git rebase main', 'git bisect start'],
    },
  },
  {
    // `git notes add -C OBJ` copies any object's bytes into a note that `notes show` prints; a
    // blob id (`git rev-parse HEAD:.env`) names no path the review could judge (attack pass 21, F2).
    id: 'git:notes-copy',
    commands: G,
    sub: ['notes'],
    // Any name but HEAD itself: a tag or branch may point at a blob too (`git tag t <blob id>`,
    // then `notes add -C t`: attack pass 25, F1).
    when: (v) => notesObjectValues(v.rest).some((o) => o !== 'HEAD' && o !== '@'),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: "copies an object's contents into a note, which the review cannot see (a name may point at a blob)",
    examples: {
      match: [
        'git notes add -C 1a2b3c4',
        'git notes add --reuse-message=abc1234',
        'git notes add -cdeadbeef',
        'git notes add -C leak HEAD',
        'git notes append -C refs/tags/leak',
        'git notes add -C leak^{blob} HEAD',
      ],
      noMatch: ['git notes add -m hi', 'git notes add -C HEAD'],
    },
  },
  {
    // `git tag t <blob id>` (or update-ref) points a ref at a blob; `%(raw)` and `%(contents)`
    // then print its bytes (attack pass 21, F7). A `REV:path` object is read by pathArgs.ts.
    id: 'git:ref-contents-format',
    commands: G,
    when: (v) =>
      ['tag', 'for-each-ref', 'branch'].includes(v.sub[0] ?? '') &&
      v.rest.some(
        (a, i) => /%\((?:raw|contents)/.test(a) && (a.startsWith('--format') || v.rest[i - 1] === '--format'),
      ),
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'prints the objects refs point at, which may be the contents of files',
    examples: {
      match: ["git tag -l --format='%(raw)' t", "git for-each-ref --format='%(contents)' refs/tags"],
      noMatch: ['git tag -l', "git for-each-ref --format='%(refname)'"],
    },
  },
  {
    id: 'git:bisect',
    commands: G,
    sub: ['bisect'],
    when: (v) => v.sub[1] !== 'run',
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'bisect bookkeeping only checks out commits',
    examples: { match: ['git bisect start', 'git bisect good'], noMatch: ['git bisect run make'] },
  },
  {
    id: 'git:config-read',
    commands: G,
    sub: ['config'],
    when: any(
      subFlag('l', '--list', '--get', '--get-all', '--get-regexp', '--show-origin'),
      (v) =>
        positionals(v.rest).length === 1 &&
        !v.rest.some((a) => a.startsWith('--') && !a.startsWith('--global') && !a.startsWith('--local')),
    ),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'reads configuration',
    examples: {
      match: ['git config --list', 'git config user.email', 'git config --get remote.origin.url'],
      noMatch: ['git config core.pager less'],
    },
  },
  {
    id: 'git:config-write',
    commands: G,
    sub: ['config'],
    when: all(
      not(subFlag('l', '--list', '--get', '--get-all', '--get-regexp', '--show-origin')),
      (v) =>
        positionals(v.rest).length >= 2 ||
        subFlag(
          '',
          '--add',
          '--unset',
          '--unset-all',
          '--replace-all',
          '--edit',
          '-e',
          '--rename-section',
          '--remove-section',
        )(v),
    ),
    decision: 'ask',
    risk: 'high',
    code: 'command.escape_hatch',
    reason: 'git config can set commands git later runs (pager, hooks path, aliases, ssh)',
    examples: {
      match: ['git config core.pager less', 'git config --global alias.x "!rm -rf ~"', 'git config --unset user.name'],
      noMatch: ['git config --list'],
    },
  },
  ...discardRules,
];

export const gitPack: BuiltinRule[] = requireModels(gitRules, gitModelled);
