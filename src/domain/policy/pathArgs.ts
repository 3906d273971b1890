import type { PathArg } from '../paths/judgePaths.js';
import { hasFlag, isLongFlag, positionals } from './argView.js';
import { matchLongOption } from './longOption.js';
import { sshPathArgs } from './sshArgs.js';
import { landingPaths } from './copyLanding.js';
import { copyOperands } from './copyOperands.js';
import { httpClientOptions } from './httpClientOptions.js';
import { gitPathArgs } from '../toolModels/tools/git/pathArgs.js';
import { looksLikePath } from './looksLikePath.js';
import { writePrimitivePaths } from './writePrimitives.js';
import { MODEL_BY_COMMAND } from '../toolModels/registry.js';

const READS = new Set([
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'most',
  'wc',
  'nl',
  'tac',
  'rev',
  'cut',
  'diff',
  'cmp',
  'comm',
  'md5sum',
  'sha1sum',
  'sha224sum',
  'sha256sum',
  'sha384sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'base64',
  'od',
  'hexdump',
  'strings',
  'column',
  'fold',
  'fmt',
  'paste',
  'join',
  'file',
  'stat',
  'du',
  'ls',
  'tree',
  'realpath',
  'readlink',
  'source',
  '.',
  'bat',
  'zcat',
  'bzcat',
  'xzcat',
  'tsort',
  'look',
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
  'scp',
  'rsync',
  'zip',
  'unzip',
  'basename',
  'dirname',
]);
/** Commands whose first positional is a pattern or program, not a file. */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'jq', 'zgrep']);
const COPY_LIKE = new Set(['cp', 'mv', 'install', 'ln', 'link']);
// rm, rmdir, unlink, mkdir, touch, tee and truncate: their option models read their paths (toolModels/tools/makeRemove.ts).
const DELETES = new Set(['shred', 'srm', 'wipe']);
const MODE_FIRST = new Set(['chmod', 'chown', 'chgrp']);
/** Show names, sizes, modes and link targets, never contents: `ls -la .env` reads no secret. */
const METADATA_ONLY = new Set(['ls', 'stat', 'realpath', 'readlink', 'basename', 'dirname']);
/** Arguments are text to print or compare, never files. */
const DATA_ONLY = new Set([
  'echo',
  'printf',
  'true',
  'false',
  ':',
  'test',
  '[',
  'expr',
  'seq',
  'sleep',
  'yes',
  'let',
  'type',
  'which',
  'whereis',
  'hash',
  'command',
  'help',
]);

/** Whether this command reads or writes whole trees below its path arguments. */
function isRecursive(name: string, args: readonly string[]): boolean {
  switch (name) {
    case 'rg':
    case 'ag':
    case 'zip':
    case 'tree':
    case 'du':
      return name !== 'zip' || hasFlag(args, 'r', '--recurse-paths');
    case 'scp':
      return hasFlag(args, 'rRa', '--recursive', '--archive');
    case 'grep':
    case 'egrep':
    case 'fgrep':
    case 'zgrep':
      return grepIsRecursive(args);
    case 'rsync':
      return hasFlag(args, 'ra', '--recursive', '--archive');
    case 'chmod':
    case 'chown':
    case 'chgrp':
      return hasFlag(args, 'R', '--recursive');
    default:
      return false;
  }
}

const GREP_FAMILY = new Set(['grep', 'egrep', 'fgrep', 'zgrep']);
/** GNU grep's long options (grep.c), so abbreviations resolve as grep resolves them. */
const GREP_LONGS = [
  '--basic-regexp',
  '--extended-regexp',
  '--fixed-regexp',
  '--fixed-strings',
  '--perl-regexp',
  '--after-context',
  '--before-context',
  '--binary-files',
  '--byte-offset',
  '--context',
  '--color',
  '--colour',
  '--count',
  '--devices',
  '--directories',
  '--dereference-recursive',
  '--exclude',
  '--exclude-from',
  '--exclude-dir',
  '--file',
  '--files-with-matches',
  '--files-without-match',
  '--group-separator',
  '--help',
  '--include',
  '--ignore-case',
  '--no-ignore-case',
  '--initial-tab',
  '--label',
  '--line-buffered',
  '--line-number',
  '--line-regexp',
  '--max-count',
  '--no-filename',
  '--no-group-separator',
  '--no-messages',
  '--null',
  '--null-data',
  '--only-matching',
  '--quiet',
  '--recursive',
  '--regexp',
  '--invert-match',
  '--silent',
  '--text',
  '--binary',
  '--unix-byte-offsets',
  '--version',
  '--with-filename',
  '--word-regexp',
];
/** Long options whose value is the next word when not attached with `=`. */
const GREP_LONG_VALUES = new Set([
  '--after-context',
  '--before-context',
  '--binary-files',
  '--context',
  '--devices',
  '--directories',
  '--exclude',
  '--exclude-from',
  '--exclude-dir',
  '--file',
  '--group-separator',
  '--include',
  '--label',
  '--max-count',
  '--regexp',
]);
/** Short options that take a value, attached (`-m5`) or as the next word (`-m 5`). */
const GREP_SHORT_VALUES = 'ABCDXdefm';

/** `-d ACTION`/`--directories=ACTION`: grep's argmatch takes any unambiguous prefix of `recurse`. */
function isRecurseAction(value: string | undefined): boolean {
  return value !== undefined && value.length > 0 && 'recurse'.startsWith(value);
}

/**
 * Whether a grep command line searches directories recursively: `-r`/`-R` (alone or in a cluster
 * such as `-rn`), `-d recurse`/`-drecurse` (the action abbreviated too), `--directories[=]recurse`,
 * and `--recursive`/`--dereference-recursive`/`--directories` abbreviated. Erring strict: any
 * letter cluster holding `r` or `R` counts, even where getopt would read it as another option's value.
 */
export function grepIsRecursive(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return false;
    if (a.startsWith('--')) {
      if (isLongFlag(a, '--recursive') || isLongFlag(a, '--dereference-recursive')) return true;
      if (isLongFlag(a, '--directories')) {
        const eq = a.indexOf('=');
        if (isRecurseAction(eq < 0 ? args[i + 1] : a.slice(eq + 1))) return true;
      }
      continue;
    }
    if (a.length < 2 || a[0] !== '-') continue;
    if (/^-[A-Za-z0-9]+$/.test(a) && /[rR]/.test(a)) return true;
    const d = a.indexOf('d');
    if (
      d > 0 &&
      /^-[A-Za-z0-9]*$/.test(a.slice(0, d)) &&
      isRecurseAction(d + 1 < a.length ? a.slice(d + 1) : args[i + 1])
    )
      return true;
  }
  return false;
}

/**
 * grep's operands, with option values set aside (`-d recurse KEY` has the one operand `KEY`,
 * so the search runs in `.`), whether a pattern came from `-e`/`-f`, and the `-f` pattern files.
 */
function grepOperands(args: readonly string[]): { operands: string[]; patternGiven: boolean; patternFiles: string[] } {
  const operands: string[] = [];
  const patternFiles: string[] = [];
  let patternGiven = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const m = matchLongOption(a, GREP_LONGS);
      // Unknown or ambiguous: grep refuses to run; the next word stays an operand (read).
      if (!m || (m.ambiguous && !m.names.every((n) => GREP_LONG_VALUES.has(n)))) continue;
      const name = m.names[0]!;
      if (!GREP_LONG_VALUES.has(name)) continue;
      const value = m.value ?? args[++i];
      if (m.names.some((n) => n === '--regexp' || n === '--file')) patternGiven = true;
      if (value !== undefined && m.names.some((n) => n === '--file' || n === '--exclude-from'))
        patternFiles.push(value);
      continue;
    }
    if (a.length < 2 || a[0] !== '-') {
      operands.push(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      if (!GREP_SHORT_VALUES.includes(letter)) continue;
      const value = k + 1 < a.length ? a.slice(k + 1) : args[++i];
      if (letter === 'e' || letter === 'f') patternGiven = true;
      if (letter === 'f' && value !== undefined) patternFiles.push(value);
      break;
    }
  }
  return { operands, patternGiven, patternFiles };
}

const GLOB_OPTIONS = new Set(['--include', '--exclude', '--exclude-dir', '--iglob', '--glob']);

function optionValuePaths(args: readonly string[]): PathArg[] {
  const out: PathArg[] = [];
  for (const a of args) {
    if (!a.startsWith('-')) continue;
    const eq = a.indexOf('=');
    // `--exclude=.env` names a glob to skip, not a file to open.
    if (eq > 0 && looksLikePath(a.slice(eq + 1)) && !GLOB_OPTIONS.has(a.slice(0, eq)))
      out.push({ raw: a.slice(eq + 1), access: 'mention' });
  }
  return out;
}

/** Which arguments are paths for this command, and how the command uses them. */
export function pathArgsFor(name: string, args: readonly string[]): PathArg[] {
  if (DATA_ONLY.has(name)) return [];
  // A tool whose option model is the only reader of its paths (tar, sed, awk, the compressors):
  // none read here as well.
  if (MODEL_BY_COMMAND.get(name)?.ownsPaths) return optionValuePaths(args);
  if (name === 'ssh' || name === 'scp' || name === 'sftp') return sshPathArgs(name, args);
  const pos = positionals(args);
  const out: PathArg[] = optionValuePaths(args);
  const tree = isRecursive(name, args);
  const add = (raw: string, access: PathArg['access'], recursive?: boolean): void => {
    out.push(recursive || (tree && access !== 'mention') ? { raw, access, recursive: true } : { raw, access });
  };
  if (DELETES.has(name)) {
    for (const p of pos) add(p, 'delete');
    return out;
  }
  if (COPY_LIKE.has(name)) {
    const { sources, targets, contentsOnly, tree, backupSuffix } = copyOperands(name, args);
    const target = targets[targets.length - 1];
    const dest = target ?? sources.pop();
    const add = (raw: string, access: PathArg['access'], recursive?: boolean): void => {
      out.push(recursive || (tree && access !== 'mention') ? { raw, access, recursive: true } : { raw, access });
    };
    // More than one `-t` is refused by coreutils; every one is still judged as a write.
    for (const t of targets.slice(0, -1)) out.push({ raw: t, access: 'write' });
    // `mv` moves whole trees; `cp -r` reads them (the destination is written as one path).
    // A link (hard or symbolic) to a file makes it writable through the link, and a symbolic
    // link to a name that does not exist yet lets a later write create it there: the link's
    // target is judged as a write (attack pass 3: `ln ~/.bashrc k` then `echo … >> k`).
    const linking = name === 'ln' || name === 'link';
    for (const s of sources) add(s, name === 'mv' ? 'delete' : linking ? 'write' : 'read', name === 'mv');
    if (linking && dest !== undefined) out.push(...symlinkTargetsBesideLink(sources, dest, target !== undefined));
    if (dest !== undefined) {
      const landed = landingPaths(sources, dest, { wholeTree: name === 'mv' || tree, contentsOnly });
      out.push({ raw: dest, access: 'write' });
      out.push(...landed);
      // A backup renames what was at each written path to that name plus the suffix, so an agent's
      // own file becomes `.claude/settings.local.json` or `.envrc` (attack pass 10).
      // A destination written with a trailing `/` is a directory, backed up only under -T (mv -T -b d1 d2).
      const renamed =
        dest.endsWith('/') && !contentsOnly ? landed : [{ raw: dest, access: 'write' as const }, ...landed];
      if (backupSuffix !== undefined)
        for (const w of renamed)
          if (w.recursive !== true) out.push({ raw: `${w.raw.replace(/\/+$/, '')}${backupSuffix}`, access: 'write' });
    }
    return out;
  }
  const primitive = writePrimitivePaths(name, args);
  if (primitive) return out.concat(primitive);
  if (MODE_FIRST.has(name)) {
    for (const p of pos.slice(1)) add(p, 'write');
    return out;
  }
  if (name === 'dd') {
    for (const a of args) {
      if (a.startsWith('if=')) add(a.slice(3), 'read');
      else if (a.startsWith('of=')) add(a.slice(3), 'write');
    }
    return out;
  }
  if (GREP_FAMILY.has(name)) {
    const g = grepOperands(args);
    const files = g.patternGiven ? g.operands : g.operands.slice(1);
    if (!g.patternGiven && g.operands[0] !== undefined && looksLikePath(g.operands[0])) add(g.operands[0], 'mention');
    // `-f FILE` and `--exclude-from=FILE` read one file, never a tree.
    for (const p of g.patternFiles) out.push({ raw: p, access: 'read' });
    for (const p of files) add(p, 'read');
    return out;
  }
  if (PATTERN_FIRST.has(name)) {
    const patternGiven = args.some(
      (a) => a === '-e' || a === '-f' || a === '--regexp' || a.startsWith('--regexp=') || a === '--file',
    );
    const files = patternGiven ? pos : pos.slice(1);
    if (!patternGiven && pos[0] !== undefined && looksLikePath(pos[0])) add(pos[0], 'mention');
    for (const p of files) add(p, 'read');
    return out;
  }
  if (name === 'curl' || name === 'wget') return out.concat(httpClientOptions(name, args).paths);
  if (name === 'find') {
    const roots: string[] = [];
    for (const a of args) {
      if (a.startsWith('-') || a === '(' || a === '!') break;
      roots.push(a);
    }
    const del = args.includes('-delete');
    for (const r of roots.length ? roots : ['.']) add(r, del ? 'delete' : 'read', del || undefined);
    for (let i = 0; i < args.length; i++)
      if (/^-f(print0?|printf|ls)$/.test(args[i]!) && args[i + 1]) add(args[i + 1]!, 'write');
    return out;
  }
  if (METADATA_ONLY.has(name)) return out;
  if (name === 'git') return out.concat(gitPathArgs(args));
  if (READS.has(name)) {
    for (const p of pos) add(p, 'read');
    return out;
  }
  // A tool with no model may write whatever it is given: self-protection judges these as writes.
  for (const p of pos) if (looksLikePath(p)) add(p, 'mention');
  for (const o of out) o.unmodelled = true;
  return out;
}

/**
 * A relative symbolic link target is resolved from the link's own directory, not the cwd
 * (`ln -s ../../.bashrc sub/x` points at the home's .bashrc): judged there too, as a write.
 */
function symlinkTargetsBesideLink(sources: readonly string[], dest: string, destIsDir: boolean): PathArg[] {
  const dir = destIsDir ? dest : dest.includes('/') ? dest.slice(0, dest.lastIndexOf('/')) || '/' : undefined;
  if (dir === undefined) return [];
  return sources
    .filter((s) => !s.startsWith('/') && !s.startsWith('~'))
    .map((s) => ({ raw: `${dir}/${s}`, access: 'write' as const }));
}
