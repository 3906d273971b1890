import type { Approver } from './approver.js';
import type { AuditLog, AuditRecord } from './auditLog.js';
import type { CommandEnds } from './commandEnds.js';
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
  /** Ends a guard's bash will report for a hook's start record (Codex). Absent: such records stay `start`. */
  commandEnds?: CommandEnds;
  /** The `start` record of a command in this audit log, looked for a bounded way back. */
  findStartRecord?(auditPath: string, id: string): Promise<AuditRecord | undefined>;
  /** shimctl's own installed script files (Cline's global hook run as `sh FILE`). Absent: every script file is refused. */
  ownScripts?: OwnScripts;
}
