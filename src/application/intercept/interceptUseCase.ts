import type { AuditPart, AuditRecord, AuditWriter, ApprovalTrace } from '../ports/auditLog.js';
import { AUDIT_SCHEMA_VERSION } from '../ports/auditLog.js';
import type { ExecResult } from '../ports/executor.js';
import { defaultConfig } from '../../domain/defaultConfig.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { ReviewResult } from '../../domain/review/reviewCommand.js';
import { parseShellInvocation } from '../../domain/shell/parseInvocation.js';
import type { ShellInvocation } from '../../domain/shell/parseInvocation.js';
import { internalErrorVerdict, verdict } from '../../domain/verdict.js';
import { configFailureVerdict } from '../config/configFailure.js';
import { askHuman } from './askHuman.js';
import { blockMessage } from './blockMessage.js';
import { chooseExecution } from './chooseExecution.js';
import { decideRequest } from './decideRequest.js';
import { takeGuardPass } from './guardPass.js';
import type { InterceptDeps } from './interceptDeps.js';
import type { PassBinding } from '../ports/hookPasses.js';
import type { InterceptRequest } from './interceptRequest.js';
import {
  ENV_AGENT,
  ENV_DEPTH,
  ENV_END,
  ENV_MODE,
  ENV_SESSION,
  ENV_WORKSPACE,
  EXIT_BLOCKED,
  EXIT_NOT_FOUND,
  MAX_DEPTH,
  readDepth,
} from './interceptRequest.js';
import { reduceEnv } from './reduceEnv.js';
import { rewriteArgs } from './rewriteArgs.js';
import { errorMessage } from '../shimctlError.js';

/** The text a reviewer sees for an invocation (the `-c` string, or a description of the form). */
function describe(inv: ShellInvocation | undefined, req: InterceptRequest): string {
  if (inv?.kind === 'command') return inv.script;
  if (inv?.kind === 'script') return `${req.shell} ${inv.file}`;
  return [req.shell, ...req.args].join(' ');
}

/** A compound command's simple commands and their verdicts, as the audit keeps them (the hook's record too). */
export function auditParts(review: ReviewResult): AuditPart[] | undefined {
  return review.parts?.map((p) => ({
    command: p.text,
    cwd: p.cwd,
    decision: p.verdict.decision,
    risk: p.verdict.risk,
    codes: p.verdict.reasons.map((r) => r.code),
    rule_ids: p.verdict.rule_ids,
  }));
}

function reviewedText(review: ReviewResult): string | undefined {
  return review.envelope ? (review.reviewed ?? review.normalized?.command) : undefined;
}

interface Decided {
  config: PolicyConfig;
  review: ReviewResult;
  invocation?: ShellInvocation;
  approval?: ApprovalTrace;
  /**
   * A hook's pass covered this text: it runs with no second record (see guardPass.ts). `id`: the
   * hook's start record, handed on with the pass, or ended by this bash's EXIT trap.
   */
  passed?: { handOn?: string; id?: string };
}

/**
 * One intercepted shell start, end to end: depth → parse → config → review → human → audit → run.
 * Resolves to the exit status the agent sees. Never rejects: any failure is a block (126).
 */
export async function interceptUseCase(req: InterceptRequest, deps: InterceptDeps): Promise<number> {
  const started = deps.now();
  const agent = req.env[ENV_AGENT] || undefined;
  const session = req.env[ENV_SESSION] || undefined;
  const base = { v: AUDIT_SCHEMA_VERSION, id: deps.newId(), ts: started.toISOString(), session, agent, cwd: req.cwd };
  let decided: Decided | undefined;
  let writer: AuditWriter | undefined;
  let written = false;
  /** The start record written for a command that was to run, until its end record is. */
  let open: AuditRecord | undefined;
  const write = async (r: AuditRecord): Promise<void> => {
    written = true;
    await writer!.write(r);
  };
  try {
    decided = await decide(req, deps, agent, session);
    if (decided.passed) {
      // The wrapper execs `bash -c <inner>` next, in this directory: that bash takes this pass.
      // If it cannot be left, that bash reviews and records the command again (the old way).
      const { handOn, id } = decided.passed;
      if (handOn !== undefined && session) mintQuietly(deps, { session, cwd: req.cwd, text: handOn }, id);
      // The bash that runs the text itself reports its end (the guard's EXIT trap) under its handle.
      else if (handOn === undefined && id !== undefined && session && req.env[ENV_END])
        expectEndQuietly(deps, session, req.env[ENV_END], id);
      return 0;
    }
    const { config, review, invocation } = decided;
    const command = describe(invocation, req);
    const record: AuditRecord = {
      ...base,
      ...review.verdict,
      mode: review.mode,
      command,
      envelope: review.envelope,
      reviewed: reviewedText(review),
      parts: auditParts(review),
      approval: decided.approval,
    };
    try {
      writer = await deps.auditLog(config).open();
    } catch (err) {
      const blocked = verdict(
        'block',
        'high',
        'audit.unavailable',
        `the audit record could not be written (${String(err)}); the command did not run`,
      );
      deps.writeStderr(blockMessage(review.verdict.decision === 'block' ? review.verdict : blocked, command));
      return EXIT_BLOCKED;
    }
    if (review.verdict.decision !== 'allow') {
      await write(record);
      deps.writeStderr(blockMessage(review.verdict, command));
      return review.verdict.reasons.some((r) => r.code === 'command.not_found') ? EXIT_NOT_FOUND : EXIT_BLOCKED;
    }
    // The review expanded `$VAR`s or globs itself: only its rewritten text may run (docs/shell.md).
    let args = req.args;
    if (review.rewritten !== undefined) {
      const rewritten =
        req.mode === 'run' && invocation?.kind === 'command'
          ? rewriteArgs(req.args, invocation, review.rewritten, (a) =>
              (deps.parseInvocation ?? parseShellInvocation)(a, req.shell),
            )
          : undefined;
      if (!rewritten) {
        const why =
          req.mode === 'check'
            ? "the BASH_ENV guard runs the text as written, not the review's expansion of it; quote the words or run it through the shim"
            : "the expanded text could not be put in the shell's arguments";
        const v = verdict('block', 'medium', 'syntax.rewrite_unavailable', why);
        await write({ ...record, ...v });
        deps.writeStderr(blockMessage(v, command));
        return EXIT_BLOCKED;
      }
      args = rewritten;
    }
    if (req.mode === 'check') {
      await write(record);
      // An agent script that took the command as an argument runs it in a new bash next (Droid's
      // supervisor): that bash takes this pass instead of reviewing, asking and recording again.
      if (review.handOn !== undefined && session) mintQuietly(deps, { session, cwd: req.cwd, text: review.handOn });
      return 0;
    }
    const choice = chooseExecution(invocation!, review, req.realShell, req.shell, args);
    const wiring: Record<string, string> = {};
    // The shims of nested shells need these whatever the allow-list says: PATH reaches them, the
    // markers tell them the hop, and CI tells them nobody can answer an approval.
    for (const name of ['PATH', 'CI', ENV_DEPTH, ENV_AGENT, ENV_SESSION, ENV_MODE, ENV_WORKSPACE])
      if (req.env[name] !== undefined) wiring[name] = req.env[name]!;
    // No lost record: the decision is on disk before the command starts. If it cannot be
    // written the command does not run (fail closed), as when the log cannot be opened.
    const ran: AuditRecord = {
      ...record,
      executed: review.rewritten,
      argv: choice.via === 'binary' ? [choice.file, ...choice.args] : undefined,
    };
    try {
      // prepare: the end record shares these fields, so they are redacted once.
      writer.prepare?.(ran);
      await write({ ...ran, phase: 'start' });
      open = ran;
    } catch (err) {
      deps.writeStderr(
        blockMessage(
          verdict(
            'block',
            'high',
            'audit.unavailable',
            `the audit record could not be written (${String(err)}); the command did not run`,
          ),
          command,
        ),
      );
      return EXIT_BLOCKED;
    }
    const result: ExecResult = await deps.executor.run({
      file: choice.file,
      args: choice.args,
      argv0: choice.argv0,
      cwd: req.cwd,
      env: reduceEnv(req.env, config.execution.envAllow, wiring),
      timeoutMs: config.execution.timeoutSeconds * 1000,
      graceMs: config.execution.graceSeconds * 1000,
      maxOutputBytes: config.execution.maxOutputBytes,
    });
    // Both executors report 127 (not found) or 126 for a program that could not start.
    const exitCode = result.exitCode;
    const extraReasons = [
      ...(result.spawnError ? [{ code: 'exec.failed' as const, message: result.spawnError }] : []),
      ...(result.timedOut
        ? [{ code: 'exec.timeout' as const, message: `killed after ${config.execution.timeoutSeconds}s` }]
        : []),
    ];
    open = undefined;
    await write({
      ...ran,
      phase: 'end',
      reasons: extraReasons.length ? [...record.reasons, ...extraReasons] : record.reasons,
      exitCode,
      signal: result.signal,
      durationMs: result.durationMs,
      stdoutBytes: result.stdoutBytes,
      stderrBytes: result.stderrBytes,
      truncated: result.truncated,
      timedOut: result.timedOut,
    }).catch((err: unknown) =>
      deps.writeStderr(
        `shimctl: warning: the command ran but its end record failed (its start record is in the audit): ${String(err)}\n`,
      ),
    );
    if (result.spawnError) deps.writeStderr(`shimctl: could not start '${choice.file}': ${result.spawnError}\n`);
    return exitCode;
  } catch (err) {
    const v = internalErrorVerdict(`interception failed: ${errorMessage(err)}`);
    deps.writeStderr(blockMessage(v, decided ? describe(decided.invocation, req) : undefined));
    if (!written)
      await recordFailure(
        deps,
        decided?.config,
        { ...base, ...v, command: describe(decided?.invocation, req) },
        writer,
      );
    // The start record is written and the run failed: its end says how, so it does not read as a crash.
    else if (open)
      await recordFailure(deps, decided?.config, { ...open, ...v, phase: 'end', exitCode: EXIT_BLOCKED }, writer);
    return EXIT_BLOCKED;
  } finally {
    await writer?.close().catch(() => undefined);
  }
}

async function decide(req: InterceptRequest, deps: InterceptDeps, agent?: string, session?: string): Promise<Decided> {
  const depth = readDepth(req.env);
  const fallback = defaultConfig();
  const invocation = (deps.parseInvocation ?? parseShellInvocation)(req.args, req.shell);
  if (depth > MAX_DEPTH) {
    const v = verdict(
      'block',
      'high',
      'invocation.depth_exceeded',
      `shims nested ${Number.isFinite(depth) ? depth : 'an unreadable number of'} levels deep (cap ${MAX_DEPTH}); a loop is likely`,
    );
    return { config: fallback, review: { verdict: v, trace: [] }, invocation };
  }
  const outcome = deps.configSource.load(req.cwd);
  if (outcome.kind !== 'ok') {
    return { config: fallback, review: { verdict: configFailureVerdict(outcome), trace: [] }, invocation };
  }
  const config = outcome.config;
  // Only the guard (check mode) takes passes: a shim runs the command itself and records its end.
  const pass =
    req.mode === 'check' ? takeGuardPass(invocation, { agent, session, cwd: req.cwd }, deps.hookPasses) : undefined;
  if (pass?.kind === 'text')
    return {
      config,
      review: {
        verdict: { decision: 'allow', risk: 'low', reasons: [], rule_ids: [] },
        trace: [{ stage: 'pass', detail: 'reviewed and recorded by the hook already' }],
      },
      invocation,
      passed: { id: pass.id },
    };
  const hop = depth === 0 ? 'agent' : 'nested';
  const review = await decideRequest(invocation, { hop, agent, cwd: req.cwd, env: req.env }, config, deps);
  // The envelope's own part passed (no block) and its inner command was allowed, asked about if
  // need be, and recorded by the hook: an ask here is that same question, not a new one.
  if (
    pass?.kind === 'inner' &&
    review.envelope !== undefined &&
    review.reviewed === pass.inner &&
    review.rewritten === undefined &&
    review.verdict.decision !== 'block'
  ) {
    return { config, review, invocation, passed: { handOn: pass.inner, id: pass.id } };
  }
  if (review.verdict.decision !== 'ask') return { config, review, invocation };
  const asked = await askHuman(
    review.verdict,
    {
      cwd: req.cwd,
      command: describe(invocation, req),
      reviewed: reviewedText(review),
      envelope: review.envelope,
      agent,
      session,
      env: req.env,
    },
    config,
    deps,
  );
  return { config, review: { ...review, verdict: asked.verdict }, invocation, approval: asked.approval };
}

/** A pass that cannot be left costs only a second review (and record) in the next bash. */
function mintQuietly(deps: InterceptDeps, binding: PassBinding, id?: string): void {
  try {
    deps.hookPasses?.mint(binding, id);
  } catch {
    /* reviewed again */
  }
}

/** Without it the hook's start record simply stays `start` (`audit tail` shows it NOT ENDED). */
function expectEndQuietly(deps: InterceptDeps, session: string, handle: string, id: string): void {
  try {
    deps.commandEnds?.expect({ session, handle }, id);
  } catch {
    /* no end record */
  }
}

/** Best effort: an internal failure still leaves a record when the audit can take one. */
async function recordFailure(
  deps: InterceptDeps,
  config: PolicyConfig | undefined,
  record: AuditRecord,
  open?: AuditWriter,
): Promise<void> {
  try {
    const writer = open ?? (await deps.auditLog(config ?? defaultConfig()).open());
    await writer.write(record);
    if (!open) await writer.close();
  } catch {
    // Nothing more to do: the command did not run and the agent was told.
  }
}
