import type { DirEntry } from '../../reviewRequest.js';
import type { PatChar } from './globMatch.js';
import { compileSegment, matchName } from './globMatch.js';

/** Bounds of one review's glob expansion: past them the command is refused, never cut short. */
export const MAX_GLOB_WORDS = 1000;
export const MAX_DIRS_READ = 64;

export type ListDir = (absDir: string) => DirEntry[] | undefined | null;
export interface GlobBudget {
  dirs: number;
  words: number;
}

export type GlobResult = { kind: 'match'; words: string[] } | { kind: 'none' } | { kind: 'refuse'; detail: string };

interface Found {
  abs: string;
  shown: string;
  dir?: boolean;
}

/**
 * Pathname expansion of one word as bash does it by default: component by component from the
 * word's directory (`cwd` for a relative word), matching only directories before the last
 * component, sorted by code point (bash's order in the C and C.UTF-8 locales). `none` means no
 * match: bash then keeps the word as written (no nullglob, no failglob).
 */
export function expandGlob(chars: readonly PatChar[], cwd: string, listDir: ListDir, budget: GlobBudget): GlobResult {
  const segs: PatChar[][] = [[]];
  for (const p of chars) {
    if (p.c === '/') segs.push([]);
    else segs[segs.length - 1]!.push(p);
  }
  let found: Found[];
  if (segs[0]!.length === 0 && segs.length > 1) {
    found = [{ abs: '/', shown: '/', dir: true }];
    segs.shift();
  } else found = [{ abs: cwd, shown: '', dir: true }];
  for (let k = 0; k < segs.length; k++) {
    const seg = segs[k]!;
    const last = k === segs.length - 1;
    if (seg.length === 0) {
      if (!last) return { kind: 'refuse', detail: 'a glob with an empty path component (`//`)' };
      // `*/`: directories only, shown with the slash.
      const dirs: Found[] = [];
      for (const f of found) {
        if (f.dir === undefined) {
          const r = read(f.abs, listDir, budget);
          if (r === null) return { kind: 'refuse', detail: refuseDetail(budget) };
          if (r === undefined) continue;
        } else if (!f.dir) continue;
        dirs.push({ ...f, shown: `${f.shown}/` });
      }
      found = dirs;
      break;
    }
    const compiled = compileSegment(seg);
    if (!compiled.ok) return { kind: 'refuse', detail: compiled.detail };
    const next: Found[] = [];
    if (!compiled.glob) {
      const name = seg.map((p) => p.c).join('');
      for (const f of found) {
        if (!last) {
          next.push({ abs: join(f.abs, name), shown: show(f.shown, name) });
          continue;
        }
        // The last component, taken literally, must exist (a dangling symlink does).
        const entries = read(f.abs, listDir, budget);
        if (entries === null) return { kind: 'refuse', detail: refuseDetail(budget) };
        const hit = entries?.find((e) => e.name === name);
        if (hit) next.push({ abs: join(f.abs, name), shown: show(f.shown, name), dir: hit.dir });
      }
    } else {
      for (const f of found) {
        const entries = read(f.abs, listDir, budget);
        if (entries === null) return { kind: 'refuse', detail: refuseDetail(budget) };
        for (const e of entries ?? []) {
          if (!matchName(compiled.tokens, e.name)) continue;
          if (!last && !e.dir) continue;
          next.push({ abs: join(f.abs, e.name), shown: show(f.shown, e.name), dir: e.dir });
          if (next.length > budget.words)
            return { kind: 'refuse', detail: `it expands to more than ${MAX_GLOB_WORDS} words` };
        }
      }
    }
    found = next;
    if (found.length === 0) return { kind: 'none' };
  }
  if (found.length === 0) return { kind: 'none' };
  budget.words -= found.length;
  if (budget.words < 0) return { kind: 'refuse', detail: `it expands to more than ${MAX_GLOB_WORDS} words` };
  return { kind: 'match', words: found.map((f) => f.shown).sort(byCodePoint) };
}

function read(abs: string, listDir: ListDir, budget: GlobBudget): ReturnType<ListDir> {
  if (budget.dirs <= 0) return null;
  budget.dirs--;
  return listDir(abs);
}

function refuseDetail(budget: GlobBudget): string {
  return budget.dirs <= 0
    ? `it reads more than ${MAX_DIRS_READ} directories`
    : 'a directory holds names the review cannot represent';
}

const join = (dir: string, name: string): string => (dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`);
const show = (shown: string, name: string): string =>
  shown === '' ? name : shown.endsWith('/') ? `${shown}${name}` : `${shown}/${name}`;

/** Code point order: UTF-8 byte order, which is bash's in the C and C.UTF-8 locales. */
export function byCodePoint(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
