import type { PathArg } from '../paths/judgePaths.js';
import { hasFlag, positionals } from './argView.js';
import { sshPathArgs } from './sshArgs.js';
import { landingPaths } from './copyLanding.js';
import { httpClientOptions } from './httpClientOptions.js';
import { sedOptions } from './sedScript.js';
import { gitPathArgs } from './gitPathArgs.js';

const READS = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'most', 'wc', 'nl', 'tac', 'rev', 'sort', 'uniq', 'cut', 'diff', 'cmp', 'comm', 'md5sum',
  'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'base64', 'xxd', 'od', 'hexdump', 'strings',
  'column', 'fold', 'fmt', 'paste', 'join', 'file', 'stat', 'du', 'ls', 'tree', 'realpath', 'readlink', 'source', '.', 'bat',
  'zcat', 'bzcat', 'xzcat', 'iconv', 'tsort', 'look', 'vi', 'vim', 'nvim', 'view', 'nano', 'emacs', 'ed', 'pico', 'split', 'csplit',
  'openssl', 'gpg', 'scp', 'rsync', 'zip', 'gzip', 'bzip2', 'xz', 'zstd', 'tar', 'unzip', 'basename', 'dirname',
]);
/** Commands whose first positional is a pattern or program, not a file. */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'jq', 'zgrep', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed']);
const WRITES_ALL = new Set(['touch', 'mkdir', 'tee', 'truncate']);
const COPY_LIKE = new Set(['cp', 'mv', 'install', 'ln']);
const DELETES = new Set(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'wipe']);
const MODE_FIRST = new Set(['chmod', 'chown', 'chgrp']);
/** Show names, sizes, modes and link targets, never contents: `ls -la .env` reads no secret. */
const METADATA_ONLY = new Set(['ls', 'stat', 'realpath', 'readlink', 'basename', 'dirname']);
/** Arguments are text to print or compare, never files. */
const DATA_ONLY = new Set(['echo', 'printf', 'true', 'false', ':', 'test', '[', 'expr', 'seq', 'sleep', 'yes', 'let', 'type', 'which', 'whereis', 'hash', 'command', 'help']);

/** Whether this command reads or writes whole trees below its path arguments. */
function isRecursive(name: string, args: readonly string[]): boolean {
  switch (name) {
    case 'rg': case 'ag': case 'tar': case 'zip': case 'tree': case 'du': return name !== 'zip' || hasFlag(args, 'r', '--recurse-paths');
    case 'cp': case 'scp': return hasFlag(args, 'rRa', '--recursive', '--archive');
    case 'grep': case 'egrep': case 'fgrep': case 'zgrep': return hasFlag(args, 'rR', '--recursive', '--dereference-recursive');
    case 'rsync': return hasFlag(args, 'ra', '--recursive', '--archive');
    case 'chmod': case 'chown': case 'chgrp': return hasFlag(args, 'R', '--recursive');
    default: return false;
  }
}

/** Looks enough like a path to be worth resolving: names a directory, a dotfile, or home. */
export function looksLikePath(word: string): boolean {
  return word.includes('/') || word.startsWith('.') || word.startsWith('~');
}

const GLOB_OPTIONS = new Set(['--include', '--exclude', '--exclude-dir', '--iglob', '--glob']);

function optionValuePaths(args: readonly string[]): PathArg[] {
  const out: PathArg[] = [];
  for (const a of args) {
    if (!a.startsWith('-')) continue;
    const eq = a.indexOf('=');
    // `--exclude=.env` names a glob to skip, not a file to open.
    if (eq > 0 && looksLikePath(a.slice(eq + 1)) && !GLOB_OPTIONS.has(a.slice(0, eq))) out.push({ raw: a.slice(eq + 1), access: 'mention' });
  }
  return out;
}

/** Which arguments are paths for this command, and how the command uses them. */
export function pathArgsFor(name: string, args: readonly string[]): PathArg[] {
  if (DATA_ONLY.has(name)) return [];
  if (name === 'ssh' || name === 'scp' || name === 'sftp') return sshPathArgs(name, args);
  const pos = positionals(args);
  const out: PathArg[] = optionValuePaths(args);
  const tree = isRecursive(name, args);
  const add = (raw: string, access: PathArg['access'], recursive?: boolean): void => {
    out.push(recursive || (tree && access !== 'mention') ? { raw, access, recursive: true } : { raw, access });
  };
  if (DELETES.has(name)) {
    const recursive = name === 'rm' && hasFlag(args, 'rR', '--recursive');
    for (const p of pos) add(p, 'delete', recursive);
    return out;
  }
  if (WRITES_ALL.has(name)) { for (const p of pos) add(p, 'write'); return out; }
  if (COPY_LIKE.has(name)) {
    const target = valueOf(args, '-t', '--target-directory');
    const dest = target ?? pos[pos.length - 1];
    const sources = target ? pos : pos.slice(0, -1);
    // `mv` moves whole trees; `cp -r` reads them (the destination is written as one path).
    for (const s of sources) add(s, name === 'mv' ? 'delete' : 'read', name === 'mv');
    if (dest !== undefined) {
      out.push({ raw: dest, access: 'write' });
      const contentsOnly = hasFlag(args, 'T', '--no-target-directory');
      out.push(...landingPaths(sources, dest, { wholeTree: name === 'mv' || tree, contentsOnly }));
    }
    return out;
  }
  if (MODE_FIRST.has(name)) { for (const p of pos.slice(1)) add(p, 'write'); return out; }
  if (name === 'dd') {
    for (const a of args) {
      if (a.startsWith('if=')) add(a.slice(3), 'read');
      else if (a.startsWith('of=')) add(a.slice(3), 'write');
    }
    return out;
  }
  if (name === 'sed' || name === 'gsed') {
    const o = sedOptions(args);
    for (const p of o.files) add(p, o.inPlace ? 'write' : 'read');
    return out;
  }
  if (PATTERN_FIRST.has(name)) {
    const patternGiven = args.some((a) => a === '-e' || a === '-f' || a === '--regexp' || a.startsWith('--regexp=') || a === '--file');
    const files = patternGiven ? pos : pos.slice(1);
    if (!patternGiven && pos[0] !== undefined && looksLikePath(pos[0])) add(pos[0], 'mention');
    for (const p of files) add(p, 'read');
    return out;
  }
  if (name === 'curl' || name === 'wget') return out.concat(httpClientOptions(name, args).paths);
  if (name === 'find') {
    const roots: string[] = [];
    for (const a of args) { if (a.startsWith('-') || a === '(' || a === '!') break; roots.push(a); }
    const del = args.includes('-delete');
    for (const r of roots.length ? roots : ['.']) add(r, del ? 'delete' : 'read', del || undefined);
    for (let i = 0; i < args.length; i++) if (/^-f(print0?|printf|ls)$/.test(args[i]!) && args[i + 1]) add(args[i + 1]!, 'write');
    return out;
  }
  if (METADATA_ONLY.has(name)) return out;
  if (name === 'git') return out.concat(gitPathArgs(args));
  if (READS.has(name)) { for (const p of pos) add(p, 'read'); return out; }
  for (const p of pos) if (looksLikePath(p)) add(p, 'mention');
  return out;
}

function valueOf(args: readonly string[], short: string, long: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === short || a === long) return args[i + 1];
    if (a.startsWith(long + '=')) return a.slice(long.length + 1);
  }
  return undefined;
}
