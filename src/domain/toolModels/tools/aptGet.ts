import type { ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';
import { aptCommonOptions } from './apt.js';

/**
 * apt-get 2.6 (addArgumentsAPTGet in apt-private/private-cmndline.cc, apt-get(8)): the union of
 * the options its commands take, on APT's parser (long options matched whole, `--no-NAME`,
 * short clusters, options anywhere). The shared options (`-o`, `-c` ask) are apt.ts's. The
 * command word and package names are data; an operand with a `/` or a `.deb`/`.dsc`/`.changes`
 * name is a local file apt-get reads (`install ./x.deb`, `build-dep ./src`).
 *
 * `--solver NAME` runs an external EDSP solver program (/usr/lib/apt/solvers/NAME), even
 * under `-s`: it asks as a program run.
 */
const CMD = 'apt-get';
const SIM = '-s, --simulate, --just-print, --dry-run, --recon, --no-act';

export const aptGetModel: ToolModel = {
  commands: [CMD],
  longPrefixes: false,
  negatable: true,
  options: [
    ...aptCommonOptions(CMD, 'check'),
    opt('--solver=NAME', `${CMD} -s install jq --solver=internal`, 'exec', {
      dataIf: /^internal$/,
      why: 'an external dependency solver, a program apt-get runs',
    }),
    { ...opt(SIM, `${CMD} -s install jq`), tags: ['simulate'] },
    ...plain(
      CMD,
      'check',
      '-v, --version',
      '-e, --error-on=any',
      '--show-progress',
      '-f, --fix-broken',
      '--purge',
      '-V, --verbose-versions',
      '--auto-remove, --autoremove',
      '--reinstall',
      '--new-pkgs, --with-new-pkgs',
      '--list-cleanup',
      '-b, --compile, --build',
      '-P, --build-profiles=PROFILES',
      '--diff-only, --debian-only, --tar-only, --dsc-only',
      '-a, --host-architecture=ARCH',
      '--format=FORMAT',
      '--release-info',
      '-d, --download-only',
      '-y, --yes, --assume-yes',
      '--assume-no',
      '-u, --show-upgraded',
      '-m, --ignore-missing, --fix-missing',
      '--download',
      '--ignore-hold',
      '--upgrade',
      '--only-upgrade',
      '--allow-change-held-packages',
      '--allow-remove-essential',
      '--allow-downgrades',
      '--force-yes',
      '--print-uris',
      '--trivial-only',
      '--remove',
      '--mark-auto',
      '--only-source',
      '--arch-only',
      '--indep-only',
      '--allow-unauthenticated',
      '--allow-insecure-repositories',
      '--allow-releaseinfo-change',
      '--install-recommends',
      '--install-suggests',
      '--fix-policy',
    ),
  ],
  operands: { rest: 'none', effectIf: [[/^(.*\/.*|.*\.(?:deb|dsc|changes))$/, 'read']] },
};

/**
 * Commands that change nothing: `check` opens the cache (rebuilding it when stale, as apt-cache
 * does) and reports broken dependencies; `indextargets` lists the index files.
 */
const QUERIES: ReadonlySet<string> = new Set(['check', 'indextargets']);

/**
 * Commands `-s` simulates (apt-get(8): "No action; perform a simulation … do not actually
 * change the system. Locking will be disabled"): they print the plan and download, unpack,
 * run and delete nothing (`clean -s` prints `Del …`). `source`, `download`, `changelog` and
 * `update` are no simulations (network, files written, builds): they ask.
 */
const SIMULATED: ReadonlySet<string> = new Set([
  'install',
  'reinstall',
  'remove',
  'purge',
  'autoremove',
  'auto-remove',
  'autopurge',
  'upgrade',
  'dist-upgrade',
  'full-upgrade',
  'dselect-upgrade',
  'build-dep',
  'satisfy',
  'clean',
  'autoclean',
  'auto-clean',
]);

/**
 * APT's boolean words (StringToBool, apt-pkg/contrib/strutl.cc): a flag takes the next word when
 * it is one (`-s no` turns simulation off). Besides the words, strtol's numbers 0 and 1 in any
 * base-0 spelling (`0`, `00`, `0x0`, ` +1`) count (attack pass 11: `apt-get install jq -s 0`
 * installed); any whole number is read as one, the stricter reading.
 */
const SENSE = /^(?:yes|true|with|enable|on|no|false|without|disable|off|\s*[+-]?(?:0x[0-9a-f]+|\d+))$/i;

/**
 * Simulation is on only when written as a whole word (`-s`, `--dry-run`, …) that takes no
 * value, and nothing turns it off. APT's CommandLine (apt-pkg/contrib/cmndline.cc) reads
 * `-s no`, `-sno`, `-s=false`, `--simulate=no`, `--no-simulate`, `--disable-dry-run` and
 * `--SIMULATE` (case-insensitive) too, so any other spelling of a simulation option, and any
 * boolean word on the line, leaves the command unproven (asked).
 */
function simulates(args: readonly string[]): boolean {
  const names = aptGetModel.options.find((o) => o.tags?.includes('simulate'))!.names;
  const longs = names.filter((n) => n.startsWith('--')).map((n) => n.slice(2));
  let on = false;
  for (const a of args) {
    if (a === '--') break;
    if (SENSE.test(a)) return false;
    if (names.includes(a)) on = true;
    else if (a.startsWith('--')) {
      const name = a.slice(2).split('=')[0]!.toLowerCase();
      // `--Simulate`, `--dry-run=no`, `--no-simulate`, `--disable-recon`, `--no-s`.
      if ([...longs, 's'].some((n) => name === n || name.endsWith(`-${n}`))) return false;
    } else if (/^-[^-]/.test(a) && a.length > 2 && a.includes('s')) return false; // `-sno`, `-ys`
  }
  return on;
}

/** `apt-get ARGS` only reads: a query command, or a simulated one. */
export function aptGetQueries(args: readonly string[]): boolean {
  const word = parseArgv(aptGetModel, args).operands[0];
  if (word === undefined) return false;
  return QUERIES.has(word) || (SIMULATED.has(word) && simulates(args));
}
