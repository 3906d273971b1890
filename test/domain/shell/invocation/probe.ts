// Runs a real shell on an argv built from placeholders and reports what it did, for the
// differential test. Every operand placeholder `$Pk` becomes a probe text that prints `Ck` and the
// `$0 $@` it was given on stdout (stdout, not a file: `-r` forbids redirections, so the probe has none), then `I` when
// `$-` has `i` and `L` when bash says login_shell. ~/.profile prints `P`, ~/.bashrc `B`, the
// rcfile `$RC` prints `RC`, and stdin holds `printf 'STDIN\n'`.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sandbox {
  root: string;
  home: string;
  rc: string;
  stdin: string;
}

export function makeSandbox(root: string): Sandbox {
  const home = join(root, 'home');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, '.profile'), "printf 'P\\n'\n");
  writeFileSync(join(home, '.bashrc'), "printf 'B\\n'\n");
  const rc = join(root, 'rcfile');
  writeFileSync(rc, "printf 'RC\\n'\n");
  // A file, not a pipe: Node's pipes are socketpairs, and bash sources ~/.bashrc when stdin is a
  // socket (it takes that for sshd), which would blur the interactive check.
  const stdin = join(root, 'stdin');
  writeFileSync(stdin, "printf 'STDIN\\n'\n");
  return { root, home, rc, stdin };
}

/** One command, so `-t` (exit after one command) still runs all of it. */
export const probeText = (k: number): string =>
  `{ printf 'C${k}'; printf '<%s>' "$0" "$@"; printf '\\n'; case $- in *i*) printf 'I\\n';; esac; shopt -q login_shell && printf 'L\\n'; :; }`;

/** `$P3` → probe text 3, `$RC` → the rcfile path; anything else is literal. */
export function expand(args: readonly string[], sb: Sandbox): string[] {
  return args.map((a) => (a === '$RC' ? sb.rc : /^\$P\d+$/.test(a) ? probeText(Number(a.slice(2))) : a));
}

export interface Observed {
  status: number | null;
  /** The probe that ran as command text and the `<$0><$1>...` it printed. */
  ran: Array<{ k: number; bound: string }>;
  interactive: boolean;
  login: boolean;
  profile: boolean;
  bashrc: boolean;
  rcfile: boolean;
  stdin: boolean;
  /** `--version`/`--help` text. */
  info: boolean;
  /** Lines none of the above explains (a text the parser did not expect ran). */
  other: string[];
  stderr: string;
}

/** Runs asynchronously: the shells are cheap but the machine is shared, so the test runs several at once. */
export function runShell(file: string, argv0: string, args: readonly string[], sb: Sandbox): Promise<Observed> {
  const fd = openSync(sb.stdin, 'r');
  return new Promise((resolve, reject) => {
    // detached: a new session, so an interactive shell cannot grab the terminal vitest runs in.
    const child = spawn(file, args, {
      argv0,
      cwd: sb.root,
      env: { HOME: sb.home, PATH: '/usr/bin:/bin' },
      stdio: [fd, 'pipe', 'pipe'],
      detached: true,
    });
    closeSync(fd);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve(observe(status, stdout, stderr));
    });
  });
}

function observe(status: number | null, stdout: string, stderr: string): Observed {
  const lines = stdout.split('\n');
  const ran: Observed['ran'] = [];
  const other: string[] = [];
  const info = /GNU bash, version/.test(stdout);
  for (const l of lines) {
    const m = /^C(\d+)(<.*)$/.exec(l);
    if (m) ran.push({ k: Number(m[1]), bound: m[2]! });
    else if (!info && !['', 'I', 'L', 'P', 'B', 'RC', 'STDIN'].includes(l)) other.push(l);
  }
  return {
    status,
    ran,
    interactive: lines.includes('I'),
    login: lines.includes('L'),
    profile: lines.includes('P'),
    bashrc: lines.includes('B'),
    rcfile: lines.includes('RC'),
    stdin: lines.includes('STDIN'),
    info,
    other,
    stderr,
  };
}

/** Runs `jobs` with at most `width` at a time, results in order. */
export async function pool<T>(jobs: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      out[k] = await jobs[k]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return out;
}
