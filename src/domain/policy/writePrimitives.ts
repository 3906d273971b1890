// Tools that look read-only (or are modelled only as readers) but write files through an option or
// an operand: `rsync SRC DEST`, `gzip FILE` (replaces it), `chmod -x FILE` (a mode
// that looks like an option). Reading them as plain readers let `sort -o …/shims/shim-entry.cjs
// payload.js` take over the gate (issue 12). Tools with an option model (sort, uniq, xxd, iconv,
// openssl, tar, sed, awk, gzip, bzip2, xz, zstd, unzip: toolModels/tools/) are read there only
// (`ownsPaths`), never here.
// Each reader returns the command's path arguments, or undefined when the tool is not one of these.
import { zipOperation } from '../toolModels/tools/zip.js';
import type { PathArg } from '../paths/judgePaths.js';
import { hasFlag, positionals } from './argView.js';

/** Editors and tools that write any file they are given (not modelled option by option). */
const WRITES_OPERANDS_UNMODELLED = new Set([
  'vi',
  'vim',
  'nvim',
  'view',
  'nano',
  'emacs',
  'ed',
  'pico',
  'split',
  'csplit',
  'gpg',
  'patch',
]);
// gzip, bzip2, xz, zstd (and their un- names) are modelled: toolModels/tools/compressors.ts.
const COMPRESSORS = new Set(['lzma', 'lz4']);
const SUFFIX: Readonly<Record<string, string>> = { lzma: '.lzma', lz4: '.lz4' };

/** The file a compressor writes next to its operand: `a` → `a.gz`; decompressing `a.gz` → `a`. */
function siblingOutput(name: string, raw: string, args: readonly string[]): string {
  const suffix = SUFFIX[name];
  const decompress = suffix === undefined || hasFlag(args, 'd', '--decompress', '--uncompress');
  if (!decompress) return `${raw}${suffix}`;
  const m = /\.(?:gz|tgz|z|bz2|tbz2?|xz|txz|lzma|lz4|zst|tzst)$/i.exec(raw);
  return m ? raw.slice(0, m.index) : raw;
}

/** chmod's symbolic and octal modes, including those that look like options (`-x`, `-w`, `-rwx`). */
const CHMOD_MODE = /^(?:[0-7]+|[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+(?:,[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+)*)$/;

/**
 * True when the mode only takes permissions away from group and others and leaves the owner
 * able to read: octal with no set-id/sticky digit, group and other digits 0 and an owner digit
 * of 4 or more (`600`, `0700`, `400`), or symbolic clauses that remove from group and others
 * (`go-rwx`, `-w`), set nothing for them (`go=`), or grant to the owner alone (`u+rw`, `u=rwx`).
 * `644`, `o+r`, `=r` (all, through the umask) and `u+s` widen access; `000` and `u-r` lock the
 * owner out of their own key (review pass of 1 Dec 2026): none of them is narrowing, nor is
 * any clause that copies a class's bits (`go=u`, `o+g`).
 */
export function chmodModeNarrows(mode: string): boolean {
  if (/^[0-7]+$/.test(mode)) return /^0*[4-7]00$/.test(mode.replace(/^0+(?=[0-7]{3})/, '')) && mode.length <= 5;
  return mode.split(',').every((clause) => {
    const m = /^([ugoa]*)((?:[-+=](?:[rwxXst]*|[ugo]))+)$/.exec(clause);
    // A class after the operator is a permission SOURCE (`go=u`, `o+g`, `u=rwx,g=u`): it copies
    // that class's bits, which can widen access (attack pass 7: `chmod go=u ~/.ssh/id_rsa` turns
    // 600 into 666). Never narrowing, so the protected-path write check applies.
    if (!m || /[-+=][ugo]/.test(m[2]!)) return false;
    const owner = m[1] === '' || /[ua]/.test(m[1]!);
    return [...m[2]!.matchAll(/([-+=])([rwxXst]*|[ugo])/g)].every(
      ([, op, perms]) =>
        (op === '-' && !(owner && perms!.includes('r'))) ||
        (op === '=' && perms === '' && !owner) ||
        (m[1] === 'u' && /^[rwxX]*$/.test(perms!)),
    );
  });
}

function chmodPaths(args: readonly string[], recursive: boolean): PathArg[] {
  const out: PathArg[] = [];
  let mode = args.some((a) => a.startsWith('--reference')); // the mode then comes from a file
  let narrows = false;
  let afterDashes = false;
  for (const a of args) {
    if (!afterDashes && a === '--') {
      afterDashes = true;
      continue;
    }
    // `-x`, `-w`, `-rwx`, `-u+x`… : GNU chmod takes a dash word that is a valid mode as the mode.
    if (!afterDashes && a.startsWith('-') && a !== '-' && !(!mode && CHMOD_MODE.test(a))) continue;
    if (!mode) {
      mode = true;
      narrows = chmodModeNarrows(a);
      continue;
    }
    const arg: PathArg = recursive ? { raw: a, access: 'write', recursive: true } : { raw: a, access: 'write' };
    if (narrows) arg.narrowsMode = true;
    out.push(arg);
  }
  return out;
}

export function writePrimitivePaths(name: string, args: readonly string[]): PathArg[] | undefined {
  switch (name) {
    case 'history': {
      // `history -a|-w [FILE]` writes the shell's history (text `history -s` put there) into FILE,
      // `-r|-n [FILE]` reads it (review pass of 1 Dec 2026: `history -w ~/.bashrc` was allowed).
      const flags = args.filter((a) => /^-[anrw]+$/.test(a)).join('');
      if (flags === '') return [];
      const access: PathArg['access'] = /[aw]/.test(flags) ? 'write' : 'read';
      return args.filter((a) => !a.startsWith('-')).map((raw): PathArg => ({ raw, access }));
    }
    case 'chmod':
      return chmodPaths(args, hasFlag(args, 'R', '--recursive'));
    case 'mkfifo':
    case 'mknod':
      return positionals(args)
        .slice(0, name === 'mknod' ? 1 : undefined)
        .map((raw) => ({ raw, access: 'write' }));
    case 'zip': {
      // `zip OUT.zip FILES`: the archive is written (-m deletes the sources: judged for self-protection).
      // `-r`/`-R` store whole trees: read recursively, so a protected file below one is found.
      // `-m`/`--move` deletes what it stored (attack pass 4: `zip -rm x.zip /`).
      const { recursive: tree, removes: moves, patterns } = zipOperation(args);
      const access: PathArg['access'] = moves ? 'delete' : 'read';
      const [archive, ...stored] = positionals(args);
      // `-R` takes patterns, matched in every directory below the cwd (attack pass 18, F7:
      // `zip -R s.zip '*'` stored the whole tree, `.env` among it): the tree is the cwd.
      const roots = patterns && stored.length > 0 ? ['.'] : stored;
      return [
        ...(archive === undefined ? [] : [{ raw: archive, access: 'write' } as PathArg]),
        ...roots.map(
          (raw): PathArg =>
            tree ? { raw, access, unmodelled: true, recursive: true } : { raw, access, unmodelled: true },
        ),
      ];
    }
    case 'rsync': {
      // `-e CMD`/`--rsh CMD` is a remote shell (escapeHatches reviews it as a command), not a file.
      const pos = positionals(
        args.filter((a, i) => a !== '-e' && a !== '--rsh' && args[i - 1] !== '-e' && args[i - 1] !== '--rsh'),
      );
      const tree = hasFlag(args, 'ra', '--recursive', '--archive');
      return pos.map((raw, i): PathArg => {
        const access =
          i === pos.length - 1 && pos.length > 1
            ? 'write'
            : hasFlag(args, '', '--remove-source-files')
              ? 'delete'
              : 'read';
        return tree ? { raw, access, recursive: true } : { raw, access };
      });
    }
    default:
      if (COMPRESSORS.has(name)) {
        // Compresses or decompresses in place: the original is deleted and FILE.gz (or FILE) written,
        // unless it writes to stdout, keeps the original, or only lists/tests.
        // `gzip -r DIR` (lz4 too) walks the tree: every file below is read (and replaced).
        const tree = hasFlag(args, 'r', '--recursive');
        const arg = (raw: string, access: PathArg['access']): PathArg =>
          tree ? { raw, access, recursive: true } : { raw, access };
        if (hasFlag(args, 'clt', '--stdout', '--to-stdout', '--list', '--test'))
          return positionals(args).map((raw): PathArg => arg(raw, 'read'));
        const keep = hasFlag(args, 'k', '--keep');
        return positionals(args).flatMap((raw): PathArg[] => [
          arg(raw, keep ? 'read' : 'delete'),
          { raw: siblingOutput(name, raw, args), access: 'write' },
        ]);
      }
      if (WRITES_OPERANDS_UNMODELLED.has(name))
        return positionals(args).map((raw) => ({ raw, access: 'read', unmodelled: true }));
      return undefined;
  }
}
