/** Everything the executor needs, normalised once at the boundary. */
export interface ExecSpec {
  /** Absolute path of the real binary. Never a shell string. */
  file: string;
  args: string[];
  /** argv[0] to present to the program, when it differs from `file` (e.g. `bash`). */
  argv0?: string;
  cwd: string;
  /** The already reduced environment. */
  env: Record<string, string>;
  timeoutMs: number;
  graceMs: number;
  maxOutputBytes: number;
}

export interface ExecResult {
  /** The status a shell would report: the program's code, or 128+n when killed by signal n. */
  exitCode: number;
  signal: string | null;
  durationMs: number;
  stdoutBytes: number;
  stderrBytes: number;
  truncated: boolean;
  timedOut: boolean;
  /** Set when the program could not be started at all. */
  spawnError?: string;
}

export interface Executor {
  run(spec: ExecSpec): Promise<ExecResult>;
}
