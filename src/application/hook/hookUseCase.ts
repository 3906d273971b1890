import type { AuditRecord, ApprovalTrace } from '../ports/auditLog.js';
import { AUDIT_SCHEMA_VERSION } from '../ports/auditLog.js';
import { defaultConfig } from '../../domain/defaultConfig.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { ReviewResult } from '../../domain/review/reviewCommand.js';
import type { Verdict } from '../../domain/verdict.js';
import { internalErrorVerdict, verdict } from '../../domain/verdict.js';
import { configFailureVerdict } from '../config/configFailure.js';
import { askHuman } from '../intercept/askHuman.js';
import { blockMessage } from '../intercept/blockMessage.js';
import { decideRequest } from '../intercept/decideRequest.js';
import { auditParts } from '../intercept/interceptUseCase.js';
import type { InterceptDeps } from '../intercept/interceptDeps.js';
import { ENV_SESSION } from '../intercept/interceptRequest.js';
import type { HookAnswer, HookProtocol } from './hookProtocols.js';
import { errorMessage } from '../shimctlError.js';

export interface HookRequest {
  protocol: HookProtocol;
  /** Everything the agent wrote on the hook's stdin. */
  stdin: string;
  /** The hook process's own directory: used when the JSON names none. */
  cwd: string;
  env: Record<string, string | undefined>;
}

/** The hook never runs anything: the executor port is not needed. */
export type HookDeps = Omit<InterceptDeps, 'executor'>;

interface Judged {
  config?: PolicyConfig;
  verdict: Verdict;
  command?: string;
  cwd: string;
  session?: string;
  approval?: ApprovalTrace;
  /** The review, when one ran: its mode and compound parts go in the record, as the guard's would. */
  review?: ReviewResult;
}

function isAbsolutePath(p: string | undefined): p is string {
  return typeof p === 'string' && p.startsWith('/');
}

/**
 * One PreToolUse hook call, end to end: read the agent's JSON → config → review (the agent's own
 * hop) → human → one audit record → the answer in the agent's protocol. On allow the agent runs
 * the command itself: when it hands the command on to the guard (Codex), the record is the `start`
 * and the guard's bash appends the `end` with the exit status. Never rejects; any failure is a block.
 */
export async function hookUseCase(req: HookRequest, deps: HookDeps): Promise<HookAnswer> {
  const { protocol } = req;
  const started = deps.now();
  let judged: Judged = { verdict: internalErrorVerdict('the hook did not finish'), cwd: req.cwd };
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(req.stdin);
    } catch {
      parsed = undefined;
    }
    const input =
      parsed === undefined
        ? {
            kind: 'malformed' as const,
            reason: req.stdin.trim() === '' ? 'the hook got no input' : 'the hook input is not JSON',
          }
        : protocol.read(parsed);
    // Not the shell (file edits, MCP tools): shimctl judges shell commands only, and records nothing.
    if (input.kind === 'other') return protocol.allow();
    judged =
      input.kind === 'malformed'
        ? {
            verdict: verdict('block', 'high', 'hook.malformed', `${protocol.agent} hook: ${input.reason}`),
            cwd: req.cwd,
          }
        : await judge(input.command, isAbsolutePath(input.cwd) ? input.cwd : req.cwd, input.session, req, deps);
  } catch (err) {
    judged = { ...judged, verdict: internalErrorVerdict(`hook failed: ${errorMessage(err)}`) };
  }
  const record: AuditRecord = {
    v: AUDIT_SCHEMA_VERSION,
    id: deps.newId(),
    ts: started.toISOString(),
    session: req.env[ENV_SESSION] || judged.session,
    agent: protocol.agent,
    cwd: judged.cwd,
    ...judged.verdict,
    mode: judged.review?.mode,
    command: judged.command,
    parts: judged.review ? auditParts(judged.review) : undefined,
    approval: judged.approval,
  };
  // An allowed command handed on to the guard: the pass carries this record's id, so the bash that
  // runs it can append the end (exit status) under the same id. Then this record is the `start`.
  const passed = judged.verdict.decision === 'allow' && protocol.passToGuard && leavePass(req, judged, record.id, deps);
  if (passed) record.phase = 'start';
  try {
    const writer = await deps.auditLog(judged.config ?? defaultConfig()).open();
    try {
      await writer.write(record);
    } finally {
      await writer.close().catch(() => undefined);
    }
  } catch (err) {
    // Not recorded, not run: the pass goes too, so the guard does not let the text through unrecorded.
    if (passed) deps.hookPasses?.take({ session: req.env[ENV_SESSION]!, cwd: judged.cwd, text: judged.command! });
    // No record, no run: the same rule as the shims.
    const v = verdict(
      'block',
      'high',
      'audit.unavailable',
      `the audit record could not be written (${String(err)}); the command did not run`,
    );
    return protocol.block(blockMessage(judged.verdict.decision === 'block' ? judged.verdict : v, judged.command));
  }
  if (judged.verdict.decision !== 'allow') return protocol.block(blockMessage(judged.verdict, judged.command));
  return protocol.allow();
}

/**
 * The pass is bound to the launcher's session (not the JSON's session_id, which the guard never
 * sees), the directory and the exact text. Without one the guard simply reviews again.
 */
function leavePass(req: HookRequest, judged: Judged, id: string, deps: HookDeps): boolean {
  const session = req.env[ENV_SESSION];
  if (!session || judged.command === undefined || !deps.hookPasses) return false;
  try {
    deps.hookPasses.mint({ session, cwd: judged.cwd, text: judged.command }, id);
    return true;
  } catch {
    // No pass: the command is reviewed (and recorded) a second time by the guard, as before.
    return false;
  }
}

async function judge(
  command: string,
  cwd: string,
  session: string | undefined,
  req: HookRequest,
  deps: HookDeps,
): Promise<Judged> {
  const outcome = deps.configSource.load(cwd);
  if (outcome.kind !== 'ok') {
    return { verdict: configFailureVerdict(outcome), command, cwd, session };
  }
  const config = outcome.config;
  const agent = req.protocol.agent;
  const invocation = {
    kind: 'command' as const,
    script: command,
    login: false,
    interactive: false,
    positional: [],
    flags: [],
  };
  const review: ReviewResult = await decideRequest(invocation, { hop: 'agent', agent, cwd, env: req.env }, config, {
    ...deps,
    executor: unusedExecutor,
  });
  if (review.envelope || review.bookkeeping) {
    // A hook sees the model's command before the agent wraps it: an envelope here is model-written.
    const v = verdict(
      'block',
      'high',
      'hook.envelope',
      `the command has the shape of the ${review.envelope ?? review.bookkeeping} envelope, which only the agent itself writes`,
    );
    return { config, verdict: v, command, cwd, session };
  }
  if (review.rewritten !== undefined && review.verdict.decision !== 'block') {
    // The agent runs the text itself: the review's own expansion of `$VAR`s and globs would not be what runs.
    const v = verdict(
      'block',
      'medium',
      'syntax.rewrite_unavailable',
      'a hook cannot change the text the agent runs, and the review expanded variables or globs in it; quote those words',
    );
    return { config, verdict: v, command, cwd, session };
  }
  if (review.verdict.decision !== 'ask') return { config, verdict: review.verdict, command, cwd, session, review };
  // The agent kills a hook that runs too long and then goes on without it: answer before that.
  const capped: PolicyConfig = {
    ...config,
    approvals: {
      ...config.approvals,
      timeoutSeconds: Math.min(config.approvals.timeoutSeconds, req.protocol.maxApprovalSeconds),
    },
  };
  const asked = await askHuman(
    review.verdict,
    { cwd, command, agent, session: req.env[ENV_SESSION] || session, env: req.env },
    capped,
    { ...deps, executor: unusedExecutor },
  );
  return { config, verdict: asked.verdict, command, cwd, session, approval: asked.approval, review };
}

/** decideRequest and askHuman take the full port set; neither runs anything. */
const unusedExecutor: InterceptDeps['executor'] = {
  run: () => Promise.reject(new Error('a hook never runs the command itself')),
};
