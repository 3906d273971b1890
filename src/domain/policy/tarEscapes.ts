// tar's escape hatches, read through tar's option model (toolModels/tools/tar.ts, the one home of
// its options): programs named in options (`--to-command`, `-I`, `--checkpoint-action=exec=`),
// an archive on another machine (`-f HOST:FILE`), and extraction, which writes where the archive says.
import type { EscapeFindings } from './escapeFindings.js';
import { hatch } from './escapeFindings.js';
import { verdict } from '../verdict.js';
import { parseArgv } from '../toolModels/parseArgv.js';
import { modelFindings } from '../toolModels/judgeModel.js';
import { tarModel } from '../toolModels/tools/tar.js';
import { unzipExtracts } from '../toolModels/tools/unzip.js';

export function tarHatches(name: string, args: readonly string[], out: EscapeFindings): void {
  const parsed = parseArgv(tarModel, args);
  // bsdtar has no model of its own: GNU tar's reading of its paths is the stricter guess.
  if (!tarModel.commands.includes(name)) out.paths.push(...modelFindings(name, tarModel, args).paths);
  for (const u of parsed.uses) {
    const o = u.option;
    const value = u.values[0] ?? '';
    // `HOST:FILE` (a colon before any slash) is an archive on another machine, reached over rsh/ssh.
    if (o.names.includes('--file') && !parsed.modes.has('local') && /^[^/]*:/.test(value))
      out.verdicts.push(hatch(`tar -f ${value} reads or writes the archive on another machine over rsh/ssh`));
    if (o.runsShell === undefined) continue;
    out.verdicts.push(hatch(`tar ${u.spelled} ${o.why ?? 'runs a helper program given in its options'}`));
    if (value.startsWith(o.runsShell) && value.length > o.runsShell.length)
      out.shellTexts.push({ text: value.slice(o.runsShell.length), why: `tar ${u.spelled}` });
  }
  // The path policy judges each deleted tree, but not a workspace emptied from inside (`.`):
  // deleting everything it packed is asked, like `rm -r`.
  if (parsed.modes.has('removes') && !parsed.modes.has('extract'))
    out.verdicts.push(
      verdict(
        'ask',
        'medium',
        'command.destructive',
        'tar --remove-files deletes every file it packs, whole trees included',
      ),
    );
  if (!parsed.modes.has('extract')) return;
  // The archive chooses the members' names (`.git/hooks/…`, `--transform` renames, members through
  // workspace symlinks): only listing or writing to stdout keeps them off the disk.
  if (!parsed.modes.has('lists') && !parsed.modes.has('to-stdout'))
    out.verdicts.push(unreviewedWrites("tar -x writes the archive's members under names the review cannot see"));
  if (parsed.modes.has('absolute'))
    out.verdicts.push(
      hatch('tar -P extracts absolute file names the archive chose, anywhere on the machine', 'medium'),
    );
}

export const unreviewedWrites = (why: string): ReturnType<typeof verdict> =>
  verdict('ask', 'high', 'command.unreviewed_writes', why);

/** `unzip` writes the archive's members unless it only lists, tests, shows the comment or prints (its model decides). */
export function unzipExtract(args: readonly string[], out: EscapeFindings): void {
  if (unzipExtracts(args))
    out.verdicts.push(unreviewedWrites("unzip writes the archive's members under names the review cannot see"));
}
