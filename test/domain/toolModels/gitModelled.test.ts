// Deny by default for git (issue 12): every subcommand an allow rule of packs/git.ts allows by
// name has an option model, so no option of it is allowed unseen; a subcommand without one asks
// (`git:unmodelled`, `command.unmodelled`). The subcommands are found by asking the rules themselves, over every
// command the installed git lists and every word the rules name.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { makeArgView } from '../../../src/domain/policy/argView.js';
import { gitModelled, gitPack, requireModels } from '../../../src/domain/policy/packs/git.js';
import { ruleMatches } from '../../../src/domain/policy/ruleTypes.js';
import { GIT_SUBCOMMAND_MODELS } from '../../../src/domain/toolModels/tools/git/subcommandModels.js';
import { GIT_EVERYDAY_WRITES, GIT_READ_ONLY } from '../../../src/domain/toolModels/tools/git/subcommands.js';

/** The tree subcommands, modelled in treeModels.ts (the search must find them too). */
const TREES = ['clean', 'init', 'clone', 'mv', 'rm', 'worktree', 'submodule', 'format-patch', 'sparse-checkout'];

/** Every command the installed git knows (built-ins and git-* programs), or none when git is missing. */
function installedCommands(): string[] {
  try {
    return execFileSync('git', ['--list-cmds=main,others,nohelpers'], { encoding: 'utf8' }).split('\n');
  } catch {
    return [];
  }
}

const ruleWords = gitPack.flatMap((r) => r.sub ?? []);
const candidates = [
  ...new Set([...installedCommands(), ...GIT_READ_ONLY, ...GIT_EVERYDAY_WRITES, ...ruleWords, 'branch', 'tag']),
].filter((w) => w !== '');
// A few second words and options, so rules that look past the subcommand (`stash list`,
// `clean -n`, `remote add`) match too.
const TAILS: string[][] = [[], ['list'], ['show'], ['-n'], ['add', 'x', 'y'], ['x']];

/** The subcommands some allow rule of the git pack allows, in at least one of the forms above. */
function allowedByName(): string[] {
  const allows = gitPack.filter((r) => r.decision === 'allow');
  return candidates.filter((word) =>
    TAILS.some((tail) => allows.some((r) => ruleMatches(r, makeArgView('git', [word, ...tail])))),
  );
}

describe('git: every subcommand allowed by name has an option model', () => {
  const allowed = allowedByName();

  it('finds the subcommands the rules allow (the search works)', () => {
    for (const w of ['status', 'commit', 'pull', 'reset', 'rebase', 'bisect', 'stash', 'config', ...TREES])
      expect(allowed).toContain(w);
  });

  it('each has a model', () => {
    const missing = allowed.filter((w) => !Object.hasOwn(GIT_SUBCOMMAND_MODELS, w));
    expect(missing, 'allowed by a rule of packs/git.ts without an option model').toEqual([]);
  });

  it('an allow rule does not allow a subcommand without a model: git:unmodelled asks it', () => {
    const view = (line: string) => makeArgView('git', line.split(' ').slice(1));
    const matching = (rules: typeof gitPack, line: string) =>
      rules.filter((r) => ruleMatches(r, view(line))).map((r) => `${r.id}/${r.decision}`);
    // As if pull had no model: the rule that allowed it by name no longer does.
    const withoutPull = requireModels(
      gitPack.filter((r) => r.id !== 'git:unmodelled'),
      (v) => v.sub[0] !== 'pull' && gitModelled(v),
    );
    expect(matching(withoutPull, 'git pull --frobnicate')).toEqual(['git:unmodelled/ask']);
    expect(matching(gitPack, 'git pull')).toEqual(['git:everyday-write/allow']);
    // A nested action no model knows, under a subcommand allowed by name.
    expect(matching(gitPack, 'git notes frobnicate')).toEqual(['git:unmodelled/ask']);
    // A modelled subcommand is left to its rules; one no rule allows is not this rule's.
    expect(matching(gitPack, 'git clean -n')).not.toContain('git:unmodelled/ask');
    expect(matching(gitPack, 'git gc')).toEqual([]);
  });
});
