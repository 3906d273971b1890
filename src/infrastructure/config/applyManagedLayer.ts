import type { ConfigWarning } from '../../application/ports/configSource.js';
import { stricterMode } from '../../domain/modes/mode.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { ConfigFileContent } from './configSchema.js';
import { SchemaError } from './configSchema.js';
import { expandConfigPath } from './expandConfigPath.js';
import { ruleCwd } from './applyUserLayer.js';

/** What a managed file may set; anything else is reported and ignored (it would only duplicate the user's say). */
const MANAGED_FIELDS = new Set(['rules', 'mode', 'protectedPaths', 'roots', 'audit']);
/** Of `audit`, only the shipping targets: rotation and retention stay the user's. */
const MANAGED_AUDIT_FIELDS = new Set(['ship']);

/**
 * The managed layer (docs/rules.md), applied after the user's file: its rules join the others
 * with `layer: managed` (its ask/block rules are floors nobody outranks), its `mode` is a ceiling
 * for every launch, and its protected paths and roots are added. Its `audit.ship` replaces the
 * user's (a fleet's collector is the admin's to name; the user cannot drop or redirect it).
 */
export function applyManagedLayer(
  base: PolicyConfig,
  file: ConfigFileContent,
  filePath: string,
  home: string,
): { config: PolicyConfig; warnings: ConfigWarning[] } {
  const warnings: ConfigWarning[] = [];
  const config: PolicyConfig = {
    ...base,
    rules: [...base.rules],
    protectedPaths: [...base.protectedPaths],
    roots: [...base.roots],
  };
  for (const key of Object.keys(file)) {
    if (!MANAGED_FIELDS.has(key))
      warnings.push({
        code: 'config.loosening_ignored',
        file: filePath,
        field: key,
        message: `a managed file sets only ${[...MANAGED_FIELDS].join(', ')}; \`${key}\` ignored`,
      });
  }
  for (const key of Object.keys(file.audit ?? {})) {
    if (!MANAGED_AUDIT_FIELDS.has(key))
      warnings.push({
        code: 'config.loosening_ignored',
        file: filePath,
        field: `audit.${key}`,
        message: `a managed file sets only audit.ship; \`audit.${key}\` ignored`,
      });
  }
  if (file.audit?.ship) config.audit = { ...base.audit, ship: file.audit.ship, shipSource: filePath };
  const known = new Set(config.rules.map((r) => r.id));
  file.rules?.forEach((rule, i) => {
    if (known.has(rule.id))
      throw new SchemaError(`rules[${i}].id`, `rule id '${rule.id}' is also defined in the user's config`);
    config.rules.push({
      ...rule,
      ...(rule.cwd !== undefined ? { cwd: ruleCwd(rule.cwd, home, `rules[${i}].cwd`) } : {}),
      layer: 'managed',
    });
  });
  if (file.mode !== undefined)
    config.modeCeiling = config.modeCeiling ? stricterMode(config.modeCeiling, file.mode) : file.mode;
  for (const field of ['protectedPaths', 'roots'] as const) {
    file[field]?.forEach((p, i) => {
      const expanded = expandConfigPath(p, home, undefined);
      if (expanded === undefined)
        throw new SchemaError(`${field}[${i}]`, 'expected an absolute path or one starting with `~/`');
      if (!config[field].includes(expanded)) config[field].push(expanded);
    });
  }
  return { config, warnings };
}
