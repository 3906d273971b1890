import type { EnvironmentModel, EnvironmentVariable } from '../toolModels/modelTypes.js';
import { BACKUP_ENVIRONMENT } from '../toolModels/tools/copyMove.js';
import { COMPRESSOR_SCRIPT_ENVIRONMENT } from '../toolModels/tools/compressors.js';
import { DOCKER_ENVIRONMENT } from '../toolModels/tools/docker.js';
import { FILE_ENVIRONMENT } from '../toolModels/tools/fileInfo.js';
import { KUBECTL_ENVIRONMENT } from '../toolModels/tools/kubectl.js';
import { OPENSSH_ENVIRONMENT } from '../toolModels/tools/sshKeygen.js';

/**
 * Variables with an effect, grouped by what they do, for the programs and libraries that have
 * no tool model of their own (a tool's own variables live in its model file: MAGIC in
 * tools/fileInfo.ts, OpenSSH's in tools/sshKeygen.ts, the backup suffix in tools/copyMove.ts, the compressor
 * scripts' (GREP, DIFF, …) in tools/compressors.ts, git's in tools/git/environment.ts).
 * Attack pass 10 found MAGIC, SSH_SK_PROVIDER, PYENV_*, DBUS_*_BUS_ADDRESS, LOCALDOMAIN and
 * HOSTALIASES allowed; the neighbours are what the same manuals document.
 */

/** glibc's stub resolver (resolv.conf(5), hostname(7)): the names a one-label host becomes. */
const RESOLVER: EnvironmentModel = {
  LOCALDOMAIN: { effect: 'network', why: 'sets the search domains: `a9fea9fe` becomes a9fea9fe.nip.io' },
  RES_OPTIONS: { effect: 'network', why: 'resolver options (ndots, search behaviour) for every lookup' },
  HOSTALIASES: { effect: 'network', why: 'a file of host aliases the review cannot see' },
  RESOLV_HOST_CONF: { effect: 'network', why: 'another host.conf: lookup order and multi-address rules' },
};

/**
 * D-Bus addresses (dbus-specification "Server Addresses", sd-bus): `unixexec:path=P` runs P,
 * `tcp:host=H` connects to H, `autolaunch:` starts dbus-launch. A single plain unix socket path
 * is the ordinary form (`unix:path=/run/user/1000/bus`).
 */
const PLAIN_UNIX_BUS = /^unix:path=\/[^,;]*$/;
const DBUS: EnvironmentModel = {
  DBUS_SESSION_BUS_ADDRESS: {
    effect: 'network',
    why: 'the session bus: unixexec: runs a program, tcp: reaches a host',
    dataIf: PLAIN_UNIX_BUS,
  },
  DBUS_SYSTEM_BUS_ADDRESS: {
    effect: 'network',
    why: 'the system bus: unixexec: runs a program, tcp: reaches a host',
    dataIf: PLAIN_UNIX_BUS,
  },
  DBUS_STARTER_ADDRESS: {
    effect: 'network',
    why: 'the bus of an activated service, same address forms',
    dataIf: PLAIN_UNIX_BUS,
  },
};

/** Programs other tools start: editors and pagers, and option variables that name one. */
const STARTS_PROGRAMS: EnvironmentModel = {
  SUDO_ASKPASS: { effect: 'exec', why: 'the program sudo -A runs for the password' },
  SUDO_EDITOR: { effect: 'exec', why: 'the editor sudoedit runs' },
  FCEDIT: { effect: 'exec', why: "the editor bash's fc runs" },
  SVN_EDITOR: { effect: 'exec', why: 'the editor svn runs' },
  SVN_SSH: { effect: 'exec', why: 'the ssh command svn+ssh:// runs' },
  HGEDITOR: { effect: 'exec', why: 'the editor hg runs' },
  // less(1): `+CMD` runs a less command at start (`+!sh` a shell), -k/-o/-T name files; letters only are data.
  LESS: {
    effect: 'exec',
    why: "less's options: `+!CMD` runs a shell command",
    dataIf: /^[\sA-JL-NP-SU-Za-jl-np-su-z~-]*$/,
  },
  MANOPT: { effect: 'exec', why: "man's options: -P names the pager, -H the browser" },
};

/**
 * Files C libraries load as code or as format strings: message catalogs (catopen(3), NLSPATH:
 * catgets strings are printf formats), Kerberos's profile (krb5.conf(5): `[plugins]` modules
 * are shared libraries) and its keytabs and caches (credentials).
 */
const LOADS_FILES: EnvironmentModel = {
  NLSPATH: { effect: 'loads', why: 'message catalogs; their strings are used as printf formats' },
  GLIBC_TUNABLES: { effect: 'loads', why: "the dynamic loader's tunables (CVE-2023-4911 parsed them unsafely)" },
  MALLOC_TRACE: { effect: 'write', why: "glibc's mtrace log file" },
  // Where every XDG program (pip, npm's cache lookups, fontconfig…) writes its cache (attack pass 11).
  XDG_CACHE_HOME: { effect: 'write', why: 'the cache directory of every XDG program' },
};

/** Go's own variables that choose the toolchain or where code comes from (go help environment). */
const GO: EnvironmentModel = {
  GOROOT: { effect: 'exec', why: 'the Go toolchain run' },
  GOTOOLCHAIN: {
    effect: 'exec',
    why: 'another toolchain, downloaded or found on PATH',
    dataIf: /^(local|auto|go1[0-9.a-z]*(\+auto|\+path)?)$/,
  },
  GOENV: { effect: 'loads', why: 'a file of Go settings (GOFLAGS, GOPROXY)' },
  GOPROXY: { effect: 'network', why: 'where modules (code) are downloaded from' },
  GOWORK: { effect: 'loads', why: 'a go.work naming other module directories built as this one' },
};

/** A version name: `3.12.1`, `system`, `3.11:3.12`, `nightly-2024-01-01`; no `/`, no `..`. */
const VERSION_NAME = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._+-]*(:[A-Za-z0-9][A-Za-z0-9._+-]*)*$/;

/** `NAME_VERSION=3.12` (and rustup's toolchain name) is data; every other name of the family has the effect. */
function versionOnly(name: string, value: string): boolean {
  return (name.endsWith('_VERSION') || name === 'RUSTUP_TOOLCHAIN') && VERSION_NAME.test(value);
}

/** systemd's variables proven harmless: output details (systemd(1), systemctl(1) "Environment"). */
const SYSTEMD_HARMLESS = new Set([
  'SYSTEMD_COLORS',
  'SYSTEMD_URLIFY',
  'SYSTEMD_EMOJI',
  'SYSTEMD_LOG_LEVEL',
  'SYSTEMD_LOG_COLOR',
  'SYSTEMD_LOG_TIME',
  'SYSTEMD_LOG_LOCATION',
  'SYSTEMD_LOG_TID',
  'SYSTEMD_LOG_TARGET',
  'SYSTEMD_BUS_TIMEOUT',
  'SYSTEMD_PAGERSECURE',
  'SYSTEMD_LESSCHARSET',
]);

interface EnvironmentFamily {
  prefix: string;
  effect: EnvironmentVariable['effect'];
  why: string;
  /** A name (with its value) of the family proven harmless. */
  harmless?: (name: string, value: string) => boolean;
}

/**
 * Prefixes of tools whose every variable points at code unless proven otherwise: version
 * managers run shims and source hooks from their roots (pyenv's PYENV_HOOK_PATH, PYENV_ROOT:
 * P10-05), Kerberos reads its profile, plugins and credential caches, systemd's tools take an
 * editor, pager, unit path or ssh program from theirs.
 */
const FAMILIES: readonly EnvironmentFamily[] = [
  ...['PYENV_', 'RBENV_', 'NODENV_', 'GOENV_', 'JENV_', 'PLENV_', 'PHPENV_'].map((prefix) => ({
    prefix,
    effect: 'exec' as const,
    why: 'a version manager: its shims source hooks and run programs from the root and hook paths',
    harmless: versionOnly,
  })),
  ...['ASDF_', 'MISE_', 'RTX_', 'NVM_', 'FNM_', 'VOLTA_', 'SDKMAN_', 'RUSTUP_'].map((prefix) => ({
    prefix,
    effect: 'exec' as const,
    why: 'a version manager: its plugins, config files and install roots run code',
    harmless: versionOnly,
  })),
  { prefix: 'KRB5', effect: 'loads', why: "Kerberos's profile (plugin libraries), keytab or credential cache" },
  {
    prefix: 'SYSTEMD_',
    effect: 'exec',
    why: "systemd's tools: an editor, pager, ssh program or unit path",
    harmless: (name) => SYSTEMD_HARMLESS.has(name),
  },
  { prefix: 'SYSTEMCTL_', effect: 'exec', why: "systemctl's install and bus switches" },
];

const ENTRIES: ReadonlyArray<[string, EnvironmentVariable]> = [
  FILE_ENVIRONMENT,
  OPENSSH_ENVIRONMENT,
  BACKUP_ENVIRONMENT,
  COMPRESSOR_SCRIPT_ENVIRONMENT,
  KUBECTL_ENVIRONMENT,
  DOCKER_ENVIRONMENT,
  RESOLVER,
  DBUS,
  STARTS_PROGRAMS,
  LOADS_FILES,
  GO,
].flatMap((m) => Object.entries(m));

const NAMED: ReadonlyMap<string, EnvironmentVariable> = new Map(ENTRIES);

/** Every name the tables list, repeats kept (a Map's keys would hide a name listed twice). */
export const MODELLED_VARIABLE_NAMES: readonly string[] = ENTRIES.map(([name]) => name);

/** Whether a family (`PYENV_*`, `SYSTEMD_*`, …) covers the name: for the one-home check in the tests. */
export function inVariableFamily(name: string): boolean {
  return FAMILIES.some((f) => name.startsWith(f.prefix));
}

/** The effect `NAME=value` has, or undefined when the name is unknown or the value proven data. */
export function variableEffect(name: string, value: string): EnvironmentVariable | undefined {
  const named = NAMED.get(name);
  if (named) return named.dataIf?.test(value) ? undefined : named;
  for (const f of FAMILIES) {
    if (!name.startsWith(f.prefix)) continue;
    return f.harmless?.(name, value) ? undefined : { effect: f.effect, why: f.why };
  }
  return undefined;
}
