import type { EscapeFindings } from '../../../policy/escapeFindings.js';
import { hatch } from '../../../policy/escapeFindings.js';
import { verdict } from '../../../verdict.js';
import { matchLongOption } from '../../../policy/longOption.js';
import { gitConfigKeyKind } from './configKeys.js';
import { gitGlobals } from './globalOptions.js';
import { CLONE_LONGS, INIT_LONGS } from './cloneOptions.js';
import { parseArgv } from '../../parseArgv.js';
import { foreignStrategy } from './mergeStrategy.js';
import { PLUMBING_MODELS } from './plumbingModels.js';

/** config's read actions: with one of them, no operand is set. */
const CONFIG_READS = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--list',
  '--get-color',
  '--get-colorbool',
]);

// Options that make git run a program named in their value. git's parse-options accepts any
// unambiguous prefix (`--exe`, `--upload-p`), so each is matched as a long option of its
// subcommand; the listed harmless names keep exact spellings such as `--empty` from matching.
// `--separate-git-dir DIR` makes an existing directory the repository, keeping the config and
// hooks the agent wrote there before it looked like one (attack pass 22, F1), as `--template` does.
const RUNNING = ['--upload-pack', '--receive-pack', '--exec', '--template', '--separate-git-dir'];
const FETCHERS = new Set(['clone', 'fetch', 'pull', 'ls-remote', 'archive', 'submodule']);
const SUB_LONGS: Readonly<Record<string, readonly string[]>> = {
  rebase: ['--exec', '--edit-todo', '--empty', '--keep-empty', '--no-keep-empty', '--reapply-cherry-picks'],
  am: ['--exec', '--empty', '--keep', '--keep-non-patch', '--keep-cr'],
  clone: CLONE_LONGS,
  fetch: ['--upload-pack', '--update-head-ok', '--update-shallow', '--unshallow', '--tags'],
  pull: ['--upload-pack', '--update-shallow', '--unshallow', '--tags'],
  'ls-remote': ['--upload-pack', '--tags', '--exit-code'],
  push: ['--receive-pack', '--exec', '--repo', '--recurse-submodules', '--tags'],
  archive: ['--exec', '--remote'],
  init: INIT_LONGS,
};
/** Subcommands whose abbreviations git accepts for a running option; elsewhere only exact names count. */
function subcommandTable(sub: string | undefined): readonly string[] {
  return sub !== undefined && Object.hasOwn(SUB_LONGS, sub) ? SUB_LONGS[sub]! : [];
}

/** The running option a word means (`--exe=id` ⇒ `--exec`), or undefined. */
function runningOption(word: string, table: readonly string[]): string | undefined {
  if (!word.startsWith('--')) return undefined;
  const m = table.length ? matchLongOption(word, table) : matchLongOption(word, RUNNING);
  if (!m) return undefined;
  // Outside the subcommands that have them, git rejects abbreviations: only exact names count there.
  if (!table.length && m.names.every((n) => word !== n && !word.startsWith(`${n}=`))) return undefined;
  return m.names.find((n) => RUNNING.includes(n));
}

/** `git grep -O[cmd]` / `--open-files-in-pager[=cmd]` runs cmd (or the configured pager) through the shell. */
function pagerOption(word: string, out: EscapeFindings): void {
  let value: string | undefined;
  if (word.startsWith('--')) {
    const m = matchLongOption(word, ['--open-files-in-pager', '--only-matching', '--or']);
    if (!m?.names.includes('--open-files-in-pager')) return;
    value = m.value ?? '';
  } else if (/^-[^-]/.test(word)) {
    // A short cluster: letters after a value-taking option are its value, not options.
    for (let i = 1; i < word.length; i++) {
      const c = word[i]!;
      if ('efABCm'.includes(c)) return;
      if (c === 'O') {
        value = word.slice(i + 1);
        break;
      }
    }
  }
  if (value === undefined) return;
  out.verdicts.push(hatch('git grep -O opens the matching files with a program, run through the shell'));
  if (value.trim()) out.shellTexts.push({ text: value, why: 'git grep -O' });
}

/**
 * git's `ext::CMD ARGS` transport (git-remote-ext(1)) runs CMD to carry the protocol: a URL that is
 * a command line. Asked wherever it appears as a word, an option's value or a config value
 * (`fetch`, `clone`, `remote add`, `archive --remote=`, `-c remote.o.url=`), whatever
 * protocol.ext.allow says: the review does not read the config that decides it.
 */
const EXT_TRANSPORT = /^(?:--(?:remote|repo)=)?ext::/i;
function extTransport(out: EscapeFindings, where: string): void {
  out.verdicts.push(hatch(`${where}: an ext:: URL runs the command it names`));
}

const APPLY_LONGS = ['--unsafe-paths', '--unidiff-zero'];
// clone's short options without a value; `o`, `b`, `u`, `j` take one (the rest of the cluster).
const CLONE_SHORT_FLAGS = 'vqnsl';

/**
 * The `KEY=VALUE` of a clone `-c`/`--config` word: '' when it is the next word, undefined when
 * the word is no config option. `-c`, `-ck=v`, `-qck=v`, `--config`, `--conf=k=v`.
 */
function cloneConfigValue(word: string): string | undefined {
  if (word.startsWith('--')) {
    const m = matchLongOption(word, CLONE_LONGS);
    if (!m?.names.includes('--config')) return undefined;
    return m.value ?? '';
  }
  if (!/^-[^-]/.test(word)) return undefined;
  for (let i = 1; i < word.length; i++) {
    const c = word[i]!;
    if (c === 'c') return word.slice(i + 1);
    if (!CLONE_SHORT_FLAGS.includes(c)) return undefined;
  }
  return undefined;
}

function gitConfigPair(pair: string, out: EscapeFindings, where: string): void {
  // A remote's URL or an insteadOf rewrite (`url.ext::sh -c id.insteadOf=https://…`).
  if (/ext::/i.test(pair)) extTransport(out, where);
  const eq = pair.indexOf('=');
  const key = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? '' : pair.slice(eq + 1);
  const kind = gitConfigKeyKind(key);
  // `pull.rebase=interactive` (or `i`) makes every pull open the todo list in the editor, as
  // `git pull --rebase=interactive` does (historyModels.ts); any other value is a mode.
  if (key === 'pull.rebase' && /^(?:i|interactive)$/.test(value)) {
    out.verdicts.push(hatch(`${where} pull.rebase=${value} opens the editor, which nobody is there to use`));
    return;
  }
  if (kind === 'runs') {
    // A git alias expands to a subcommand and its options, which may be `-c core.pager=…` or
    // `--exec-path=…`: only one without options stays unflagged (the expansion is asked anyway
    // as an unknown subcommand).
    if (key.startsWith('alias.') && !value.startsWith('!') && !/(^|\s)-/.test(value)) return;
    out.verdicts.push(hatch(`${where} ${key} makes git run a command`));
    // A `!` alias is shell text; one without is git options, not a command line to review.
    if (key.startsWith('alias.') && !value.startsWith('!')) return;
    const text = value.startsWith('!') ? value.slice(1) : value;
    if (text.trim()) out.shellTexts.push({ text, why: `git ${key}` });
  } else if (kind === 'redirects') {
    out.verdicts.push(hatch(`${where} ${key} changes where git finds code or trust`));
  } else if (kind === 'reads') {
    // The file is opened like `blame --ignore-revs-file=FILE`: judged as a read where it lies.
    if (value) out.paths.push({ raw: value, access: 'read' });
  } else if (kind === 'unknown') {
    out.verdicts.push(hatch(`${where} ${key} is not known to be safe`, 'medium'));
  }
}

/** `git -c`, `--config-env`, `--exec-path`, `--upload-pack`, `rebase --exec`, `config KEY VALUE`, `--output`, ... */
export function gitEscapeHatches(args: readonly string[], out: EscapeFindings): void {
  const globals = gitGlobals(args);
  for (const { name, value } of globals.uses) {
    if (name === '-c') gitConfigPair(value ?? '', out, 'git -c');
    else if (name === '--config-env')
      out.verdicts.push(hatch('git --config-env takes a config value from the environment, unseen'));
    else if (name === '--exec-path' && value !== undefined)
      out.verdicts.push(hatch('git --exec-path runs git-* programs from another directory'));
    else if (name === '-C' || name === '--git-dir' || name === '--work-tree' || name === '--namespace')
      out.paths.push({ raw: value ?? '', access: 'mention' });
  }
  const i = globals.sub;
  const sub = args[i];
  const rest = args.slice(i + 1);
  // `--output=FILE` writes are git operands (pathArgs.ts here): they resolve against `-C`.
  const table = subcommandTable(sub);
  // Operands after `--` too (`git fetch -- ext::…`); the first such word is enough.
  const ext = rest.find((a) => EXT_TRANSPORT.test(a));
  if (ext !== undefined) extTransport(out, `git ${sub}`);
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    if (a === '--') break;
    const runs = runningOption(a, table);
    if (runs || (FETCHERS.has(sub ?? '') && (a === '-u' || (a.startsWith('-u') && sub !== 'pull')))) {
      out.verdicts.push(hatch(`git ${sub} ${runs ?? a.split('=')[0]} runs a program of the caller's choosing`));
    }
    if (sub === 'grep') pagerOption(a, out);
    // `git apply --unsafe-paths` follows the patch's `../` and absolute names out of the work tree:
    // where it writes is in the patch, which the review does not read (attack pass 6, P6-16).
    if (sub === 'apply' && matchLongOption(a, APPLY_LONGS)?.names.includes('--unsafe-paths'))
      out.verdicts.push(
        verdict(
          'ask',
          'high',
          'command.option_effect',
          'git apply --unsafe-paths writes files wherever the patch names them',
        ),
      );
    if (sub === 'clone' || sub === 'submodule') {
      const pair = cloneConfigValue(a);
      if (pair !== undefined) gitConfigPair(pair === '' ? (rest[++k] ?? '') : pair, out, `git ${sub} --config`);
    }
    if (sub === 'rebase' && (a === '-x' || runs === '--exec')) {
      const m = matchLongOption(a, table);
      out.shellTexts.push({ text: m?.value ?? rest[++k] ?? '', why: 'git rebase --exec' });
    } else if (sub === 'rebase' && /^-x./.test(a)) out.shellTexts.push({ text: a.slice(2), why: 'git rebase -x' });
  }
  const strategy = foreignStrategy(sub, rest);
  if (strategy !== undefined)
    out.verdicts.push(hatch(`git ${sub} --strategy ${strategy} runs git-merge-${strategy}, not a built-in strategy`));
  if (sub === 'config') {
    // `config KEY VALUE` sets KEY. Its operands as the config model reads them, so an option's
    // value (`-f .gitmodules`, `--type bool`) is no key; a read action's operands (`--get KEY
    // VALUE-PATTERN`, `--get-regexp RE`) set nothing.
    const parsed = parseArgv(PLUMBING_MODELS.config!, rest);
    const pos = parsed.operands;
    const reads =
      !parsed.modes.has('in-place') && parsed.uses.some((u) => u.option.names.some((n) => CONFIG_READS.has(n)));
    if (pos.length >= 2 && !reads) gitConfigPair(`${pos[0]}=${pos.slice(1).join(' ')}`, out, 'git config');
  }
  // `submodule update` clones and fetches the URLs .gitmodules names, `sync` copies them into the
  // remotes later fetches use: the review never reads that file, and an earlier part of the same
  // command may have written it (attack pass 8, P8-14: a URL at the metadata service).
  const action = sub === 'submodule' ? rest.find((a) => !a.startsWith('-')) : undefined;
  if (action === 'update' || action === 'sync')
    out.verdicts.push(
      verdict(
        'ask',
        'high',
        'command.option_effect',
        `git submodule ${action} fetches from the URLs in .gitmodules, which the review does not read`,
      ),
    );
  if (sub === 'bisect' && rest[0] === 'run') out.commands.push({ argv: rest.slice(1), why: 'git bisect run' });
  if (sub === 'submodule' && rest.includes('foreach'))
    out.shellTexts.push({
      text: rest
        .slice(rest.indexOf('foreach') + 1)
        .filter((a) => !a.startsWith('--'))
        .join(' '),
      why: 'git submodule foreach',
    });
}
