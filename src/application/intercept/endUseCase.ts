import type { AuditRecord } from '../ports/auditLog.js';
import { AUDIT_SCHEMA_VERSION } from '../ports/auditLog.js';
import { END_HANDLE } from '../ports/commandEnds.js';
import { defaultConfig } from '../../domain/defaultConfig.js';
import type { InterceptDeps } from './interceptDeps.js';
import { ENV_AGENT } from './interceptRequest.js';

/** `__shim --end SESSION HANDLE STATUS`, as the guard's EXIT trap calls it, and who called it. */
export interface EndRequest {
  session: string;
  handle: string;
  status: string;
  /** This process and its parent: the handle's pid must be one of them (the bash that ran the command). */
  pid: number;
  ppid: number;
  cwd: string;
  env: Record<string, string | undefined>;
}

export type EndDeps = Pick<
  InterceptDeps,
  'configSource' | 'auditLog' | 'commandEnds' | 'findStartRecord' | 'now' | 'newId' | 'writeStderr'
>;

/**
 * Appends the end record of a command the guard let run on a hook's pass (Codex). It never runs
 * anything and only ever appends one record: the command's `end` (a copy of its start record with
 * the exit status), when this caller is the bash that was left the handle and the expectation is
 * there and verifies; otherwise an `audit.end_unmatched` record saying a report was refused. So a
 * report cannot end another shell's command, and one that did not count is itself on the record.
 * Exit 0 when the end was recorded, 126 when the report was refused or nothing could be written.
 */
export async function endUseCase(req: EndRequest, deps: EndDeps): Promise<number> {
  const at = deps.now();
  const owner = END_HANDLE.exec(req.handle)?.[1];
  const status = /^[0-9]{1,3}$/.test(req.status) && Number(req.status) <= 255 ? Number(req.status) : undefined;
  const fromItsShell = owner !== undefined && (Number(owner) === req.ppid || Number(owner) === req.pid);
  // Only the owning shell may consume the expectation: a stranger's report leaves it for the real one.
  const id =
    fromItsShell && status !== undefined
      ? deps.commandEnds?.take({ session: req.session, handle: req.handle })
      : undefined;
  const loaded = deps.configSource.load(req.cwd);
  const log = deps.auditLog(loaded.kind === 'ok' ? loaded.config : defaultConfig());
  const base = {
    v: AUDIT_SCHEMA_VERSION,
    ts: at.toISOString(),
    session: req.session,
    agent: req.env[ENV_AGENT] || undefined,
  };
  let record: AuditRecord;
  if (id !== undefined && status !== undefined) {
    const start = await deps.findStartRecord?.(log.path, id).catch(() => undefined);
    record = start
      ? endOf(start, at, status)
      : {
          ...base,
          id,
          cwd: req.cwd,
          phase: 'end',
          decision: 'allow',
          risk: 'low',
          reasons: [
            {
              code: 'audit.start_not_found',
              message: 'the start record of this command was not found in the recent audit',
            },
          ],
          rule_ids: [],
          exitCode: status,
        };
  } else {
    const why = !fromItsShell
      ? 'it did not come from the shell that was left that handle'
      : status === undefined
        ? 'its status is not 0-255'
        : 'no verified, unused expectation matches it';
    record = {
      ...base,
      id: deps.newId(),
      cwd: req.cwd,
      decision: 'block',
      risk: 'medium',
      reasons: [
        {
          code: 'audit.end_unmatched',
          message: `an end report (status ${req.status.slice(0, 8)}) for handle ${req.handle.slice(0, 40)} was refused: ${why}; no command was marked ended`,
        },
      ],
      rule_ids: [],
      command: `shimctl __shim --end ${req.session.slice(0, 64)} ${req.handle.slice(0, 40)} ${req.status.slice(0, 8)}`,
    };
  }
  try {
    const writer = await log.open();
    try {
      await writer.write(record);
    } finally {
      await writer.close().catch(() => undefined);
    }
  } catch (err) {
    deps.writeStderr(`shimctl: warning: the command's end record could not be written: ${String(err)}\n`);
    return 126;
  }
  return record.phase === 'end' ? 0 : 126;
}

/** The start record as written (redacted already), now with its exit status: one line shows the whole command. */
function endOf(start: AuditRecord, at: Date, exitCode: number): AuditRecord {
  const { seq: _seq, prev: _prev, ...rest } = start;
  const began = Date.parse(start.ts);
  return {
    ...rest,
    ts: at.toISOString(),
    phase: 'end',
    exitCode,
    durationMs: Number.isFinite(began) ? Math.max(0, at.getTime() - began) : undefined,
  };
}
