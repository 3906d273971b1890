import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * ss (iproute2 6.x): lists sockets. `-K` closes the sockets it lists; `-D FILE` writes a raw
 * dump; `-F FILE` reads the filter from a file. The filter expression (operands) is data.
 */
export const ssModel: ToolModel = {
  ownsPaths: true,
  commands: ['ss'],
  options: [
    opt('-K, --kill', 'ss -K dst 192.0.2.1', 'system', { why: 'forcibly closes every socket the filter matches' }),
    opt('-D, --diag=FILE', 'ss -t -D dump.bin', 'write', { why: 'dumps raw TCP socket information there' }),
    opt('-F, --filter=FILE', 'ss -F filter.txt', 'read'),
    // Switches into that network namespace (setns) to list its sockets: a read.
    opt('-N, --net=NETNS', 'ss -N blue -t'),
    ...plain(
      'ss',
      '',
      '-h, --help',
      '-V, --version',
      '-v',
      '-n, --numeric',
      '-r, --resolve',
      '-a, --all',
      '-l, --listening',
      '-o, --options',
      '-e, --extended',
      '-m, --memory',
      '-p, --processes',
      '-T, --threads',
      '-i, --info',
      '--tipcinfo',
      '-s, --summary',
      '--tos',
      '--cgroup',
      '-b, --bpf',
      '-E, --events',
      '-Z, --context',
      '-z, --contexts',
      '-4, --ipv4',
      '-6, --ipv6',
      '-0, --packet',
      '-t, --tcp',
      '-M, --mptcp',
      '-S, --sctp',
      '-u, --udp',
      '-d, --dccp',
      '-w, --raw',
      '-x, --unix',
      '--tipc',
      '--vsock',
      '--xdp',
      '-f, --family=FAMILY',
      '-H, --no-header',
      '-O, --oneline',
      '--inet-sockopt',
      '-A, --query=QUERY, --socket=QUERY',
    ),
  ],
  operands: { rest: 'none' },
};

/** netstat (net-tools 2.10): lists sockets, routes, interfaces; every option only reads. */
export const netstatModel: ToolModel = {
  commands: ['netstat'],
  options: plain(
    'netstat',
    '',
    '-r, --route',
    '-i, --interfaces',
    '-g, --groups',
    '-s, --statistics',
    '-M, --masquerade',
    '-v, --verbose',
    '-W, --wide',
    '-n, --numeric',
    '--numeric-hosts',
    '--numeric-ports',
    '--numeric-users',
    '-N, --symbolic',
    '-e, --extend',
    '-p, --programs',
    '-o, --timers',
    '-c, --continuous',
    '-l, --listening',
    '-a, --all',
    '-F, --fib',
    '-C, --cache',
    '-Z, --context',
    '-V, --version',
    '-h, --help',
    '-t, --tcp',
    '-u, --udp',
    '-U, --udplite',
    '-S, --sctp',
    '-w, --raw',
    '-x, --unix',
    '-2, --l2cap',
    '-f, --rfcomm',
    '-A, --protocol=FAMILY',
    '-d',
    '-4',
    '-6',
    '--ax25',
    '--ip',
    '--ipx',
    '--appletalk',
    '--netrom',
    '--inet',
    '--inet6',
    '--ddp',
    '--tcpip',
    '--x25',
    '--rose',
    '--bluetooth',
  ),
  operands: { rest: 'none' },
};

/**
 * ifconfig (net-tools 2.10): with no operand or one interface name it lists; every word after
 * the interface (an address, `up`, `down`, `mtu N`, `-promisc`…) changes the interface.
 */
export const ifconfigModel: ToolModel = {
  commands: ['ifconfig'],
  options: plain('ifconfig', '', '-a', '-v', '-s', '-h, --help', '-V, --version'),
  operands: { leading: ['none'], rest: 'system' },
};

/**
 * lsof 4.95: lists open files, sockets among them (`lsof -i :3000`). Nothing is written or run;
 * `-D` (device cache files, `-Db` writes one), `-k`/`-m` (other kernel files) and `+`-options
 * other than the listed ones are left out, so they ask. Operands are files whose users are listed:
 * judged as reads (lsof only stats them; the stricter reading), and `+D DIR` walks DIR's names.
 */
export const lsofModel: ToolModel = {
  commands: ['lsof'],
  options: [
    opt('-p PIDS', 'lsof -p 123'),
    opt('-u USERS', 'lsof -u alice'),
    opt('-c NAME', 'lsof -c node'),
    opt('-g[PGIDS]', 'lsof -g123'),
    opt('-d FDS', 'lsof -d 0-2'),
    opt('-s[PROTO:STATE]', 'lsof -sTCP:LISTEN -i'),
    opt('-S[TIMEOUT]', 'lsof -S5 -i'),
    opt('-T[FLAGS]', 'lsof -Tqs -i'),
    opt('-F[FIELDS]', 'lsof -Fpcn -i'),
    opt('-o[DIGITS]', 'lsof -o a.txt'),
    opt('-r[SECONDS]', 'lsof -r2 -i'),
    opt('-e PATH', 'lsof -e /run/user/1000/gvfs'),
    // `-i [ADDR]`: the address is attached (`-i:3000`, `-iTCP`); a separate word is an operand here.
    opt('-i[ADDR]', 'lsof -i:3000'),
    opt('-Z[CONTEXT]', 'lsof -Z -i'),
    // With +D/+d: cross mount points (f) or symlinks (l) while walking.
    opt('-x[FL]', 'lsof -xf -i'),
    ...plain(
      'lsof',
      '',
      '-a',
      '-b',
      '-C',
      '-E',
      '-h',
      '-?',
      '-K',
      '-l',
      '-L',
      '-n',
      '-N',
      '-O',
      '-P',
      '-Q',
      '-R',
      '-t',
      '-U',
      '-v',
      '-V',
      '-w',
      '-X',
    ),
  ],
  operands: { rest: 'read' },
};
