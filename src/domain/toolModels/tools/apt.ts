import type { OptionModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * What every APT binary's parser adds (getCommandArgs in private-cmndline.cc): help, version,
 * quiet, the configuration file and items, the release and an extra source file. apt-get
 * (aptGet.ts) shares them; `-o` and `-c` ask.
 */
export function aptCommonOptions(cmd: string, tail: string): OptionModel[] {
  return [
    opt('-o, --option=ITEM', `${cmd} -o Debug::NoLocking=1 ${tail}`, 'loads', {
      why: 'sets any APT configuration item: Dir::* moves the files apt reads and writes, *::Pre-Invoke runs programs',
    }),
    opt('-c, --config-file=FILE', `${cmd} -c apt.conf ${tail}`, 'loads', {
      why: 'an APT configuration file, whose items can run programs',
    }),
    opt('--with-source=FILE', `${cmd} --with-source Packages ${tail}`, 'read'),
    ...plain(cmd, tail, '-h, --help', '-q, --quiet, --silent', '-t, --target-release, --default-release=RELEASE'),
  ];
}

/**
 * APT 2.x's CommandLine (apt-private/private-cmndline.cc): long options matched whole (no
 * prefixes), every boolean also as `--no-NAME`, short clusters, options anywhere. One table per
 * binary, the union of the options its query commands take (`-s` is `--src-cache` there, not
 * apt-get's `--simulate`). `-o` sets any configuration item (Dir::Bin::*, DPkg::Pre-Invoke and
 * APT::Update::Pre-Invoke run programs; Dir::* moves what apt reads and writes) and `-c` reads a
 * whole configuration file: both ask. The command word and package names are data; the rule
 * (pkg:system-packages-query) allows only the query commands listed below.
 */
function aptOptions(cmd: string): OptionModel[] {
  return [
    ...aptCommonOptions(cmd, 'policy'),
    // apt-cache rebuilds its binary caches there when they are stale (as root it writes them).
    opt('-p, --pkg-cache=FILE', `${cmd} -p pkgcache.bin policy`, 'write'),
    opt('-s, --src-cache=FILE', `${cmd} -s srcpkgcache.bin policy`, 'write'),
    ...plain(
      cmd,
      'show jq',
      '-v, --version, --verbose',
      '-a, --all-versions',
      '-f, --full',
      '-n, --names-only',
      '-i, --important',
      '-g, --generate',
      '--installed',
      '--upgradable',
      '--manual-installed',
      '--pre-depends',
      '--depends',
      '--recommends',
      '--suggests',
      '--replaces',
      '--breaks',
      '--conflicts',
      '--enhances',
      '--recurse',
      '--implicit',
      '--all-names',
      '--only-source',
    ),
  ];
}

export const aptModel: ToolModel = {
  commands: ['apt'],
  longPrefixes: false,
  negatable: true,
  options: aptOptions('apt'),
  operands: { rest: 'none' },
};

export const aptCacheModel: ToolModel = {
  commands: ['apt-cache'],
  longPrefixes: false,
  negatable: true,
  options: aptOptions('apt-cache'),
  operands: { rest: 'none' },
};

/** The commands each binary runs without changing anything (apt-cache `gencaches` writes its caches: not listed). */
const APT_QUERIES: Readonly<Record<string, ReadonlySet<string>>> = {
  apt: new Set(['list', 'search', 'show', 'info', 'policy', 'depends', 'rdepends']),
  'apt-cache': new Set([
    'search',
    'show',
    'showpkg',
    'showsrc',
    'depends',
    'rdepends',
    'policy',
    'madison',
    'pkgnames',
    'stats',
    'unmet',
    'dump',
    'dumpavail',
    'dotty',
    'xvcg',
  ]),
};

/** `apt ARGS` / `apt-cache ARGS` runs a query command (the first operand, options anywhere). */
export function aptQueries(command: string, args: readonly string[]): boolean {
  const model = command === 'apt' ? aptModel : aptCacheModel;
  const word = parseArgv(model, args).operands[0];
  return word !== undefined && APT_QUERIES[command]!.has(word);
}

const QUERY = 'query';
const ACTION = 'action';

/** A dpkg/dpkg-query action that only reads the package database. */
const query = (spelling: string, example: string, more: Partial<OptionModel> = {}): OptionModel =>
  opt(spelling, example, 'none', { tags: [QUERY], ...more });

/** An action that installs, removes, unpacks or configures: dpkg runs maintainer scripts as root. */
const action = (spelling: string, example: string): OptionModel =>
  opt(spelling, example, 'system', {
    tags: [ACTION],
    why: 'installs, removes, unpacks or reconfigures packages, or writes archives; shimctl models only the queries as reads',
  });

/** Options both binaries take: the database and root they read (written by dpkg's other actions). */
function dbOptions(cmd: string): OptionModel[] {
  return [
    opt('--admindir=DIR', `${cmd} -l --admindir=/var/lib/dpkg`, 'write', {
      recursive: true,
      effectWhen: { inspect: 'read' },
    }),
    // dpkg sets instdir to DIR and admindir to DIR/var/lib/dpkg: a query reads only that
    // database (`-V` also checksums the packages' files under DIR, printing no content).
    opt('--root=DIR', `${cmd} -l --root=/srv/chroot`, 'write', {
      recursive: true,
      effectWhen: { inspect: 'read' },
      readsBelow: '/var/lib/dpkg',
    }),
    opt('--load-avail', `${cmd} -l --load-avail`),
    opt('--no-pager', `${cmd} -l --no-pager`),
    opt('-?, --help', `${cmd} --help`, 'none', { tags: [QUERY] }),
    opt('--version', `${cmd} --version`, 'none', { tags: [QUERY] }),
  ];
}

/** The query actions of both binaries (dpkg passes them on to dpkg-query). */
function queries(cmd: string): OptionModel[] {
  return [
    query('-s, --status', `${cmd} -s jq`),
    query('-p, --print-avail', `${cmd} -p jq`),
    query('-L, --listfiles', `${cmd} -L jq`),
    query('-l, --list', `${cmd} -l`),
    query('-S, --search', `${cmd} -S /bin/ls`),
  ].map((o) => ({ ...o, sets: 'inspect' as const }));
}

/**
 * dpkg 1.21-1.22 (its own myopt parser: long options matched whole, `--opt=value` or the next
 * word). Query actions set `inspect`, under which `--admindir`/`--root` are read; every other
 * action is `system` and asks. `--force-THING`, `--no-force-THING`, `--refuse-THING`,
 * `--assert-FEATURE` and `--validate-THING` are families the model does not spell out: any of
 * them asks as an unknown option.
 */
export const dpkgModel: ToolModel = {
  commands: ['dpkg'],
  longPrefixes: false,
  options: [
    ...queries('dpkg'),
    ...dbOptions('dpkg'),
    opt('--print-architecture', 'dpkg --print-architecture', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('--print-foreign-architectures', 'dpkg --print-foreign-architectures', 'none', {
      tags: [QUERY],
      sets: 'inspect',
    }),
    opt('--get-selections', 'dpkg --get-selections', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('-C, --audit', 'dpkg -C', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('-V, --verify', 'dpkg -V jq', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('--yet-to-unpack', 'dpkg --yet-to-unpack', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('--predep-package', 'dpkg --predep-package', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('--compare-versions', 'dpkg --compare-versions 1.0 lt 1.1', 'none', { tags: [QUERY], sets: 'inspect' }),
    opt('--assert-help', 'dpkg --assert-help', 'none', { tags: [QUERY] }),
    opt('--force-help', 'dpkg --force-help', 'none', { tags: [QUERY] }),
    action('-i, --install', 'dpkg -i jq.deb'),
    action('--unpack', 'dpkg --unpack jq.deb'),
    action('-A, --record-avail', 'dpkg -A jq.deb'),
    action('--configure', 'dpkg --configure jq'),
    action('--triggers-only', 'dpkg --triggers-only jq'),
    action('-r, --remove', 'dpkg -r jq'),
    action('-P, --purge', 'dpkg -P jq'),
    action('--set-selections', 'dpkg --set-selections'),
    action('--clear-selections', 'dpkg --clear-selections'),
    action('--update-avail', 'dpkg --update-avail Packages'),
    action('--merge-avail', 'dpkg --merge-avail Packages'),
    action('--clear-avail', 'dpkg --clear-avail'),
    action('--forget-old-unavail', 'dpkg --forget-old-unavail'),
    action('--add-architecture', 'dpkg --add-architecture i386'),
    action('--remove-architecture', 'dpkg --remove-architecture i386'),
    // dpkg-deb's actions, which dpkg passes on: they read, build or unpack archives.
    action('-b, --build', 'dpkg -b pkgdir'),
    action('-c, --contents', 'dpkg -c jq.deb'),
    action('-e, --control', 'dpkg -e jq.deb'),
    action('-I, --info', 'dpkg -I jq.deb'),
    action('-f, --field', 'dpkg -f jq.deb'),
    action('-x, --extract', 'dpkg -x jq.deb out'),
    action('-X, --vextract', 'dpkg -X jq.deb out'),
    action('--ctrl-tarfile', 'dpkg --ctrl-tarfile jq.deb'),
    action('--fsys-tarfile', 'dpkg --fsys-tarfile jq.deb'),
    opt('--instdir=DIR', 'dpkg -i jq.deb --instdir=/srv/chroot', 'write', {
      recursive: true,
      effectWhen: { inspect: 'read' },
    }),
    opt('--pre-invoke=COMMAND', 'dpkg -i jq.deb --pre-invoke=true', 'exec', { why: 'a hook dpkg runs with sh -c' }),
    opt('--post-invoke=COMMAND', 'dpkg -i jq.deb --post-invoke=true', 'exec', { why: 'a hook dpkg runs with sh -c' }),
    opt('--status-logger=COMMAND', 'dpkg -i jq.deb --status-logger=cat', 'exec', { why: 'runs with sh -c' }),
    opt('--log=FILE', 'dpkg -i jq.deb --log=dpkg.log', 'write'),
    opt('-D, --debug=OCTAL', 'dpkg -D1 -l'),
    ...plain(
      'dpkg',
      '-l',
      '-R, --recursive',
      '-a, --pending',
      '--path-exclude=PATTERN',
      '--path-include=PATTERN',
      '-O, --selected-only',
      '-E, --skip-same-version',
      '-G, --refuse-downgrade',
      '-B, --auto-deconfigure',
      '--triggers',
      '--no-triggers',
      '--verify-format=FORMAT',
      '--no-debsig',
      '--no-act, --dry-run, --simulate',
      '--status-fd=N',
      '--ignore-depends=PACKAGES',
      '--abort-after=N',
      '--robot',
    ),
  ],
  operands: { rest: 'none' },
};

/** dpkg-query 1.21-1.22: every action only reads. */
export const dpkgQueryModel: ToolModel = {
  commands: ['dpkg-query'],
  longPrefixes: false,
  options: [
    ...queries('dpkg-query'),
    ...dbOptions('dpkg-query'),
    query('-W, --show', 'dpkg-query -W jq', { sets: 'inspect' }),
    query('--control-list', 'dpkg-query --control-list jq', { sets: 'inspect' }),
    query('--control-show', 'dpkg-query --control-show jq md5sums', { sets: 'inspect' }),
    query('-c, --control-path', 'dpkg-query -c jq', { sets: 'inspect' }),
    opt('-f, --showformat=FORMAT', 'dpkg-query -W -f ${Package} jq'),
  ],
  operands: { rest: 'none' },
};

/**
 * `dpkg ARGS` / `dpkg-query ARGS` names at least one action and every action it names is a
 * query (an unknown option asks through the model; a second, writing action makes this false).
 */
export function dpkgQueries(command: string, args: readonly string[]): boolean {
  const { uses } = parseArgv(command === 'dpkg' ? dpkgModel : dpkgQueryModel, args);
  const actions = uses.filter((u) => u.option.tags?.includes(QUERY) || u.option.tags?.includes(ACTION));
  return actions.length > 0 && actions.every((u) => u.option.tags!.includes(QUERY));
}
