// Paths whose meaning depends on the process that opens them: /dev/fd/N, /dev/stdin|stdout|stderr,
// /proc/self/…, /proc/thread-self/…, /proc/PID/{cwd,root,fd,map_files,task}/…. The review runs in
// another process, so resolving them with the reviewer's realpath judges the reviewer's fd 3 or cwd,
// not the command's (attack pass 13: `cat /dev/fd/3/.vault-token 3<~`, `cd sub && cat
// /proc/self/cwd/../../.vault-token`). They are never handed to realpath: they are mapped through
// what the review knows of the command (its redirections, its cwd), or reported as unknown, which
// asks. Pure: no host facts.
import { isWithin } from './posixPath.js';

/**
 * The descriptors the command's own redirections (and those of the commands it runs inside) set:
 * fd ⇒ the absolute path the shell opened on it, or `null` for a stream that is not a named file
 * (a duplicate of 0–2, a here-document). An fd not in the map is the agent's (0–2: its standard
 * streams) or unknown (3 and up).
 */
export type FdMap = ReadonlyMap<number, string | null>;

export type ProcessPath =
  /** The path the command really names; judge it like any other path (it may be magic again). */
  | { kind: 'mapped'; path: string }
  /** A standard stream or a descriptor opened on something that is not a named file: no file at all. */
  | { kind: 'stream'; path: string }
  /** Under /proc, but no magic link: judge the path as written, never through the reviewer's /proc/self. */
  | { kind: 'plain'; path: string }
  /** Reaches through a link the review cannot map (another process's cwd, an fd it did not see opened). */
  | { kind: 'unknown'; path: string; why: string; likely?: string };

const MAYBE = /\/(?:dev|proc)(?:\/|$)/;
const NUMBER = /^[0-9]+$/;
/** Named on nearly every command line (`2>/dev/null`, the agents' `< /dev/null`): no walk for them. */
const PLAIN_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/urandom', '/dev/random', '/dev/tty', '/dev/full']);
const STREAMS: Record<string, string> = { stdin: '0', stdout: '1', stderr: '2' };

/** A descriptor `n` reached with `rest` after it. */
function throughFd(n: number, rest: string[], fds: FdMap | undefined, shown: string): ProcessPath {
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const opened = fds?.get(n);
  if (typeof opened === 'string') return { kind: 'mapped', path: opened === '/' ? tail || '/' : `${opened}${tail}` };
  // A stream (the agent's 0–2, a duplicate, a here-document) has nothing below it.
  if ((opened === null || (opened === undefined && n <= 2)) && rest.length === 0)
    return { kind: 'stream', path: shown };
  return {
    kind: 'unknown',
    path: shown,
    why:
      opened === undefined && n > 2
        ? `descriptor ${n} is not opened by this command's redirections`
        : `descriptor ${n} is not a directory this command opened`,
  };
}

/**
 * How the process-dependent prefix of `absPath` (absolute, `..` not yet collapsed) maps, or
 * undefined when the path has none (most paths: one regular-expression test). `cwd` is where the
 * command runs, as the review tracks it.
 */
export function processPath(absPath: string, cwd: string, fds: FdMap | undefined): ProcessPath | undefined {
  if (!MAYBE.test(absPath) || PLAIN_DEVICES.has(absPath)) return undefined;
  const segs = absPath.split('/').filter((s) => s !== '' && s !== '.');
  // The lexical walk, with the kernel's own symlinks of /dev and /proc replaced by their targets,
  // so `..` after them climbs where the kernel climbs (`/dev/fd/../cwd` is /proc/self/cwd).
  let at: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg === '..') {
      // /proc/thread-self is a link to PID/task/TID: its parent is /proc/PID/task, not /proc
      // (`/proc/thread-self/../../cwd` is the command's cwd: attack pass 17).
      if (at.length === 2 && at[0] === 'proc' && at[1] === 'thread-self') at = ['proc', 'self', 'task'];
      else at.pop();
      continue;
    }
    // Built only where a link is reached (most /dev and /proc paths reach none: /dev/null).
    const rest = (): string[] => segs.slice(i + 1);
    // After `seg` is pushed onto `at` (the stream branch builds its own).
    const shown = (): string => `/${[...at, ...segs.slice(i + 1)].join('/')}`;
    if (at.length === 1 && at[0] === 'dev') {
      if (seg === 'fd') {
        at = ['proc', 'self', 'fd'];
        continue;
      }
      if (seg in STREAMS) return throughFd(Number(STREAMS[seg]), rest(), fds, `/dev/${segs.slice(i).join('/')}`);
    }
    if (at.length === 1 && at[0] === 'proc' && seg === 'net') {
      at = ['proc', 'self', 'net'];
      continue;
    }
    at.push(seg);
    if (at[0] !== 'proc' || at.length < 3) continue;
    const [, who, what] = at;
    const self = who === 'self' || who === 'thread-self';
    if (at.length === 3) {
      if (self && what === 'cwd') {
        const r = rest();
        return { kind: 'mapped', path: r.length ? `${cwd}/${r.join('/')}` : cwd };
      }
      if (self && what === 'root') return { kind: 'mapped', path: `/${rest().join('/')}` };
      // Another process's root is `/` unless it is chrooted or in another mount namespace: that
      // spelling is judged too, so a secret under it still blocks.
      if (what === 'root')
        return {
          kind: 'unknown',
          path: shown(),
          why: `it reaches into process ${who}'s files`,
          likely: `/${rest().join('/')}`,
        };
      const r = what === 'cwd' || what === 'task' || what === 'map_files' ? rest() : [];
      if (what === 'cwd' || (what === 'task' && r.length > 1) || (what === 'map_files' && r.length > 0)) {
        return {
          kind: 'unknown',
          path: shown(),
          why: self ? 'it names a thread of the command by number' : `it reaches into process ${who}'s files`,
        };
      }
      continue;
    }
    if (at.length === 4 && what === 'fd') {
      if (!self) return { kind: 'unknown', path: shown(), why: `it reaches into process ${who}'s descriptors` };
      if (NUMBER.test(seg)) return throughFd(Number(seg), rest(), fds, shown());
      return { kind: 'unknown', path: shown(), why: `'${seg}' is not a descriptor number` };
    }
  }
  const lexical = `/${at.join('/')}`;
  return isWithin(lexical, '/proc') ? { kind: 'plain', path: lexical } : undefined;
}

/**
 * The descriptors a command's redirections leave open, in the shell's order (later wins,
 * `4<&3` copies 3), on top of those it inherits. `resolve` makes a target absolute (`~` and the
 * cwd); a target that is itself process-dependent is mapped first, and forgotten when it cannot be.
 */
export function fdsAfterRedirects(
  redirects: ReadonlyArray<{ fd?: number; op: string; target: string; here?: string }>,
  inherited: FdMap | undefined,
  cwd: string,
  resolve: (target: string) => string,
): FdMap | undefined {
  if (redirects.length === 0) return inherited;
  const fds = new Map(inherited ?? []);
  for (const r of redirects) {
    const input = r.op.startsWith('<');
    const n = r.fd ?? (input ? 0 : 1);
    if (r.here !== undefined) {
      fds.set(n, null);
      continue;
    }
    if (r.op === '>&' || r.op === '<&') {
      if (r.target === '-') fds.delete(n);
      else if (NUMBER.test(r.target)) {
        const from = Number(r.target);
        const opened = fds.get(from);
        if (opened !== undefined) fds.set(n, opened);
        else if (from <= 2) fds.set(n, null);
        else fds.delete(n);
      } else {
        // `>&FILE` is `&>FILE`: both streams to the file.
        fds.set(1, resolve(r.target));
        fds.set(2, resolve(r.target));
      }
      continue;
    }
    const abs = resolve(r.target);
    const mapped = processPath(abs, cwd, fds);
    const path = mapped === undefined ? abs : mapped.kind === 'unknown' ? undefined : mapped.path;
    const value = mapped?.kind === 'stream' ? null : path;
    const targets = r.op === '&>' || r.op === '&>>' ? [1, 2] : [n];
    for (const t of targets) {
      if (value === undefined) fds.delete(t);
      else fds.set(t, value);
    }
  }
  return fds;
}
