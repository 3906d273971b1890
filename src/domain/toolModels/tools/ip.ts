import type { Effect, OptionModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';

/**
 * iproute2's global options, in the order ip.c tries them. ip matches an option word as a
 * prefix of each name in turn (`matches()`), so `-b` is `-batch` (tried before `-brief`) and `-h`
 * is `-human`; `--x` is `-x`. Each entry's names are its prefixes no earlier entry took, so the
 * exact-word parser (`syntax: 'single'`) reads them as ip does.
 */
const GLOBALS: readonly {
  name: string;
  exact?: boolean;
  value?: boolean;
  effect?: Effect;
  why?: string;
  eg: string;
}[] = [
  { name: '-loops', value: true, eg: 'ip -loops 3 addr' },
  { name: '-family', value: true, eg: 'ip -family inet addr' },
  { name: '-4', exact: true, eg: 'ip -4 addr' },
  { name: '-6', exact: true, eg: 'ip -6 route' },
  { name: '-0', exact: true, eg: 'ip -0 addr' },
  { name: '-M', exact: true, eg: 'ip -M route' },
  { name: '-B', exact: true, eg: 'ip -B link' },
  { name: '-human', eg: 'ip -human -s link' },
  { name: '-human-readable', eg: 'ip -human-readable -s link' },
  { name: '-iec', eg: 'ip -iec -s link' },
  { name: '-stats', eg: 'ip -stats link' },
  { name: '-statistics', eg: 'ip -statistics link' },
  { name: '-details', eg: 'ip -details link' },
  { name: '-resolve', eg: 'ip -resolve route' },
  { name: '-oneline', eg: 'ip -oneline addr' },
  { name: '-timestamp', eg: 'ip -timestamp addr' },
  { name: '-tshort', eg: 'ip -tshort addr' },
  { name: '-Version', eg: 'ip -Version' },
  { name: '-force', eg: 'ip -force addr' },
  {
    name: '-batch',
    value: true,
    effect: 'exec',
    why: 'runs every ip command in that file (route changes, netns exec), which the review cannot see',
    eg: 'ip -batch cmds.txt',
  },
  { name: '-brief', eg: 'ip -brief addr' },
  { name: '-json', eg: 'ip -json addr' },
  { name: '-pretty', eg: 'ip -pretty -json addr' },
  { name: '-rcvbuf', value: true, eg: 'ip -rcvbuf 65536 addr' },
  { name: '-color', eg: 'ip -color addr' },
  { name: '-help', eg: 'ip -help' },
  // Switches into a named namespace (setns) before the command: the object's command judges what it does there.
  { name: '-netns', value: true, eg: 'ip -netns blue addr' },
  { name: '-Numeric', eg: 'ip -Numeric addr' },
  { name: '-all', eg: 'ip -all addr' },
  { name: '-echo', eg: 'ip -echo addr' },
];

function globalOptions(): OptionModel[] {
  const taken = new Set<string>();
  const byName = new Map<string, OptionModel>();
  const out: OptionModel[] = [];
  for (const g of GLOBALS) {
    // `-stats` and `-statistics` are one option: the second adds its own prefixes to the first.
    const key = g.name === '-statistics' ? '-stats' : g.name === '-human-readable' ? '-human' : g.name;
    let entry = byName.get(key);
    if (!entry) {
      entry = {
        names: [],
        arity: g.value ? 'required' : 'none',
        effect: g.effect ?? 'none',
        example: g.eg,
        ...(g.why ? { why: g.why } : {}),
      };
      byName.set(key, entry);
      out.push(entry);
    }
    const names = entry.names as string[];
    const spellings = g.exact ? [g.name] : [...g.name].slice(1).map((_, k) => g.name.slice(0, k + 2));
    for (const s of spellings) if (!taken.has(s)) taken.add(s), names.push(s);
    // `-color=always|auto|never` (matches_color): the value attached with `=` to any prefix.
    if (g.name === '-color')
      for (const s of spellings) for (const w of ['always', 'auto', 'never']) names.push(`${s}=${w}`);
  }
  return out;
}

/** ip (iproute2 6.x): the global options; the object and its command are judged by `ipShowsOnly`. */
export const ipModel: ToolModel = {
  commands: ['ip'],
  syntax: 'single',
  options: globalOptions(),
  // OBJECT COMMAND ARGS: data here; `ipShowsOnly` (rule net:ip-show) proves the command reads.
  operands: { rest: 'none' },
};

/**
 * The objects whose listing ip may run unasked: every spelling ip resolves to them (its object
 * table is tried in order, each as a prefix: `a` is address, `r` route, `n` neighbor, `l` link),
 * and per object the commands ip tries before `list`/`show`/`lst` (do_ipaddr, do_iproute, …): a
 * word that is a prefix of one of those is that command (`ip link s` is `set`), so it asks.
 */
const OBJECTS: readonly { spellings: readonly string[]; before: readonly string[] }[] = [
  { spellings: prefixes('address', 1), before: ['add', 'change', 'chg', 'replace', 'delete'] },
  {
    spellings: prefixes('route', 1),
    before: ['add', 'change', 'chg', 'replace', 'prepend', 'append', 'test', 'delete'],
  },
  { spellings: prefixes('rule', 2), before: ['add', 'delete', 'flush', 'save', 'restore', 'help'] },
  {
    spellings: [...prefixes('neighbor', 1), ...prefixes('neighbour', 6)],
    before: ['add', 'change', 'chg', 'replace', 'delete'],
  },
  { spellings: prefixes('link', 1), before: ['add', 'set', 'change', 'replace', 'delete'] },
  {
    spellings: prefixes('netns', 3),
    before: ['add', 'attach', 'set', 'delete', 'identify', 'pids', 'exec', 'monitor', 'help'],
  },
];

function prefixes(word: string, min: number): string[] {
  const out: string[] = [];
  for (let k = min; k <= word.length; k++) out.push(word.slice(0, k));
  return out;
}

const SHOW_WORDS = ['list', 'show', 'lst'];

/**
 * True when `ip ARGS` only lists: no operands (usage), or a listed object with no command or a
 * `show`/`list`/`lst` spelling no earlier command of that object takes. Everything else (any
 * change, `netns exec`, `monitor`, an abbreviation of a change, an object not listed) is false.
 */
export function ipShowsOnly(args: readonly string[]): boolean {
  // Rules net:ip-show and net:ip-change both ask, with the same argument list: read it once.
  let shows = SHOWN.get(args);
  if (shows === undefined) SHOWN.set(args, (shows = readShowsOnly(args)));
  return shows;
}

const SHOWN = new WeakMap<readonly string[], boolean>();

/**
 * Commands that only read, beyond the listings, per object: `help` prints the object's usage
 * (no object's command before it starts with `h`), and `ip route get ADDR` asks the kernel which
 * route it would take (RTM_GETROUTE: a lookup, nothing is sent or changed). Whole words only.
 */
const READS: Readonly<Record<string, readonly string[]>> = { route: ['get'] };

function readShowsOnly(args: readonly string[]): boolean {
  const { operands } = parseArgv(ipModel, args);
  const [object, command] = operands;
  if (object === undefined) return true;
  // `ip help` (and every prefix of it: no object before `help` in ip's table starts with `h`).
  if (object !== '' && 'help'.startsWith(object)) return true;
  const o = OBJECTS.find((x) => x.spellings.includes(object));
  if (!o) return false;
  if (command === undefined) return true;
  if (command === 'help' || (READS[o.spellings[o.spellings.length - 1]!] ?? []).includes(command)) return true;
  return (
    command !== '' &&
    SHOW_WORDS.some((w) => w.startsWith(command)) &&
    !o.before.some((w) => w.startsWith(command)) &&
    // `ip netns list-id` and the like: only the listing itself for netns.
    (o.before.includes('exec') ? operands.length === 2 : true)
  );
}
