import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/*
 * Network probes: the host they reach and any server they are told to ask are `network`
 * targets for the URL policy (metadata and link-local blocked, private asks, loopback and public
 * run, as for curl). Data they put into packets (`ping -p`) and files of queries (`dig -f`) ask.
 * Not installed on the build machine (no drift test): modelled from their manuals
 * (iputils 20240117, traceroute 2.1, BIND 9.18).
 */

/** iputils ping: every operand is a host (the last the target, the others IPv4 route hops). */
export const pingModel: ToolModel = {
  commands: ['ping', 'ping4', 'ping6'],
  options: [
    opt('-p PATTERN', 'ping -c 1 -p ff00 example.com', 'sends', {
      why: 'fills the packets with those bytes, a channel out of the machine',
    }),
    opt('-f', 'ping -f example.com', 'sends', { why: 'floods the target with packets' }),
    ...plain(
      'ping',
      'example.com',
      '-3',
      '-4',
      '-6',
      '-a',
      '-A',
      '-b',
      '-B',
      '-c COUNT',
      '-C',
      '-d',
      '-D',
      '-e IDENTIFIER',
      '-F FLOWLABEL',
      '-h',
      '-H',
      '-i INTERVAL',
      '-I INTERFACE',
      '-l PRELOAD',
      '-L',
      '-m MARK',
      '-M PMTUDISC',
      '-n',
      '-N NODEINFO',
      '-O',
      '-q',
      '-Q TOS',
      '-r',
      '-R',
      '-s SIZE',
      '-S SNDBUF',
      '-t TTL',
      '-T TIMESTAMP',
      '-U',
      '-v',
      '-V',
      '-w DEADLINE',
      '-W TIMEOUT',
    ),
  ],
  operands: { rest: 'network' },
};

/** traceroute 2.1 (Butskoy): HOST [PACKETLEN]; `-g GATE` routes through another host. */
export const tracerouteModel: ToolModel = {
  commands: ['traceroute', 'traceroute6'],
  options: [
    opt('-g, --gateway=GATE', 'traceroute -g 192.0.2.1 example.com', 'network'),
    ...plain(
      'traceroute',
      'example.com',
      '-4',
      '-6',
      '-d, --debug',
      '-F, --dont-fragment',
      '-f, --first=FIRST_TTL',
      '-I, --icmp',
      '-T, --tcp',
      '-i, --interface=DEVICE',
      '-m, --max-hops=MAX_TTL',
      '-N, --sim-queries=SQUERIES',
      '-n',
      '-p, --port=PORT',
      '-t, --tos=TOS',
      '-l, --flowlabel=FLOW_LABEL',
      '-w, --wait=MAX',
      '-q, --queries=NQUERIES',
      '-r',
      '-s, --source=SRC_ADDR',
      '-z, --sendwait=SENDWAIT',
      '-e, --extensions',
      '-A, --as-path-lookups',
      '-M, --module=NAME',
      '-O, --options=OPTS',
      '-U, --udp',
      '-D, --dccp',
      '-P, --protocol=PROT',
      '--sport=NUM',
      '--fwmark=NUM',
      '--mtu',
      '--back',
      '-V, --version',
      '--help',
    ),
  ],
  operands: { leading: ['network'], rest: 'none' },
};

/**
 * BIND dig: `@SERVER` is the server asked (network); `-f FILE` sends each line of FILE as a
 * query (a file's lines leave the machine); `-k FILE` reads a TSIG key. A `+opt=VALUE` value is
 * judged as a path read (`+tls-keyfile=`, `+tls-certfile=`, `+tls-ca=`): a secret file is
 * refused, any other value (`+time=2`) is a harmless read. Names, types, classes are data.
 */
export const digModel: ToolModel = {
  ownsPaths: true,
  commands: ['dig'],
  options: [
    opt('-f FILE', 'dig -f queries.txt', 'list', { why: 'sends every line of that file as a DNS query' }),
    opt('-k KEYFILE', 'dig -k tsig.key example.com', 'read'),
    ...plain(
      'dig',
      'example.com',
      '-4',
      '-6',
      '-b ADDRESS',
      '-c CLASS',
      '-h',
      '-i',
      '-m',
      '-p PORT',
      '-q NAME',
      '-r',
      '-t TYPE',
      '-u',
      '-v',
      '-x ADDR',
      '-y KEY',
    ),
  ],
  operands: {
    rest: 'none',
    effectIf: [
      [/^@(.*)$/, 'network'],
      [/^\+[^=]*=(.*)$/, 'read'],
    ],
  },
};

/** BIND host: NAME [SERVER]; the server is asked (network). */
export const hostModel: ToolModel = {
  commands: ['host'],
  options: plain(
    'host',
    'example.com',
    '-a',
    '-A',
    '-C',
    '-d',
    '-i',
    '-l',
    '-n',
    '-r',
    '-s',
    '-T',
    '-U',
    '-v',
    '-V',
    '-w',
    '-4',
    '-6',
    '-c CLASS',
    '-D',
    '-m FLAG',
    '-N NDOTS',
    '-p PORT',
    '-R NUMBER',
    '-t TYPE',
    '-W WAIT',
  ),
  operands: { leading: ['none', 'network'], rest: 'none' },
};

/**
 * BIND nslookup: `[-option…] NAME [SERVER]`; options are `-word[=value]` settings (data). A
 * name of `-` reads commands from stdin (interactive mode): a list the review cannot see. With
 * no name at all it is interactive too: rule net:inspect does not allow it, so it asks.
 */
export const nslookupModel: ToolModel = {
  commands: ['nslookup'],
  syntax: 'words',
  options: [],
  operands: { leading: ['none', 'network'], rest: 'none', optionIf: /^-./, effectIf: [[/^-$/, 'list']] },
};
