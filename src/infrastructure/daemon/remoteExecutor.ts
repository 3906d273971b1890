import { constants } from 'node:os';
import type { ExecResult, ExecSpec, Executor } from '../../application/ports/executor.js';
import { decodeFields, encodeFields } from './frames.js';

/** Sends one exec spec to the client and resolves with the result it reports. */
export type SendExec = (body: Buffer) => Promise<Buffer | undefined>;

const signalNames = new Map(Object.entries(constants.signals as Record<string, number>).map(([name, n]) => [n, name]));
const errnoNames = new Map(Object.entries(constants.errno as Record<string, number>).map(([name, n]) => [n, name]));

/** The same wording as the in-process executor, so the audit reads alike in both modes. */
function spawnMessage(file: string, errno: number): string {
  const name = errnoNames.get(errno);
  if (name === 'ENOENT') return `${file}: not found`;
  if (name === 'EACCES') return `${file}: permission denied`;
  return `${file}: cannot execute (${name ?? `errno ${errno}`})`;
}

export function execSpecFields(spec: ExecSpec): Buffer {
  const env = Object.entries(spec.env).map(([k, v]) => `${k}=${v}`);
  return encodeFields([
    spec.file,
    spec.argv0 ?? '',
    spec.timeoutMs,
    spec.graceMs,
    spec.maxOutputBytes,
    spec.args.length,
    ...spec.args,
    env.length,
    ...env,
  ]);
}

/** Parses an R frame; anything malformed is reported as a failure, never as success. */
export function parseExecResult(file: string, body: Buffer): ExecResult {
  const f = decodeFields(body);
  const nums = f.slice(0, 8).map((x) => (/^-?[0-9]{1,15}$/.test(x) ? Number(x) : Number.NaN));
  if (nums.length !== 8 || nums.some(Number.isNaN)) throw new Error('the shim client sent a malformed result');
  const [exitCode, signalNumber, durationMs, stdoutBytes, stderrBytes, truncated, timedOut, spawnErrno] =
    nums as number[];
  return {
    exitCode: exitCode!,
    signal: signalNumber ? (signalNames.get(signalNumber!) ?? `SIG${signalNumber}`) : null,
    durationMs: durationMs!,
    stdoutBytes: stdoutBytes!,
    stderrBytes: stderrBytes!,
    truncated: truncated === 1,
    timedOut: timedOut === 1,
    ...(spawnErrno ? { spawnError: spawnMessage(file, spawnErrno!) } : {}),
  };
}

/**
 * The Executor port in fast mode: the client, which owns the agent's stdin, stdout and terminal,
 * runs the command exactly as specified (own process group, reduced env, timeout that signals
 * the group, output cap) and reports back. A client that vanishes before reporting leaves a
 * record that says so rather than no record.
 */
export function createRemoteExecutor(send: SendExec): Executor {
  return {
    async run(spec) {
      const reply = await send(execSpecFields(spec));
      if (!reply) {
        return {
          exitCode: 126,
          signal: null,
          durationMs: 0,
          stdoutBytes: 0,
          stderrBytes: 0,
          truncated: false,
          timedOut: false,
          spawnError: `${spec.file}: the shim client disconnected before reporting how the command ended`,
        };
      }
      return parseExecResult(spec.file, reply);
    },
  };
}
