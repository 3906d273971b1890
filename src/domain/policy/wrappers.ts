import { matchLongOption } from './longOption.js';

/**
 * Wrappers run their argument as a command. Each spec lists the options that take a value,
 * the flags it knows, and fixed positionals before the inner command (`timeout DURATION`).
 * An option we do not know makes the inner command uncertain, which the review turns into an ask.
 */
export interface WrapperSpec {
  valueOpts: readonly string[];
  flags: readonly string[];
  /** Positional words between the options and the inner command (`timeout 5`, `flock FILE`). */
  positionals?: number;
  /** `-10` style numeric options (nice). */
  numericFlags?: boolean;
  /** `NAME=value` words before the inner command (env). */
  assignments?: boolean;
}

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: {
    valueOpts: [
      '-u',
      '-g',
      '-h',
      '-p',
      '-C',
      '-D',
      '-r',
      '-t',
      '-T',
      '-U',
      '--user',
      '--group',
      '--host',
      '--prompt',
      '--close-from',
      '--chdir',
      '--role',
      '--type',
      '--command-timeout',
      '--other-user',
    ],
    flags: [
      '-A',
      '-b',
      '-E',
      '-e',
      '-H',
      '-i',
      '-K',
      '-k',
      '-l',
      '-n',
      '-P',
      '-S',
      '-s',
      '-V',
      '-v',
      '-B',
      '-N',
      '--preserve-env',
      '--login',
      '--shell',
      '--non-interactive',
      '--stdin',
      '--reset-timestamp',
      '--remove-timestamp',
      '--list',
      '--validate',
      '--version',
      '--edit',
      '--background',
      '--askpass',
      '--set-home',
      '--bell',
      '--preserve-groups',
      '--no-update',
    ],
  },
  doas: { valueOpts: ['-u', '-C'], flags: ['-n', '-s', '-L'] },
  pkexec: { valueOpts: ['--user'], flags: ['--disable-internal-agent', '--keep-cwd'] },
  // `-a`/`--argv0` (newer GNU coreutils; the 9.1 env here refuses the option and runs nothing) set argv0.
  env: {
    valueOpts: [
      '-u',
      '-C',
      '-S',
      '-a',
      '--unset',
      '--chdir',
      '--split-string',
      '--argv0',
      '--block-signal',
      '--default-signal',
      '--ignore-signal',
    ],
    flags: ['-i', '-0', '-v', '-', '--ignore-environment', '--null', '--debug', '--list-signal-handling'],
    assignments: true,
  },
  nice: { valueOpts: ['-n', '--adjustment'], flags: [], numericFlags: true },
  nohup: { valueOpts: [], flags: [] },
  timeout: {
    valueOpts: ['-s', '-k', '--signal', '--kill-after'],
    flags: ['-v', '--preserve-status', '--foreground', '--verbose'],
    positionals: 1,
  },
  time: {
    valueOpts: ['-f', '-o', '--format', '--output'],
    flags: ['-p', '-a', '-v', '-q', '--portability', '--append', '--verbose', '--quiet'],
  },
  command: { valueOpts: [], flags: ['-p'] },
  exec: { valueOpts: ['-a'], flags: ['-c', '-l'] },
  builtin: { valueOpts: [], flags: [] },
  xargs: {
    valueOpts: [
      '-a',
      '-d',
      '-E',
      '-e',
      '-I',
      '-L',
      '-n',
      '-P',
      '-s',
      '--arg-file',
      '--delimiter',
      '--eof',
      '--replace',
      '--max-lines',
      '--max-args',
      '--max-procs',
      '--max-chars',
      '--process-slot-var',
    ],
    flags: [
      '-0',
      '-r',
      '-t',
      '-p',
      '-x',
      '-o',
      '-i',
      '-l',
      '--null',
      '--no-run-if-empty',
      '--verbose',
      '--interactive',
      '--exit',
      '--open-tty',
      '--show-limits',
    ],
  },
  stdbuf: { valueOpts: ['-i', '-o', '-e', '--input', '--output', '--error'], flags: [] },
  ionice: { valueOpts: ['-c', '-n', '--class', '--classdata'], flags: ['-t', '--ignore'] },
  chrt: {
    valueOpts: ['-T', '-P', '-D', '--sched-runtime', '--sched-period', '--sched-deadline'],
    flags: [
      '-a',
      '-b',
      '-d',
      '-e',
      '-f',
      '-i',
      '-o',
      '-r',
      '-R',
      '-v',
      '-m',
      '--all-tasks',
      '--batch',
      '--deadline',
      '--ext',
      '--fifo',
      '--idle',
      '--other',
      '--rr',
      '--reset-on-fork',
      '--verbose',
    ],
    positionals: 1,
  },
  setsid: { valueOpts: [], flags: ['-c', '-f', '-w', '--ctty', '--fork', '--wait'] },
  flock: {
    valueOpts: ['-E', '-w', '--conflict-exit-code', '--timeout'],
    flags: [
      '-s',
      '-x',
      '-e',
      '-n',
      '-u',
      '-o',
      '-F',
      '--shared',
      '--exclusive',
      '--nonblock',
      '--unlock',
      '--close',
      '--no-fork',
      '--verbose',
    ],
    positionals: 1,
  },
  strace: {
    valueOpts: [
      '-o',
      '-e',
      '-p',
      '-s',
      '-u',
      '-E',
      '-I',
      '-a',
      '-b',
      '-X',
      '-P',
      '-S',
      '--output',
      '--expr',
      '--attach',
      '--string-limit',
      '--user',
      '--env',
      '--trace',
      '--signal',
      '--status',
    ],
    flags: [
      '-f',
      '-ff',
      '-c',
      '-C',
      '-d',
      '-D',
      '-i',
      '-k',
      '-q',
      '-qq',
      '-r',
      '-t',
      '-tt',
      '-ttt',
      '-T',
      '-v',
      '-w',
      '-x',
      '-xx',
      '-y',
      '-yy',
      '-z',
      '-Z',
      '-n',
      '--follow-forks',
      '--summary-only',
      '--quiet',
      '--no-abbrev',
      '--decode-fds',
    ],
  },
  ltrace: {
    valueOpts: ['-o', '-e', '-p', '-s', '-u', '-n', '-a', '-A', '-D', '-F', '-l', '-x', '-w', '--output', '--library'],
    flags: ['-b', '-c', '-C', '-f', '-i', '-L', '-r', '-S', '-t', '-tt', '-ttt', '-T', '--demangle'],
  },
  nsenter: {
    valueOpts: ['-t', '-S', '-G', '--target', '--setuid', '--setgid', '--wd', '--root', '--wdns'],
    flags: [
      '-a',
      '-m',
      '-u',
      '-i',
      '-n',
      '-p',
      '-U',
      '-C',
      '-T',
      '-r',
      '-w',
      '-F',
      '--all',
      '--mount',
      '--uts',
      '--ipc',
      '--net',
      '--pid',
      '--user',
      '--cgroup',
      '--time',
      '--preserve-credentials',
      '--no-fork',
    ],
  },
  unshare: {
    valueOpts: [
      '--map-user',
      '--map-group',
      '--propagation',
      '--setgroups',
      '-S',
      '-G',
      '--setuid',
      '--setgid',
      '-R',
      '-w',
      '--root',
      '--wd',
    ],
    flags: [
      '-m',
      '-u',
      '-i',
      '-n',
      '-p',
      '-U',
      '-C',
      '-T',
      '-f',
      '-r',
      '-c',
      '--mount',
      '--uts',
      '--ipc',
      '--net',
      '--pid',
      '--user',
      '--cgroup',
      '--time',
      '--fork',
      '--mount-proc',
      '--map-root-user',
      '--map-current-user',
      '--kill-child',
    ],
  },
  chroot: { valueOpts: ['--userspec', '--groups'], flags: ['--skip-chdir'], positionals: 1 },
  taskset: { valueOpts: [], flags: ['-a', '-p', '-c', '--all-tasks', '--pid', '--cpu-list'], positionals: 1 },
  caffeinate: { valueOpts: ['-t', '-w'], flags: ['-d', '-i', '-m', '-s', '-u'] },
  torsocks: { valueOpts: ['-u', '-p', '-a', '-P'], flags: ['-i', '-d', '-q', '--isolate'] },
  proxychains: { valueOpts: ['-f'], flags: ['-q'] },
  proxychains4: { valueOpts: ['-f'], flags: ['-q'] },
  catchsegv: { valueOpts: [], flags: [] },
  faketime: { valueOpts: [], flags: ['-m', '-f'], positionals: 1 },
  runuser: {
    valueOpts: ['-u', '-g', '-G', '--user', '--group', '--supp-group'],
    flags: ['-l', '-m', '-p', '--login', '--preserve-environment'],
  },
};

/** Wrappers that also raise privileges (judged as `command.privilege` on top of the inner command). */
export const PRIVILEGE_WRAPPERS = new Set(['sudo', 'doas', 'pkexec', 'nsenter', 'unshare', 'chroot', 'runuser']);

export interface Unwrapped {
  /** The inner command's argv (empty when the wrapper runs nothing). */
  inner: string[];
  /** Options we could not classify: the inner command may be misread. */
  unknownOptions: string[];
  /** Leading `NAME=value` words (env). */
  assignments: Record<string, string>;
  /** Values of the options actually used, keyed by option (`-u` ⇒ `root`). */
  options: Array<[string, string | true]>;
  /** Fixed positionals consumed before the inner command. */
  positionals: string[];
}

function longsOf(spec: WrapperSpec): string[] {
  return [...spec.valueOpts, ...spec.flags].filter((o) => o.startsWith('--'));
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

export function unwrapWith(spec: WrapperSpec, args: readonly string[]): Unwrapped {
  const out: Unwrapped = { inner: [], unknownOptions: [], assignments: {}, options: [], positionals: [] };
  let i = 0;
  while (i < args.length) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (spec.assignments && ASSIGNMENT.test(a)) {
      const m = ASSIGNMENT.exec(a)!;
      out.assignments[m[1]!] = m[2]!;
      i++;
      continue;
    }
    if (a === '-' && spec.flags.includes('-')) {
      out.options.push(['-', true]);
      i++;
      continue;
    }
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      // getopt_long takes any unambiguous prefix (`--out` is `--output`); an ambiguous one is refused
      // by the program, and counted as not understood here.
      const m = matchLongOption(a, longsOf(spec));
      const name = m && !m.ambiguous ? m.names[0]! : undefined;
      if (name !== undefined && spec.valueOpts.includes(name)) {
        if (m!.value !== undefined) out.options.push([name, m!.value]);
        else {
          out.options.push([name, args[i + 1] ?? '']);
          i++;
        }
      } else if (name !== undefined && m!.value === undefined) out.options.push([name, true]);
      else out.unknownOptions.push(a);
      i++;
      continue;
    }
    if (spec.numericFlags && /^-\d+$/.test(a)) {
      out.options.push([a, true]);
      i++;
      continue;
    }
    if (spec.flags.includes(a)) {
      out.options.push([a, true]);
      i++;
      continue;
    }
    // A short cluster: flags, possibly ending in a value option (`-Eu root`, `-n19`).
    let consumedNext = false;
    for (let k = 1; k < a.length; k++) {
      const opt = `-${a[k]}`;
      if (spec.valueOpts.includes(opt)) {
        const attached = a.slice(k + 1);
        if (attached) out.options.push([opt, attached]);
        else {
          out.options.push([opt, args[i + 1] ?? '']);
          consumedNext = true;
        }
        break;
      }
      if (spec.flags.includes(opt)) out.options.push([opt, true]);
      else {
        out.unknownOptions.push(a);
        break;
      }
    }
    i += consumedNext ? 2 : 1;
  }
  for (let n = 0; n < (spec.positionals ?? 0) && i < args.length; n++) out.positionals.push(args[i++]!);
  out.inner = args.slice(i);
  return out;
}

/**
 * Multi-call programs: one binary that picks what it does from its argv0, which `exec -a NAME`
 * (and `env -a NAME` / `env --argv0=NAME` in newer GNU coreutils) set apart from the file that runs.
 * Each entry maps the argv0 and the arguments to the command the program then behaves as.
 * A program not named here with a foreign argv0 is an unknown reading (asked).
 */
export const MULTI_CALL: Readonly<
  Record<string, (argv0: string, program: string, args: readonly string[]) => string[]>
> = {
  // git.c: the basename of argv0; `git-SUB` runs the builtin SUB with the arguments that follow
  // (`exec -a git-rebase git log -x CMD --root` is `git rebase log -x CMD --root`). Any other
  // name, the login dash `-git-rebase` included, is plain git.
  git: (argv0, program, args) => {
    const base = baseName(argv0);
    return base.startsWith('git-') ? [program, base.slice(4), ...args] : [program, ...args];
  },
  // busybox/toybox: a leading `-` (login shells) is dropped, then the basename names the applet;
  // a name starting with the program's own is the multiplexer, which reads the applet from argv[1].
  busybox: (argv0, program, args) => appletCall('busybox', argv0, program, args),
  toybox: (argv0, program, args) => appletCall('toybox', argv0, program, args),
};

function appletCall(self: string, argv0: string, program: string, args: readonly string[]): string[] {
  const base = baseName(argv0.startsWith('-') ? argv0.slice(1) : argv0);
  return base.startsWith(self) ? [program, ...args] : [base, ...args];
}

export function baseName(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** How a program started with a chosen argv0 behaves. */
export type Argv0Reading =
  | { kind: 'same' }
  | { kind: 'dispatch'; program: string; argv: string[] }
  | { kind: 'unknown' };

/**
 * `program` is the command word as written, `real` the file it resolves to (symlinks followed:
 * an Alpine `ls` is busybox). The same basename (a login dash aside) changes nothing; a
 * multi-call program behaves as its table says; anything else is not known here.
 */
export function readArgv0(
  argv0: string,
  program: string,
  real: string | undefined,
  args: readonly string[],
): Argv0Reading {
  const name = baseName(argv0);
  const own = baseName(program);
  if ((name.startsWith('-') ? name.slice(1) : name) === own) return { kind: 'same' };
  for (const id of [real === undefined ? undefined : baseName(real), own]) {
    if (id !== undefined && hasMultiCall(id))
      return { kind: 'dispatch', program: id, argv: MULTI_CALL[id]!(argv0, program, args) };
  }
  return { kind: 'unknown' };
}

function hasMultiCall(id: string): boolean {
  return Object.hasOwn(MULTI_CALL, id);
}
