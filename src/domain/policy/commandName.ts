import type { HostFacts } from '../reviewRequest.js';
import { isShellBuiltin } from './shellBuiltins.js';

/** Printable ASCII only: anything else (Unicode look-alikes, zero-width joiners, fullwidth letters) never names a known command. */
const PLAIN_NAME = /^[\x21-\x7e]+$/;

export function isLookalikeName(word: string): boolean {
  return !PLAIN_NAME.test(word);
}

export type Resolution =
  | { kind: 'builtin'; name: string }
  | { kind: 'resolved'; name: string; path: string }
  | { kind: 'not_found'; name: string }
  /** Named by a path that is not the file its basename resolves to on PATH: an unknown program. */
  | { kind: 'path_mismatch'; name: string; path: string; claims: string };

function basename(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  return at < 0 ? trimmed : trimmed.slice(at + 1);
}

function absolute(p: string, cwd: string): string {
  if (p.startsWith('/')) return p;
  return `${cwd.replace(/\/+$/, '')}/${p}`;
}

/**
 * Bare names are shell builtins (bash runs those whatever PATH says) or what PATH resolves.
 * A path is the known command only when it is the same file (device:inode) as that command.
 */
export function resolveCommandWord(word: string, cwd: string, facts: HostFacts, builtinsAvailable = true): Resolution {
  if (!word.includes('/')) {
    // Binary wrappers (`env`, `sudo`, `nice`, ...) exec from PATH: no shell builtins there.
    if (builtinsAvailable && isShellBuiltin(word)) return { kind: 'builtin', name: word };
    const path = facts.resolveCommand(word);
    return path ? { kind: 'resolved', name: word, path } : { kind: 'not_found', name: word };
  }
  const abs = absolute(word, cwd);
  const claims = basename(word);
  const known = claims && !isLookalikeName(claims) ? facts.resolveCommand(claims) : undefined;
  if (known) {
    const a = facts.fileId(abs);
    const b = facts.fileId(known);
    if (a !== undefined && a === b) return { kind: 'resolved', name: claims, path: known };
  }
  return { kind: 'path_mismatch', name: abs, path: abs, claims };
}
