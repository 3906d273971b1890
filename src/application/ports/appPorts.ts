import type { Approver } from './approver.js';
import type { AuditLog } from './auditLog.js';
import type { ConfigSource } from './configSource.js';
import type { Executor } from './executor.js';
import type { HostFactsProvider } from './hostFactsProvider.js';
import type { HookPasses } from './hookPasses.js';
import type { OwnScripts } from './ownScripts.js';
import type { PolicyEngine } from './policyEngine.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';

/** Every port the use cases reach the outside through; the composition root supplies them. */
export interface AppPorts {
  configSource: ConfigSource;
  hostFacts: HostFactsProvider;
  executor: Executor;
  auditLog(config: PolicyConfig): AuditLog;
  approver: Approver;
  regoEngine(config: PolicyConfig): PolicyEngine;
  /** Single-use passes from a hook's allow to the guard (Codex). Absent: every command is reviewed at every layer. */
  hookPasses?: HookPasses;
  /** shimctl's own installed script files (Cline's global hook run as `sh FILE`). Absent: every script file is refused. */
  ownScripts?: OwnScripts;
}
