import { dirname } from 'node:path';
import { applyManagedLayer } from './applyManagedLayer.js';
import type { ConfigOutcome, ConfigSource, ConfigWarning } from '../../application/ports/configSource.js';
import { defaultConfig } from '../../domain/defaultConfig.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { StatePaths } from '../paths/statePaths.js';
import { applyProjectLayer } from './applyProjectLayer.js';
import { applyUserLayer } from './applyUserLayer.js';
import { PROJECT_CONFIG_FILES, USER_CONFIG_FILES, projectSearchDirs } from './configFiles.js';
import type { ConfigFileContent } from './configSchema.js';
import { SchemaError } from './configSchema.js';
import { findManaged, findOne, isFailure, refusedCodeConfig } from './findConfigFile.js';
import { sinkCredentialSpellings } from './sinkCredentialFiles.js';
import { errorMessage } from '../../application/shimctlError.js';

/**
 * Defaults, the user's file, the managed file: the trusted layers, with no project. What the
 * shipper reads its targets from (`audit.ship` is never a project's to set). Throws only on a bug.
 */
export function loadTrustedConfig(paths: StatePaths): ConfigOutcome {
  let config: PolicyConfig = defaultConfig();
  const sources: string[] = [];
  const warnings: ConfigWarning[] = [];
  const ruleSources: Record<string, string> = {};
  // Files whose audit.ship holds a sink's credentials: read-protected by the review. The user's
  // counts even when the managed file's audit.ship replaces it: the secret is still on disk.
  const sinkCredentialFiles: string[] = [];
  const user = findOne(paths.configDir, USER_CONFIG_FILES);
  if (isFailure(user)) return { ...user, layer: 'user' };
  if (user) {
    try {
      config = applyUserLayer(config, user.content, paths.home, user.file);
    } catch (err) {
      if (err instanceof SchemaError)
        return { kind: 'invalid', file: user.file, field: err.field, message: err.message, layer: 'user' };
      throw err;
    }
    sources.push(user.file);
    for (const r of config.rules) ruleSources[r.id] = user.file;
    sinkCredentialFiles.push(...sinkCredentialSpellings(user.file, user.content));
  }
  if (paths.managedConfig) {
    const managed = findManaged(paths.managedConfig);
    if (isFailure(managed)) return { ...managed, layer: 'managed' };
    if (managed) {
      try {
        const applied = applyManagedLayer(config, managed.content, managed.file, paths.home);
        for (const r of applied.config.rules) ruleSources[r.id] ??= managed.file;
        config = applied.config;
        warnings.push(...applied.warnings);
      } catch (err) {
        if (err instanceof SchemaError)
          return { kind: 'invalid', file: managed.file, field: err.field, message: err.message, layer: 'managed' };
        throw err;
      }
      sources.push(managed.file);
      sinkCredentialFiles.push(...sinkCredentialSpellings(managed.file, managed.content));
    }
  }
  if (sinkCredentialFiles.length > 0) config = { ...config, sinkCredentialFiles };
  return { kind: 'ok', config, sources, warnings, ruleSources };
}

function load(paths: StatePaths, cwd: string): ConfigOutcome {
  const trusted = loadTrustedConfig(paths);
  if (trusted.kind !== 'ok') return trusted;
  let { config } = trusted;
  const { sources, warnings } = trusted;
  const ruleSources = trusted.ruleSources ?? {};
  const found: Array<{ file: string; content: ConfigFileContent }> = [];
  const searched = projectSearchDirs(cwd, paths.home);
  for (const dir of searched) {
    const refused = refusedCodeConfig(dir);
    if (refused) return { ...refused, layer: 'project' };
    const one = findOne(dir, PROJECT_CONFIG_FILES);
    if (isFailure(one)) return { ...one, layer: 'project' };
    if (one) found.push(one);
  }
  // Outermost first, so a nested project's rules come after its parent's.
  for (const { file, content } of found.reverse()) {
    try {
      const applied = applyProjectLayer(config, content, file, paths.home, dirname(file));
      for (const r of applied.config.rules) ruleSources[r.id] ??= file;
      config = applied.config;
      warnings.push(...applied.warnings);
    } catch (err) {
      if (err instanceof SchemaError)
        return { kind: 'invalid', file, field: err.field, message: err.message, layer: 'project' };
      throw err;
    }
    sources.push(file);
  }
  // The review reads the project files of other places a command reaches (P19-F6): these it need not read again.
  config = { ...config, projectDirs: searched };
  return { kind: 'ok', config, sources, warnings, ruleSources };
}

/**
 * Built-in defaults, then the user's file in `paths.configDir`, then project files from `cwd`
 * up to the project root. Never throws: every failure is a named outcome. Results are cached
 * per working directory for the life of this source (one process), never on disk.
 */
export function createConfigSource(paths: StatePaths): ConfigSource {
  const cache = new Map<string, ConfigOutcome>();
  return {
    load(cwd) {
      const hit = cache.get(cwd);
      if (hit) return hit;
      let outcome: ConfigOutcome;
      try {
        outcome = load(paths, cwd);
      } catch (err) {
        outcome = { kind: 'unreadable', file: '(config loader)', message: `unexpected error: ${errorMessage(err)}` };
      }
      cache.set(cwd, outcome);
      return outcome;
    },
  };
}
