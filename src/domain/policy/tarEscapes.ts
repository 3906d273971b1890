// tar's escape hatches: helper programs named in options (`--to-command`, `-I`, `--checkpoint-action=exec=`)
// and extraction that writes where the archive says.
import { tarDashArgs } from './tarArgs.js';
import type { EscapeFindings } from './escapeFindings.js';
import { hatch } from './escapeFindings.js';
import { verdict } from '../verdict.js';
import { namedOptionValues } from './longOption.js';

/** Option values, long options abbreviated or not (see longOption.ts). */
const optionValues = namedOptionValues;

// Harmless long options that are themselves prefixes of dangerous ones: an exact match wins.
const TAR_LONGS = [
  '--checkpoint',
  '--to-stdout',
  '--use-compress-program',
  '--usage',
  '--utc',
  '--info-script',
  '--new-volume-script',
  '--rsh-command',
  '--rmt-command',
  '--to-command',
  '--checkpoint-action',
];

/** The `-f`/`--file` archives of a tar command line, old style (`tar cf A`) included. */
function tarArchives(given: readonly string[]): string[] {
  const args = tarDashArgs(given);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a.startsWith('--file=')) out.push(a.slice(7));
    else if (a === '--file' && args[i + 1] !== undefined) out.push(args[++i]!);
    else if (/^-[A-Za-z]*f$/.test(a) && args[i + 1] !== undefined) out.push(args[++i]!);
    else if (/^-[A-Za-z]*f./.test(a) && !a.startsWith('--')) out.push(a.slice(a.indexOf('f') + 1));
  }
  return out;
}

export function tar(args: readonly string[], out: EscapeFindings): void {
  // `HOST:FILE` (a colon before any slash) is an archive on another machine, reached over rsh/ssh.
  if (!args.some((a) => a === '--force-local')) {
    for (const f of tarArchives(args)) {
      if (/^[^/]*:/.test(f))
        out.verdicts.push(hatch(`tar -f ${f} reads or writes the archive on another machine over rsh/ssh`));
    }
  }
  for (const v of optionValues(args, ['--checkpoint-action'], TAR_LONGS)) {
    out.verdicts.push(hatch('tar --checkpoint-action runs an action at checkpoints'));
    if (v.startsWith('exec=')) out.shellTexts.push({ text: v.slice(5), why: 'tar --checkpoint-action=exec' });
  }
  for (const v of [
    ...optionValues(
      args,
      [
        '--to-command',
        '--use-compress-program',
        '--info-script',
        '--new-volume-script',
        '--rsh-command',
        '--rmt-command',
      ],
      TAR_LONGS,
    ),
    ...tarShortPrograms(args),
  ]) {
    out.verdicts.push(hatch('tar runs a helper program given in its options'));
    if (v) out.shellTexts.push({ text: v, why: 'tar helper program' });
  }
}

/** GNU tar's short options that take a value; `-I PROG` and `-F SCRIPT` name programs. */
const TAR_VALUE_SHORTS = 'bCfFgHIKLNTVX';

/** `-I PROG`, `-cIprog`, `-cI prog`, `-F SCRIPT` in short clusters; old-style `tar cIf …` counts too. */
function tarShortPrograms(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (i === 0 && /^[A-Za-z]+$/.test(a) && /[IF]/.test(a)) {
      out.push('');
      continue;
    } // old style: values follow in order
    if (!/^-[^-]/.test(a)) continue;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (!TAR_VALUE_SHORTS.includes(c)) continue;
      const rest = a.slice(k + 1);
      const v = rest || (args[++i] ?? '');
      if (c === 'I' || c === 'F') out.push(v);
      break;
    }
  }
  return out;
}

/** Extraction writes names chosen by whoever made the archive: absolute names or into HOME are asked. */
export function tarExtract(args: readonly string[], out: EscapeFindings): void {
  const first = args[0] ?? '';
  const extracts =
    (/^-?[A-Za-z]*x/.test(first) && !first.startsWith('--')) ||
    args.some((a) => /^-[A-Za-z]*x[A-Za-z]*$/.test(a)) ||
    args.some((a) => ['--extract', '--get'].some((o) => a.length > 3 && o.startsWith(a)));
  if (!extracts) return;
  // The archive chooses the members' names (`.git/hooks/…`, `--transform` renames, members through
  // workspace symlinks): only listing or writing to stdout keeps them off the disk.
  const { letters, longs } = tarOptions(args);
  const lists = letters.includes('t') || longs.some((a) => a.length > 3 && '--list'.startsWith(a));
  const toStdout = letters.includes('O') || longs.some((a) => a.length > 5 && '--to-stdout'.startsWith(a));
  if (!lists && !toStdout)
    out.verdicts.push(unreviewedWrites("tar -x writes the archive's members under names the review cannot see"));
  if (args.some((a) => /^-[A-Za-z]*P[A-Za-z]*$/.test(a) || (a.length > 3 && '--absolute-names'.startsWith(a)))) {
    out.verdicts.push(
      hatch('tar -P extracts absolute file names the archive chose, anywhere on the machine', 'medium'),
    );
  }
  for (const d of optionValues(args, ['-C', '--directory'], ['--directory', '--delete', '--dereference']))
    out.paths.push({ raw: d, access: 'write', recursive: true });
}

export const unreviewedWrites = (why: string): ReturnType<typeof verdict> =>
  verdict('ask', 'high', 'command.unreviewed_writes', why);

/**
 * The option letters of tar's short clusters and its long options, each cut at its first value-taking letter (`-xft`
 * extracts the file `t`, it does not list); the old-style first word is all option letters. A word
 * that may be the value of the option before it (`-xf -O` extracts the archive `-O`; `--file -t`)
 * is not read as options: erring towards extraction.
 */
function tarOptions(args: readonly string[]): { letters: string; longs: string[] } {
  let letters = '';
  const longs: string[] = [];
  let skip = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (a === '--') break;
    if (i === 0 && /^[A-Za-z]+$/.test(a)) {
      letters += a;
      skip = [...a].filter((c) => TAR_VALUE_SHORTS.includes(c)).length; // old style: values follow in order
      continue;
    }
    if (a.startsWith('--')) {
      longs.push(a);
      if (!a.includes('=')) skip = 1;
      continue;
    }
    if (!/^-[^-]/.test(a)) continue;
    const cut = a.slice(1).search(new RegExp(`[${TAR_VALUE_SHORTS}]`));
    letters += cut < 0 ? a.slice(1) : a.slice(1, cut + 2);
    if (cut >= 0 && cut + 2 === a.length) skip = 1; // the value is the next word
  }
  return { letters, longs };
}

/** `unzip` writes the archive's members unless it only lists (-l, -v, -Z), tests (-t) or prints (-p, -c). */
export function unzipExtract(args: readonly string[], out: EscapeFindings): void {
  let readOnly = false;
  for (const a of args) {
    if (a === '-x' || a === '-d') break; // what follows are names or the target directory
    if (!/^-[^-]/.test(a)) continue;
    const cut = a.slice(1).search(/[dx]/);
    if (/[lvZtpc]/.test(cut < 0 ? a.slice(1) : a.slice(1, cut + 1))) readOnly = true;
    if (cut >= 0) break; // `-qd DIR`, `-ox NAMES`: the following words are not options
  }
  if (!readOnly)
    out.verdicts.push(unreviewedWrites("unzip writes the archive's members under names the review cannot see"));
}
