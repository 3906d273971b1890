import type { ToolModel } from '../modelTypes.js';
import { parseArgv, usesOption } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

const SHELL = 'tarEscapes.ts (reviewed as shell text)';

/**
 * GNU tar (1.34/1.35): the one home of what shimctl knows about tar's command line.
 *
 * The operation letter changes what the rest means: `-f` names the archive read (`-x`, `-t`,
 * `-d`) or written (`-c`, `-r`, `-u`, `-A`, `--delete`: mode `writes-archive`); the operands are
 * files read as whole trees (`-c`), member names written under the cwd (`-x`: mode `extract`),
 * or deleted after packing (`--remove-files`). `-C DIR` moves the base of the operands after it
 * (`rebases`). The old style `tar cbf 20 out.tar src` is read by `oldStyle` (parseArgv.ts).
 * Programs named in options are reviewed as shell text by tarEscapes.ts, which also asks for
 * extraction (the archive chooses the names) and for `-f HOST:FILE` (rsh/ssh).
 */
export const tarModel: ToolModel = {
  commands: ['tar', 'gtar'],
  oldStyle: true,
  ownsPaths: true,
  options: [
    // Main operation mode.
    opt('-A, --catenate, --concatenate', 'tar -Af base.tar more.tar', 'none', { sets: 'writes-archive' }),
    opt('-c, --create', 'tar -cf out.tar src', 'none', { sets: 'writes-archive' }),
    opt('--delete', 'tar --delete -f a.tar member', 'none', { sets: 'writes-archive' }),
    opt('-r, --append', 'tar -rf a.tar src', 'none', { sets: 'writes-archive' }),
    opt('-u, --update', 'tar -uf a.tar src', 'none', { sets: 'writes-archive' }),
    opt('-x, --extract, --get', 'tar -xf a.tar', 'none', { sets: 'extract' }),
    opt('-t, --list', 'tar -tf a.tar', 'none', { sets: 'lists' }),
    opt('-d, --diff, --compare', 'tar -df a.tar'),
    opt('--test-label', 'tar --test-label -f a.tar'),
    // The archive and where files are found.
    opt('-f, --file=ARCHIVE', 'tar -xf a.tar', 'read', {
      effectWhen: { 'writes-archive': 'write' },
      why: '`HOST:FILE` is an archive on another machine (tarEscapes.ts) unless --force-local',
    }),
    opt('--force-local', 'tar --force-local -xf a:b.tar', 'none', { sets: 'local' }),
    opt('-C, --directory=DIR', 'tar -xf a.tar -C out', 'read', {
      recursive: true,
      rebases: true,
      effectWhen: { extract: 'write' },
      why: 'later operands are relative to it',
    }),
    opt('--add-file=FILE', 'tar -cf out.tar --add-file=-dash', 'read', { asOperand: true }),
    opt('-T, --files-from=FILE', 'tar -cf out.tar -T list.txt', 'list'),
    opt('-X, --exclude-from=FILE', 'tar -cf out.tar -X skip.txt src', 'read', { why: 'its lines come back in errors' }),
    opt('-g, --listed-incremental=FILE', 'tar -cf out.tar -g snap.db src', 'write', {
      why: 'the snapshot file is read and rewritten',
    }),
    opt('--index-file=FILE', 'tar -cvf out.tar --index-file=index.txt src', 'write'),
    opt('--volno-file=FILE', 'tar -cMf out.tar --volno-file=vol.txt src', 'write', {
      why: 'the volume number is written back',
    }),
    opt('--group-map=FILE', 'tar -cf out.tar --group-map=groups.txt src', 'read'),
    opt('--owner-map=FILE', 'tar -cf out.tar --owner-map=owners.txt src', 'read'),
    opt('--one-top-level[=DIR]', 'tar -xf a.tar --one-top-level=out', 'write', { recursive: true }),
    opt('--remove-files', 'tar -cf out.tar --remove-files src', 'none', { sets: 'removes' }),
    opt('-O, --to-stdout', 'tar -xOf a.tar member', 'none', { sets: 'to-stdout' }),
    opt('-P, --absolute-names', 'tar -xPf a.tar', 'none', { sets: 'absolute' }),
    // Programs tar runs.
    opt('--to-command=COMMAND', 'tar -xf a.tar --to-command=cat', 'exec', { reviewedBy: SHELL, runsShell: '' }),
    opt('-I, --use-compress-program=PROG', 'tar -cf out.tar -I zstd src', 'exec', { reviewedBy: SHELL, runsShell: '' }),
    opt('-F, --info-script=NAME, --new-volume-script=NAME', 'tar -cMf out.tar -F next.sh src', 'exec', {
      reviewedBy: SHELL,
      runsShell: '',
    }),
    opt('--rmt-command=COMMAND', 'tar --rmt-command=/usr/sbin/rmt -tf a.tar', 'exec', {
      reviewedBy: SHELL,
      runsShell: '',
    }),
    opt('--rsh-command=COMMAND', 'tar --rsh-command=ssh -tf a.tar', 'exec', { reviewedBy: SHELL, runsShell: '' }),
    opt('--checkpoint-action=ACTION', 'tar -cf out.tar --checkpoint-action=dot src', 'exec', {
      reviewedBy: SHELL,
      runsShell: 'exec=',
      why: 'runs an action at each checkpoint; `exec=CMD` runs CMD',
    }),
    ...plain(
      'tar',
      '-cf out.tar src',
      '--check-device',
      '-G, --incremental',
      '--hole-detection=TYPE',
      '--ignore-failed-read',
      '--level=NUMBER',
      '--no-check-device',
      '--no-seek',
      '-n, --seek',
      '--occurrence[=NUMBER]',
      '--sparse-version=MAJOR',
      '-S, --sparse',
      '--exclude=PATTERN',
      '--exclude-backups',
      '--exclude-caches',
      '--exclude-caches-all',
      '--exclude-caches-under',
      // Names looked up in each directory, not paths: what they exclude is data.
      '--exclude-ignore=FILE',
      '--exclude-ignore-recursive=FILE',
      '--exclude-tag=FILE',
      '--exclude-tag-all=FILE',
      '--exclude-tag-under=FILE',
      '--exclude-vcs',
      '--exclude-vcs-ignores',
      '--no-null',
      '--no-recursion',
      '--no-unquote',
      '--no-verbatim-files-from',
      '--null',
      '--recursion',
      '--unquote',
      '--verbatim-files-from',
      '--anchored',
      '--ignore-case',
      '--no-anchored',
      '--no-ignore-case',
      '--no-wildcards',
      '--no-wildcards-match-slash',
      '--wildcards',
      '--wildcards-match-slash',
      '--keep-directory-symlink',
      '--keep-newer-files',
      '-k, --keep-old-files',
      '--no-overwrite-dir',
      '--overwrite',
      '--overwrite-dir',
      // Extraction is asked as a whole (tarEscapes.ts): these only change how it replaces files.
      '--recursive-unlink',
      '--skip-old-files',
      '-U, --unlink-first',
      '-W, --verify',
      '--ignore-command-error',
      '--no-ignore-command-error',
      '--atime-preserve[=METHOD]',
      '--clamp-mtime',
      '--delay-directory-restore',
      '--group=NAME',
      '--mode=CHANGES',
      // A file named here gives only its modification time.
      '--mtime=DATE-OR-FILE',
      '-m, --touch',
      '--no-delay-directory-restore',
      '--no-same-owner',
      '--no-same-permissions',
      '--numeric-owner',
      '--owner=NAME',
      '-p, --preserve-permissions, --same-permissions',
      '--preserve',
      '--same-owner',
      '--sort=ORDER',
      '-s, --preserve-order, --same-order',
      '--acls',
      '--no-acls',
      '--no-selinux',
      '--no-xattrs',
      '--selinux',
      '--xattrs',
      '--xattrs-exclude=MASK',
      '--xattrs-include=MASK',
      '-L, --tape-length=NUMBER',
      '-M, --multi-volume',
      '-b, --blocking-factor=BLOCKS',
      '-B, --read-full-records',
      '-i, --ignore-zeros',
      '--record-size=NUMBER',
      '-H, --format=FORMAT',
      '--old-archive, --portability',
      '--pax-option=keyword',
      '--posix',
      '-V, --label=TEXT',
      // Compressors tar runs by their fixed names, from PATH like any command.
      '-a, --auto-compress',
      '-j, --bzip2',
      '-J, --xz',
      '--lzip',
      '--lzma',
      '--lzop',
      '--no-auto-compress',
      '--zstd',
      '-z, --gzip, --gunzip, --ungzip',
      '-Z, --compress, --uncompress',
      '--backup[=CONTROL]',
      '--hard-dereference',
      '-h, --dereference',
      '-K, --starting-file=MEMBER-NAME',
      '--newer-mtime=DATE',
      '-N, --newer=DATE-OR-FILE, --after-date=DATE-OR-FILE',
      '--one-file-system',
      '--suffix=STRING',
      '--strip-components=NUMBER',
      '--transform=EXPRESSION, --xform=EXPRESSION',
      '--checkpoint[=NUMBER]',
      '--full-time',
      '-l, --check-links',
      '--no-quote-chars=STRING',
      '--quote-chars=STRING',
      '--quoting-style=STYLE',
      '-R, --block-number',
      '--show-defaults',
      '--show-omitted-dirs',
      '--show-snapshot-field-ranges',
      '--show-transformed-names, --show-stored-names',
      '--totals[=SIGNAL]',
      '--utc',
      '-v, --verbose',
      '--warning=KEYWORD',
      '-w, --interactive, --confirmation',
      '-o',
      '-?, --help',
      '--restrict',
      '--usage',
      '--version',
    ),
  ],
  // Files packed as whole trees; extracted member names land below the cwd (or -C).
  operands: { rest: 'read', recursive: true },
  operandsWhen: { extract: { rest: 'write', recursive: true }, removes: { rest: 'delete', recursive: true } },
};

/** What a tar command line does, in the model's one reading: for the tree check (secretsInTree.ts). */
export function tarOperation(args: readonly string[]): {
  extracts: boolean;
  creates: boolean;
  archives: string[];
  /** -h/--dereference: what links point to is archived, directory links entered. */
  dereferences: boolean;
} {
  const parsed = parseArgv(tarModel, args);
  const archives = parsed.uses.filter((u) => u.option.names.includes('--file')).map((u) => u.values[0] ?? '');
  return {
    extracts: parsed.modes.has('extract'),
    creates: parsed.modes.has('writes-archive'),
    archives,
    dereferences: usesOption(parsed, '--dereference'),
  };
}
