import type { ConfigWarning } from '../../application/ports/configSource.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import { LOOPBACK_POLICIES, PRIVATE_POLICIES } from '../../domain/policyConfig.js';
import type { ConfigFileContent } from './configSchema.js';
import { SchemaError } from './configSchema.js';
import { expandConfigPath } from './expandConfigPath.js';
import { MODES, stricterMode } from '../../domain/modes/mode.js';

/** Fields a project may not touch at all: each one could widen what runs or who decides. */
const IGNORED_FIELDS = ['engine', 'disabledRules', 'approvals', 'audit', 'rego', 'http'] as const;

const covers = (pattern: string, name: string): boolean =>
  pattern === name || (pattern.endsWith('*') && name.startsWith(pattern.slice(0, -1)));

/**
 * A project file is untrusted (it arrives with the repository the agent works on), so it may
 * only tighten: add ask/block rules, protected paths and roots, shorten allow-lists, lower
 * limits. Everything else is dropped and reported by name as `config.loosening_ignored`.
 */
export function applyProjectLayer(
  base: PolicyConfig,
  file: ConfigFileContent,
  filePath: string,
  home: string,
  baseDir: string,
): { config: PolicyConfig; warnings: ConfigWarning[] } {
  const warnings: ConfigWarning[] = [];
  const warn = (field: string, message: string): void => {
    warnings.push({ code: 'config.loosening_ignored', file: filePath, field, message });
  };
  const config: PolicyConfig = structuredClone(base);

  for (const field of IGNORED_FIELDS) {
    if (file[field] !== undefined) warn(field, `a project cannot set \`${field}\`; ignored`);
  }
  // Named on its own: a repository that names a ship target would receive every command's record.
  if (file.audit?.ship !== undefined)
    warn('audit.ship', 'a project cannot add or change ship targets (user or managed config only); ignored');
  if (file.nested === 'passthrough') warn('nested', 'a project cannot let nested shells pass unreviewed; ignored');
  // `strict` only refuses more; `structured` under a strict user config would widen it.
  if (file.syntax === 'strict') config.syntax = 'strict';
  else if (file.syntax === 'structured' && config.syntax === 'strict')
    warn('syntax', 'a project cannot relax `syntax` from strict; ignored');

  // Mode: only toward plan. The project's mode becomes a ceiling every launch in it obeys.
  if (file.mode !== undefined) {
    const current = config.modeCeiling ?? config.mode ?? 'default';
    if (MODES.indexOf(file.mode) > MODES.indexOf(config.mode ?? 'default'))
      warn(
        'mode',
        `a project can only move the mode toward plan (now ${config.mode ?? 'default'}); '${file.mode}' ignored`,
      );
    else config.modeCeiling = stricterMode(current, file.mode);
  }

  const knownIds = new Set(config.rules.map((r) => r.id));
  file.rules?.forEach((rule, i) => {
    if (rule.decision === 'allow')
      return warn(`rules[${i}]`, `a project cannot add allow rules; rule '${rule.id}' ignored`);
    if (knownIds.has(rule.id))
      throw new SchemaError(`rules[${i}].id`, `rule id '${rule.id}' is already defined by an earlier config layer`);
    knownIds.add(rule.id);
    const cwd = rule.cwd === undefined ? undefined : expandConfigPath(rule.cwd, home, baseDir);
    if (rule.cwd !== undefined && cwd === undefined)
      throw new SchemaError(`rules[${i}].cwd`, 'a `~user` path is not accepted');
    config.rules.push({ ...rule, ...(cwd !== undefined ? { cwd } : {}), layer: 'project' });
  });

  const addPaths = (list: string[] | undefined, field: 'protectedPaths' | 'roots'): void => {
    list?.forEach((p, i) => {
      const expanded = expandConfigPath(p, home, baseDir);
      if (expanded === undefined) throw new SchemaError(`${field}[${i}]`, 'a `~user` path is not accepted');
      if (!config[field].includes(expanded)) config[field].push(expanded);
    });
  };
  addPaths(file.protectedPaths, 'protectedPaths');
  addPaths(file.roots, 'roots');

  // Allow-lists: the project's list can only remove entries (intersection); additions are reported.
  const narrow = (current: string[], wanted: string[] | undefined, field: string, wildcards: boolean): string[] => {
    if (wanted === undefined) return current;
    const kept: string[] = [];
    wanted.forEach((entry, i) => {
      const ok = wildcards ? current.some((c) => covers(c, entry)) : current.includes(entry);
      if (!ok) warn(`${field}[${i}]`, `a project cannot add '${entry}' to \`${field}\`; ignored`);
      else if (!kept.includes(entry)) kept.push(entry);
    });
    return kept;
  };
  config.urls.allowSchemes = narrow(config.urls.allowSchemes, file.urls?.allowSchemes, 'urls.allowSchemes', false);
  config.urls.allowHosts = narrow(config.urls.allowHosts, file.urls?.allowHosts, 'urls.allowHosts', false);
  // Loopback and private-address policies: a project may move them only towards `block`.
  const stricter = <T extends string>(order: readonly T[], current: T, wanted: T | undefined, field: string): T => {
    if (wanted === undefined || order.indexOf(wanted) >= order.indexOf(current)) return wanted ?? current;
    warn(field, `a project cannot relax \`${field}\` from "${current}" to "${wanted}"; ignored`);
    return current;
  };
  config.urls.loopback = stricter(LOOPBACK_POLICIES, config.urls.loopback, file.urls?.loopback, 'urls.loopback');
  config.urls.private = stricter(PRIVATE_POLICIES, config.urls.private, file.urls?.private, 'urls.private');
  config.execution.envAllow = narrow(config.execution.envAllow, file.execution?.envAllow, 'execution.envAllow', true);

  // Limits: only lower.
  for (const key of ['timeoutSeconds', 'graceSeconds', 'maxOutputBytes'] as const) {
    const wanted = file.execution?.[key];
    if (wanted === undefined) continue;
    if (wanted <= config.execution[key]) config.execution[key] = wanted;
    else
      warn(
        `execution.${key}`,
        `a project can only lower \`execution.${key}\` (now ${config.execution[key]}); ${wanted} ignored`,
      );
  }
  return { config, warnings };
}
