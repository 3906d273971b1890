import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * procps-ng ps: UNIX options after `-`, BSD letters without one, GNU long options (exact).
 * BSD `e` prints every listed process's environment: other programs' tokens and keys.
 */
const BSD = (letters: string, example = 'ps a'): ReturnType<typeof opt>[] => [...letters].map((l) => opt(l, example.replace('a', l)));

export const psModel: ToolModel = {
  commands: ['ps'],
  syntax: 'ps',
  longPrefixes: false,
  options: [
    opt('e', 'ps auxe', 'exposes'),
    // UNIX options.
    ...plain('ps', '', '-A', '-e', '-a', '-d', '-N, --deselect', '-F', '-f', '-H', '-j', '-l', '-M', '-P', '-y', '-L', '-T', '-c', '-m', '-w',
      '-V', '-Z'),
    ...plain('ps', '', '-C CMD', '-G GID', '-g GRP', '-p PID', '-q PID', '-s SID', '-t TTY', '-u UID', '-U UID', '-O FMT', '-o FMT'),
    ...plain('ps', '', '--Group=GID', '--group=GRP', '--pid=PID', '--ppid=PID', '--quick-pid=PID', '--sid=SID', '--tty=TTY', '--user=UID',
      '--User=UID', '--format=FMT', '--forest', '--context', '--headers', '--no-headers', '--cols=N', '--columns=N', '--width=N',
      '--rows=N', '--lines=N', '--sort=KEYS', '--cumulative', '--version', '--help[=SECTION]', '--info', '--signames'),
    // BSD options (no dash); `p t U o O k q` take a value.
    ...BSD('arTxfjlZsuvXHmcLnSVwgh'),
    ...['p', 't', 'U', 'o', 'O', 'k', 'q'].map((l) => opt(`${l} VALUE`, `ps ${l} 1`)),
  ],
  operands: { rest: 'none' },
};

/** procps-ng pgrep (and its options' values): -F reads a pid file. */
export const pgrepModel: ToolModel = {
  commands: ['pgrep'],
  options: [
    opt('-F, --pidfile FILE', 'pgrep -F app.pid', 'read'),
    ...plain('pgrep', 'node', '-d, --delimiter STRING', '-l, --list-name', '-a, --list-full', '-v, --inverse', '-w, --lightweight',
      '-c, --count', '-f, --full', '-g, --pgroup PGID', '-G, --group GID', '-i, --ignore-case', '-n, --newest', '-o, --oldest',
      '-O, --older SECONDS', '-P, --parent PPID', '-s, --session SID', '-t, --terminal TTY', '-u, --euid ID', '-U, --uid ID',
      '-x, --exact', '-L, --logpidfile', '-r, --runstates STATE', '-A, --ignore-ancestors', '--cgroup GRP', '--ns PID',
      '--nslist NS', '-h, --help', '-V, --version'),
  ],
  // The operand is a process-name pattern.
  operands: { rest: 'none' },
};
