import { accessSync, constants, existsSync, readFileSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import which from 'which';
import type { ManifestRcEdit } from '../../application/install/manifest.js';
import { hasBlock, insertion, posixBlock, removeBlock } from '../../application/install/rcBlock.js';
import { realTarget, writeFileAtomic } from './atomicWrite.js';

export interface RcPlan {
  edits: Array<{ path: string; current: string; inserted: string; created: boolean }>;
  /** Files that already carry the block: nothing to do. */
  unchanged: string[];
}

function onPath(name: string, pathVar: string): boolean {
  return Boolean(which.sync(name, { nothrow: true, path: pathVar }));
}

/**
 * The start-up files to edit: ~/.profile (login shells), ~/.bash_profile only if it exists (bash
 * then skips ~/.profile; never created), ~/.bashrc, and ~/.zshrc if zsh is installed or the file
 * exists. fish gets its own conf.d file, written with the other files.
 */
export function rcTargets(home: string, pathVar: string): string[] {
  const targets = [join(home, '.profile')];
  if (existsSync(join(home, '.bash_profile'))) targets.push(join(home, '.bash_profile'));
  targets.push(join(home, '.bashrc'));
  if (existsSync(join(home, '.zshrc')) || onPath('zsh', pathVar)) targets.push(join(home, '.zshrc'));
  return targets;
}

export function fishPresent(home: string, pathVar: string): boolean {
  return onPath('fish', pathVar) || existsSync(join(home, '.config', 'fish'));
}

/** Reads and checks every file before any is edited; throws naming the first file that cannot be. */
export function planRcEdits(targets: string[], launcherDir: string, shimDir: string): RcPlan {
  const plan: RcPlan = { edits: [], unchanged: [] };
  const block = posixBlock(launcherDir, shimDir);
  for (const path of targets) {
    const real = realTarget(path);
    const created = !existsSync(real);
    const current = created ? '' : readFileSync(real, 'utf8');
    try {
      accessSync(created ? dirname(real) : real, constants.W_OK);
      accessSync(dirname(real), constants.W_OK);
    } catch {
      throw new Error(
        `cannot edit ${path}${real !== path ? ` (-> ${real})` : ''}: not writable. Nothing was changed; use --no-modify-path and add the line yourself`,
      );
    }
    if (hasBlock(current)) {
      plan.unchanged.push(path);
      continue;
    }
    plan.edits.push({ path, current, inserted: insertion(current, block), created });
  }
  return plan;
}

export function applyRcEdits(plan: RcPlan): ManifestRcEdit[] {
  const done: ManifestRcEdit[] = [];
  for (const e of plan.edits) {
    writeFileAtomic(e.path, e.current + e.inserted, e.created ? 0o644 : undefined);
    done.push({ path: e.path, inserted: e.inserted, created: e.created });
  }
  return done;
}

/** Undoes one recorded edit; returns a problem to report, or undefined when clean. */
export function undoRcEdit(edit: ManifestRcEdit): string | undefined {
  const real = realTarget(edit.path);
  if (!existsSync(real)) return undefined;
  const text = readFileSync(real, 'utf8');
  const after = removeBlock(text, edit.inserted);
  if (after === undefined) return `${edit.path}: the shimctl block was not found; nothing removed`;
  if (edit.created && after === '') {
    unlinkSync(real);
    return undefined;
  }
  writeFileAtomic(edit.path, after);
  return undefined;
}
