import { existsSync, readFileSync, rmSync, rmdirSync, unlinkSync } from 'node:fs';
import type { StatePaths } from '../paths/statePaths.js';
import { sha256 } from './atomicWrite.js';
import { readManifest } from './manifestStore.js';
import { undoRcEdit } from './rcFiles.js';

export interface UninstallReport {
  removed: string[];
  /** Files left in place because they changed since install, with why. */
  kept: string[];
  problems: string[];
  nothingInstalled: boolean;
}

function removeDirIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty or not there: leave it.
  }
}

/** Removes exactly what the manifest lists (if unchanged) and the marked blocks; `purge` also the audit and state. */
export function uninstall(paths: StatePaths, purge: boolean): UninstallReport {
  const manifest = readManifest(paths.manifest);
  const report: UninstallReport = { removed: [], kept: [], problems: [], nothingInstalled: !manifest };
  if (manifest) {
    for (const f of manifest.files) {
      if (!existsSync(f.path)) continue;
      if (sha256(readFileSync(f.path)) !== f.sha256) {
        report.kept.push(`${f.path} (changed since install; left in place)`);
        continue;
      }
      unlinkSync(f.path);
      report.removed.push(f.path);
    }
    for (const edit of manifest.rcEdits) {
      const problem = undoRcEdit(edit);
      if (problem) report.problems.push(problem);
      else report.removed.push(`shimctl block in ${edit.path}`);
    }
    if (report.kept.length === 0 && report.problems.length === 0) unlinkSync(paths.manifest);
  }
  const dirs = [paths.launcherDir, paths.shimDir, paths.dataDir, ...[...(manifest?.createdDirs ?? [])].reverse()];
  for (const dir of dirs) removeDirIfEmpty(dir);
  if (purge) {
    rmSync(paths.stateDir, { recursive: true, force: true });
    report.removed.push(paths.stateDir);
  }
  return report;
}
