import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { ExecResult, ExecSpec, Executor } from '../../application/ports/executor.js';
import { EXIT_TIMED_OUT, shellExitStatus, spawnFailureStatus } from './exitStatus.js';
import { OutputCap, truncationNote } from './outputCap.js';
import { forwardSignals, signalGroup } from './processGroup.js';
import type { SignalForwarder } from './processGroup.js';

type Sink = Writable & { isTTY?: boolean };

/** setTimeout fires at once for delays above 2^31-1 ms; longer limits are clamped (~24 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Where the child's output goes; the defaults are shimctl's own streams. */
export interface ExecutorIo {
  stdout: Sink;
  stderr: Sink;
}

/**
 * Runs the real binary by absolute path with an argv array (never a shell string) in its own
 * process group, bounded by a wall-clock timeout that ends the whole group (TERM, grace, KILL)
 * and by a per-stream output cap. Stdin is the caller's fd 0, inherited as is. A stream that
 * is a terminal is inherited too, so the program sees a TTY; the cap cannot apply there.
 */
export function createExecutor(io: ExecutorIo = { stdout: process.stdout, stderr: process.stderr }): Executor {
  return { run: (spec) => runBounded(spec, io) };
}

async function runBounded(spec: ExecSpec, io: ExecutorIo): Promise<ExecResult> {
  const forwarder = forwardSignals(spec.graceMs);
  try {
    return await runWithForwarder(spec, io, forwarder);
  } finally {
    forwarder.stop(); // idempotent; also runs when the spawn itself threw
  }
}

async function runWithForwarder(spec: ExecSpec, io: ExecutorIo, forwarder: SignalForwarder): Promise<ExecResult> {
  const started = process.hrtime.bigint();
  const outTty = io.stdout === process.stdout && process.stdout.isTTY === true;
  const errTty = io.stderr === process.stderr && process.stderr.isTTY === true;
  // node:child_process directly, not execa: this runs once per command in a fresh Node, and
  // execa's module graph and option pipeline cost ~20 ms there (docs/hotpath.md). Everything
  // execa would add here (group kill, cap, signals) is shimctl's own code anyway.
  const child = spawn(spec.file, spec.args, {
    argv0: spec.argv0,
    cwd: spec.cwd,
    env: spec.env,
    stdio: ['inherit', outTty ? 'inherit' : 'pipe', errTty ? 'inherit' : 'pipe'],
    detached: true,
  });
  const exited = waitForExit(child);

  const caps = {
    stdout: outTty ? null : capStream(child.stdout, io.stdout, spec.maxOutputBytes),
    stderr: errTty ? null : capStream(child.stderr, io.stderr, spec.maxOutputBytes),
  };
  // The wall-clock bound covers the whole wait, the output included: at timeoutMs the group gets
  // TERM, graceMs later KILL, and from then on nothing is waited for any more. What still holds
  // the pipes after that left the group (setsid, a daemon) and no group signal reaches it, so
  // waiting for its end of file could last forever, and the audit record with it.
  //
  // timedOut (exit 124) means the timeout found something of the command's group still running
  // to stop: the leader, or background jobs of its group. When the leader has exited and the
  // group is empty, the timeout stops nothing: the wait for output held from outside the group is
  // merely cut at timeout + grace, and the result keeps the leader's own exit status.
  let timedOut = false;
  let killTimer: NodeJS.Timeout | undefined;
  let giveUp = (): void => {};
  const gaveUp = new Promise<true>((resolve) => (giveUp = () => resolve(true)));
  const timer = setTimeout(
    () => {
      if (child.pid === undefined) return;
      const pid = child.pid;
      timedOut = signalReached(pid, 'SIGTERM');
      killTimer = setTimeout(() => {
        signalGroup(pid, 'SIGKILL');
        giveUp();
      }, spec.graceMs);
    },
    Math.min(Math.max(spec.timeoutMs, 1), MAX_TIMER_MS),
  );
  if (child.pid !== undefined) forwarder.attach(child.pid);

  const result = await exited;
  const drained = Promise.all([caps.stdout?.done, caps.stderr?.done]).then(() => false as const);
  if (await Promise.race([drained, gaveUp])) {
    caps.stdout?.abandon();
    caps.stderr?.abandon();
  }
  clearTimeout(timer);
  clearTimeout(killTimer);
  // A program that was told to stop is over: members of its group that outlived the leader
  // and no longer hold its output (so nothing waited for them) are killed now, not left behind.
  const stopped = forwarder.stop();
  if (child.pid !== undefined && (stopped || timedOut)) signalGroup(child.pid, 'SIGKILL');

  const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
  let truncated = false;
  for (const [name, cap] of [
    ['stdout', caps.stdout],
    ['stderr', caps.stderr],
  ] as const) {
    if (cap && cap.cap.dropped > 0) {
      truncated = true;
      io.stderr.write(truncationNote(name, cap.cap.dropped));
    }
  }
  const base = {
    durationMs,
    stdoutBytes: caps.stdout?.cap.total ?? 0,
    stderrBytes: caps.stderr?.cap.total ?? 0,
    truncated,
    timedOut,
  };
  if (result.error !== undefined) {
    const errno = result.error.code;
    return {
      ...base,
      exitCode: spawnFailureStatus(errno),
      signal: null,
      spawnError: spawnMessage(spec.file, errno, result.error.message),
    };
  }
  const signal = result.signal ?? null;
  const exitCode = timedOut ? EXIT_TIMED_OUT : shellExitStatus(result.exitCode ?? undefined, signal ?? undefined);
  return { ...base, exitCode, signal };
}

interface Exit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  error?: NodeJS.ErrnoException;
}

/** The program's end, or the reason it never started (ENOENT, EACCES… arrive as 'error'). */
function waitForExit(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      // After a start, 'error' only means a failed kill(); the 'exit' that follows is the result.
      if (child.pid === undefined) resolve({ exitCode: null, signal: null, error });
    });
    child.once('exit', (exitCode, signal) => resolve({ exitCode, signal }));
  });
}

/** Sends `signal` to the group; false when the group no longer has any member (ESRCH). */
function signalReached(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    // EPERM still means a member exists (one this user may not signal): it was running.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

interface CappedStream {
  cap: OutputCap;
  /** Resolves at the child stream's end of file. */
  done: Promise<void>;
  /** Stops reading: closes our end of the pipe, keeps what was read, resolves `done`. */
  abandon(): void;
}

function capStream(from: Readable | null, to: Sink, maxBytes: number): CappedStream | null {
  if (!from) return null;
  const cap = new OutputCap(maxBytes);
  // If our own output is gone (the reader closed it), keep draining the child into nothing.
  const onError = (): void => {
    cap.unpipe(to);
    cap.resume();
  };
  to.once('error', onError);
  let finish = (): void => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
    cap.on('end', () => {
      to.off('error', onError);
      resolve();
    });
  });
  from.pipe(cap).pipe(to, { end: false });
  const abandon = (): void => {
    // What the cap already holds still flows on to `to`; nothing more is read from the child.
    from.unpipe(cap);
    from.destroy();
    finish();
  };
  return { cap, done, abandon };
}

function spawnMessage(file: string, errno: string | undefined, detail: string | undefined): string {
  if (errno === 'ENOENT') return `${file}: not found (ENOENT)`;
  if (errno === 'EACCES') return `${file}: permission denied (EACCES)`;
  return `${file}: cannot execute (${errno ?? detail ?? 'unknown error'})`;
}
