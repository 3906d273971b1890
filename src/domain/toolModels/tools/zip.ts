import type { ToolModel } from '../modelTypes.js';
import { parseArgv, usesOption } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

const HATCHES = 'escapeHatches.ts (zip -TT is reviewed as shell text, -@ asked)';

/**
 * Info-ZIP zip 3.0 (`zip -so` lists every option). The first operand is the archive (written),
 * the others are files stored (read; deleted under `-m`, whole trees under `-r`/`-R`).
 * `--out`/`-O` write another archive, `-lf` a log file, `-b` a temporary archive in a directory.
 * writePrimitives.ts still reads the operands as well (the model does not own them yet).
 */
export const zipModel: ToolModel = {
  commands: ['zip'],
  syntax: 'infozip',
  options: [
    opt('-O, --output-file=FILE', 'zip -O out.zip in.zip a.txt', 'write'),
    opt('-lf, --logfile-path=FILE', 'zip -lf zip.log x.zip a.txt', 'write'),
    opt('-b, --temp-path=DIR', 'zip -b tmp x.zip a.txt', 'write', { recursive: true }),
    opt('-TT, --unzip-command=CMD', 'zip -T -TT unzip x.zip a.txt', 'exec', { reviewedBy: HATCHES, runsShell: '' }),
    opt('-@, --names-stdin', 'zip -@ x.zip', 'none', { reviewedBy: HATCHES }),
    opt('-m, --move', 'zip -m x.zip a.txt', 'none', { sets: 'removes' }),
    opt('-r, --recurse-paths', 'zip -r x.zip src', 'none', { sets: 'recursive' }),
    opt('-R, --recurse-patterns', 'zip -R x.zip *.c', 'none', { sets: 'recursive' }),
    // Patterns, not paths: every word up to the next option.
    opt('-x, --exclude=PAT', 'zip -r x.zip src -x *.o', 'none', { words: 'list' }),
    opt('-i, --include=PAT', 'zip -r x.zip src -i *.c', 'none', { words: 'list' }),
    ...plain(
      'zip',
      'x.zip a.txt',
      '-0, --store',
      '-1, --compress-1',
      '-2, --compress-2',
      '-3, --compress-3',
      '-4, --compress-4',
      '-5, --compress-5',
      '-6, --compress-6',
      '-7, --compress-7',
      '-8, --compress-8',
      '-9, --compress-9',
      '-A, --adjust-sfx',
      '-c, --entry-comments',
      '-d, --delete',
      '-db, --display-bytes',
      '-dc, --display-counts',
      '-dd, --display-dots',
      '-dg, --display-globaldots',
      '-ds, --dot-size=SIZE',
      '-du, --display-usize',
      '-dv, --display-volume',
      '-D, --no-dir-entries',
      '-DF, --difference-archive',
      '-e, --encrypt',
      '-F, --fix',
      '-FF, --fixfix',
      '-FI, --fifo',
      '-FS, --filesync',
      '-f, --freshen',
      '-fd, --force-descriptors',
      '-fz, --force-zip64',
      '-g, --grow',
      '-h, --help',
      '-H',
      '-?',
      '-h2, --more-help',
      '-j, --junk-paths',
      '-J, --junk-sfx',
      '-k, --DOS-names',
      '-l, --to-crlf',
      '-ll, --from-crlf',
      '-la, --log-append',
      '-li, --log-info',
      '-L, --license',
      '-mm',
      '-MM, --must-match',
      '-n, --suffixes=SUFFIXES',
      '-nw, --no-wild',
      '-o, --latest-time',
      '-p, --paths',
      '-P, --password=PASSWORD',
      '-q, --quiet',
      '-RE, --regex',
      '-s, --split-size=SIZE',
      '-sp, --split-pause',
      '-sv, --split-verbose',
      '-sb, --split-bell',
      '-sc, --show-command',
      '-sd, --show-debug',
      '-sf, --show-files',
      '-so, --show-options',
      '-su, --show-unicode',
      '-sU, --show-just-unicode',
      '-t, --from-date=DATE',
      '-tt, --before-date=DATE',
      // Runs `unzip -tqq` by its fixed name (-TT names another program).
      '-T, --test',
      '-u, --update',
      '-U, --copy-entries',
      '-UN, --unicode=MODE',
      '-v, --verbose',
      '--version',
      '-ws, --wild-stop-dirs',
      '-X, --strip-extra',
      '-y, --symlinks',
      '-z, --archive-comment',
      '-Z, --compression-method=METHOD',
    ),
  ],
  operands: { leading: ['write'], rest: 'read' },
  operandsWhen: { removes: { leading: ['write'], rest: 'delete' } },
};

/**
 * What a zip command line does, in the one reading of this model: stores trees (`-r`/`-R`),
 * takes patterns matched below the cwd (`-R`), deletes what it stored (`-m`), and stores what
 * links point to (unless `-y` stores the links).
 */
export function zipOperation(args: readonly string[]): {
  recursive: boolean;
  patterns: boolean;
  removes: boolean;
  followsLinks: boolean;
} {
  const parsed = parseArgv(zipModel, args);
  return {
    recursive: parsed.modes.has('recursive'),
    patterns: usesOption(parsed, '--recurse-patterns'),
    removes: parsed.modes.has('removes'),
    followsLinks: !usesOption(parsed, '--symlinks'),
  };
}

/** Whether zip stores what directory links point to: unless -y/--symlinks stores the links. */
export function zipFollowsDirectoryLinks(args: readonly string[]): boolean {
  return zipOperation(args).followsLinks;
}
