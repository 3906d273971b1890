import type { Approver } from '../ports/approver.js';
import type { AuditLog } from '../ports/auditLog.js';
import type { ConfigSource } from '../ports/configSource.js';
import type { Executor } from '../ports/executor.js';
import type { HostFactsProvider } from '../ports/hostFactsProvider.js';
import type { PolicyEngine } from '../ports/policyEngine.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { parseShellInvocation } from '../../domain/shell/parseInvocation.js';
import type { reviewUseCase } from '../review.js';

/** The ports interception talks through; `createApp(env)` supplies the real ones, tests supply fakes. */
export interface InterceptDeps {
  configSource: ConfigSource;
  hostFacts: HostFactsProvider;
  executor: Executor;
  auditLog(config: PolicyConfig): AuditLog;
  approver: Approver;
  regoEngine(config: PolicyConfig): PolicyEngine;
  /** Where the one-line block message goes (the agent reads it). */
  writeStderr(text: string): void;
  now(): Date;
  newId(): string;
  /** Seams for unit tests of the flow itself; production always uses the real parser and review. */
  parseInvocation?: typeof parseShellInvocation;
  review?: typeof reviewUseCase;
}
