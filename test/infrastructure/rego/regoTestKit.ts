// Shared by the Rego engine tests: stand-in paths, hermetic environments, configs.
import { tempDir } from '../../support/tempDirs.js';
import { dirname, join, resolve } from 'node:path';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PolicyConfig } from '../../../src/domain/policyConfig.js';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const STANDINS = join(ROOT, 'test/fixtures/opa');
export const EXAMPLE_POLICY = join(ROOT, 'examples/policy.rego');

/** A stand-in for `opa` (NOT OPA), by file name in test/fixtures/opa. */
export const standin = (name: string): string => join(STANDINS, name);

/** A fresh HOME for one test file, removed afterwards; XDG_* deliberately absent. */
export function hermeticHome(): string {
  // tempDirs removes it after the file, unreadable trees included (the leak check counts it).
  return tempDir('shimctl-rego-');
}

/** The environment the engine sees: a minimal PATH that holds no `opa`, unless a test adds one. */
export function hermeticEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: home, ...extra };
}

export function regoConfig(overrides: Partial<PolicyConfig['rego']> = {}): PolicyConfig['rego'] {
  return { ...defaultConfig().rego, policyPaths: [EXAMPLE_POLICY], timeoutMs: 3000, ...overrides };
}

export function fullConfig(engine: PolicyConfig['engine'], rego: PolicyConfig['rego']): PolicyConfig {
  return { ...defaultConfig(), engine, rego };
}

/** Every fail-closed verdict has the same shape; only the reason code differs. */
export const FAIL_CLOSED = { decision: 'block', risk: 'critical', rule_ids: ['rego:fail-closed'] } as const;
