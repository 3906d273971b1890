// The one place where real adapters are wired into the ports. Tests wire fakes instead.
import type { AuditLog } from './application/ports/auditLog.js';
import type { Approver } from './application/ports/approver.js';
import type { ConfigSource } from './application/ports/configSource.js';
import type { Executor } from './application/ports/executor.js';
import type { HostFactsProvider } from './application/ports/hostFactsProvider.js';
import type { PolicyEngine } from './application/ports/policyEngine.js';
import type { PolicyConfig } from './domain/policyConfig.js';
import { createApprover } from './infrastructure/approvals/createApprover.js';
import { createAuditLog } from './infrastructure/audit/createAuditLog.js';
import { createConfigSource } from './infrastructure/config/createConfigSource.js';
import { createExecutor } from './infrastructure/exec/createExecutor.js';
import { createHostFactsProvider } from './infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from './infrastructure/paths/statePaths.js';
import type { StatePaths } from './infrastructure/paths/statePaths.js';
import { createRegoEngine } from './infrastructure/rego/createRegoEngine.js';

export interface App {
  env: Record<string, string | undefined>;
  paths: StatePaths;
  configSource: ConfigSource;
  hostFacts: HostFactsProvider;
  executor: Executor;
  auditLog(config: PolicyConfig): AuditLog;
  approver: Approver;
  regoEngine(config: PolicyConfig): PolicyEngine;
}

export function createApp(env: Record<string, string | undefined>): App {
  const paths = statePaths(env);
  return {
    env,
    paths,
    configSource: createConfigSource(paths),
    hostFacts: createHostFactsProvider(paths),
    executor: createExecutor(),
    auditLog: (config) => createAuditLog(paths, config.audit),
    approver: createApprover(paths, env),
    regoEngine: (config) => createRegoEngine(config.rego, env),
  };
}
