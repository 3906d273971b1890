import { lstatSync } from 'node:fs';
import { sep } from 'node:path';
import type { AgentChange } from '../../application/config/agentChange.js';
import { findAgentChange } from '../../application/config/agentChange.js';
import type { ConfigFailure } from '../../application/config/configFailure.js';
import { configRecovery } from '../../application/config/configFailure.js';
import { auditLinesNewestFirst } from '../audit/readLinesBackward.js';
import type { StatePaths } from '../paths/statePaths.js';
import { createConfigSource } from './createConfigSource.js';

export interface ConfigFileReport {
  file: string;
  layer: 'managed' | 'user' | 'project';
  /** Last inode change (create, write, rename, chmod), ISO; absent when the file cannot be stat'ed. */
  changedAt?: string;
  /** Evidence from the audit log that an agent was running when it changed (project files only). */
  agentChange?: AgentChange;
}

export interface ConfigReport {
  cwd: string;
  state: 'ok' | 'invalid' | 'unreadable';
  /** When not ok: what is wrong and how to get out (the same text the block line gives). */
  failure?: { file: string; field?: string; message: string; recovery: string };
  files: ConfigFileReport[];
  /** `config.loosening_ignored` findings: what a project tried and was refused. */
  ignored: number;
}

function changedAt(file: string): number | undefined {
  try {
    return lstatSync(file).ctimeMs;
  } catch {
    return undefined;
  }
}

/** Never throws: a log that cannot be read gives no evidence (and says nothing false). */
function evidence(paths: StatePaths, changedMs: number): AgentChange | undefined {
  try {
    return findAgentChange(changedMs, auditLinesNewestFirst(paths.auditLog));
  } catch {
    return undefined;
  }
}

/** The audit log's evidence that an agent changed `file` (lstat: a link is judged as the link). */
export function agentChangeFor(paths: StatePaths, file: string): AgentChange | undefined {
  const ms = changedAt(file);
  return ms === undefined ? undefined : evidence(paths, ms);
}

/**
 * The config as the review sees it in `cwd`, for `status`, `doctor` and `config quarantine`:
 * off the interception path (it reads the audit log, which no review should pay for).
 */
export function configReport(paths: StatePaths, cwd: string): ConfigReport {
  const outcome = createConfigSource(paths).load(cwd);
  const layerOf = (file: string): 'managed' | 'user' | 'project' =>
    file === paths.managedConfig ? 'managed' : file.startsWith(paths.configDir + sep) ? 'user' : 'project';
  const files = outcome.kind === 'ok' ? [...outcome.sources] : outcome.file.startsWith('/') ? [outcome.file] : [];
  const report: ConfigReport = {
    cwd,
    state: outcome.kind,
    files: files.map((file) => {
      const layer = outcome.kind === 'ok' ? layerOf(file) : (outcome.layer ?? layerOf(file));
      const ms = changedAt(file);
      const entry: ConfigFileReport = { file, layer };
      if (ms !== undefined) entry.changedAt = new Date(ms).toISOString();
      if (ms !== undefined && layer === 'project') {
        const found = evidence(paths, ms);
        if (found) entry.agentChange = found;
      }
      return entry;
    }),
    ignored: outcome.kind === 'ok' ? outcome.warnings.length : 0,
  };
  if (outcome.kind !== 'ok') {
    const failure = outcome as ConfigFailure;
    report.failure = {
      file: failure.file,
      ...(failure.kind === 'invalid' ? { field: failure.field } : {}),
      message: failure.message,
      recovery: configRecovery(failure),
    };
  }
  return report;
}
