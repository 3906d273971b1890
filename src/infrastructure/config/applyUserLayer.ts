import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { ConfigFileContent } from './configSchema.js';
import { SchemaError } from './configSchema.js';
import { expandConfigPath } from './expandConfigPath.js';

/** A rule's `cwd` condition with `~` expanded (the glob part is kept as written). */
export function ruleCwd(cwd: string, home: string, field: string): string {
  const expanded = expandConfigPath(cwd, home, undefined);
  if (expanded === undefined) throw new SchemaError(field, 'expected an absolute directory or one starting with `~/`');
  return cwd.endsWith('/**') && !expanded.endsWith('/**') ? `${expanded}/**` : expanded;
}

/**
 * The user's file is trusted: any field overrides the default. Objects merge key by key;
 * arrays replace the default list (so a user can also shorten `envAllow` or `allowSchemes`).
 */
export function applyUserLayer(
  base: PolicyConfig,
  file: ConfigFileContent,
  home: string,
  filePath?: string,
): PolicyConfig {
  const paths = (list: string[] | undefined, field: string): string[] | undefined =>
    list?.map((p, i) => {
      const expanded = expandConfigPath(p, home, undefined);
      if (expanded === undefined)
        throw new SchemaError(`${field}[${i}]`, 'expected an absolute path or one starting with `~/`');
      return expanded;
    });
  // `**/.secrets/**` names a directory wherever it is: kept as written (it has no anchor to resolve against).
  const patterns = (list: string[] | undefined): string[] | undefined => {
    const anchored = paths(
      list?.map((p) => (p.startsWith('**/') ? '/' : p)),
      'protectedPaths',
    );
    return anchored?.map((p, i) => (list![i]!.startsWith('**/') ? list![i]! : p));
  };
  return {
    engine: file.engine ?? base.engine,
    rules: file.rules
      ? file.rules.map((r, i) => ({
          ...r,
          ...(r.cwd !== undefined ? { cwd: ruleCwd(r.cwd, home, `rules[${i}].cwd`) } : {}),
          layer: 'user' as const,
        }))
      : base.rules,
    protectedPaths: patterns(file.protectedPaths) ?? base.protectedPaths,
    roots: paths(file.roots, 'roots') ?? base.roots,
    disabledRules: file.disabledRules ?? base.disabledRules,
    urls: { ...base.urls, ...file.urls },
    approvals: { ...base.approvals, ...file.approvals },
    http: { ...base.http, ...file.http },
    execution: { ...base.execution, ...file.execution },
    audit: { ...base.audit, ...file.audit, ...(file.audit?.ship && filePath ? { shipSource: filePath } : {}) },
    nested: file.nested ?? base.nested,
    syntax: file.syntax ?? base.syntax,
    mode: file.mode ?? base.mode,
    modeCeiling: base.modeCeiling,
    rego: {
      ...base.rego,
      ...file.rego,
      ...(file.rego?.policyPaths ? { policyPaths: paths(file.rego.policyPaths, 'rego.policyPaths')! } : {}),
    },
  };
}
