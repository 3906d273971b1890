import type { OptionModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * systemd 252's systemctl and journalctl (getopt_long: prefixes, options anywhere). Checked
 * against `--help` and the binaries' option tables (options the help leaves out: systemctl
 * `--ignore-inhibitors`, `--irreversible`, `--ignore-dependencies`, `--fail`, `--no-legend`,
 * `--after`, `--before`, `--reboot-argument`, `--message`; journalctl `-l, --full`,
 * `--this-boot`, `--new-id128`). What crosses a boundary asks: `-H` runs ssh to a host and
 * `-M` talks to a container's manager (`remote`), `--image` loop-mounts an image (`system`);
 * `--root`, `-D`, `--file` are read; journalctl's `--cursor-file` is written.
 */

/** `-H, --host`, `-M, --machine`: the command then runs against another machine's manager. */
function remote(cmd: string, tail: string, host = true): OptionModel[] {
  const out = [
    opt('-M, --machine=CONTAINER', `${cmd} -M box ${tail}`.trim(), 'remote', {
      why: "talks to a local container's manager",
    }),
  ];
  if (host)
    out.push(opt('-H, --host=HOST', `${cmd} -H box.invalid ${tail}`.trim(), 'remote', { why: 'runs ssh to the host' }));
  return out;
}

export const systemctlModel: ToolModel = {
  commands: ['systemctl'],
  options: [
    ...remote('systemctl', 'status'),
    // Under a query verb the root's unit files are read; the writing verbs ask by name.
    opt('--root=PATH', 'systemctl --root=srv list-unit-files', 'read', { recursive: true }),
    opt('--image=PATH', 'systemctl --image=os.raw list-unit-files', 'system', {
      why: 'loop-mounts the image',
    }),
    // Applied by the reboot verbs (asked by name); a query does not need them.
    opt('--firmware-setup', 'systemctl --firmware-setup reboot', 'system', {
      why: 'the firmware shows its setup on the next boot',
    }),
    opt('--boot-loader-menu=TIME', 'systemctl --boot-loader-menu=5 reboot', 'system', {
      why: 'the boot loader menu shows on the next boot',
    }),
    opt('--boot-loader-entry=NAME', 'systemctl --boot-loader-entry=x reboot', 'system', {
      why: 'the next boot uses that entry',
    }),
    opt('--reboot-argument=ARG', 'systemctl --reboot-argument=x reboot', 'system', {
      why: 'an argument for the next reboot',
    }),
    ...plain(
      'systemctl',
      'status',
      '-h, --help',
      '--version',
      '--system',
      '--user',
      '-t, --type=TYPE',
      '--state=STATE',
      '--failed',
      '-p, --property=NAME',
      '-P NAME',
      '-a, --all',
      '-l, --full',
      '-r, --recursive',
      '--reverse',
      '--with-dependencies',
      '--job-mode=MODE',
      '--fail',
      '--irreversible',
      '--ignore-dependencies',
      '-T, --show-transaction',
      '--show-types',
      '--value',
      '--check-inhibitors=MODE',
      '-i, --ignore-inhibitors',
      '--kill-whom=WHOM',
      '-s, --signal=SIGNAL',
      '--what=RESOURCES',
      '--now',
      '--dry-run',
      '-q, --quiet',
      '--wait',
      '--no-block',
      '--no-wall',
      '--no-reload',
      '--legend=BOOL',
      '--no-legend',
      '--no-pager',
      '--no-ask-password',
      '--global',
      '--runtime',
      '-f, --force',
      '--preset-mode=MODE',
      '-n, --lines=INTEGER',
      '-o, --output=STRING',
      '--plain',
      '--timestamp=FORMAT',
      '--read-only',
      '--mkdir',
      '--marked',
      '--after',
      '--before',
      '--message=TEXT',
    ),
  ],
  // The verb and unit names: data (the verbs that take paths, `link` and `enable PATH`, ask by name).
  operands: { rest: 'none' },
};

/**
 * The verbs that only read the manager's state. `show-environment` is left out (a user
 * manager's imported environment can hold tokens), and the get-or-set verbs (`log-level`,
 * `service-watchdogs`…) too.
 */
const SYSTEMCTL_QUERIES: ReadonlySet<string> = new Set([
  'status',
  'show',
  'cat',
  'help',
  'list-units',
  'list-automounts',
  'list-sockets',
  'list-timers',
  'list-unit-files',
  'list-dependencies',
  'list-jobs',
  'list-machines',
  'is-active',
  'is-failed',
  'is-enabled',
  'is-system-running',
  'get-default',
]);

/** `systemctl ARGS` runs a query verb (the first operand, options anywhere; none is `list-units`). */
export function systemctlQueries(args: readonly string[]): boolean {
  const parsed = parseArgv(systemctlModel, args);
  const verb = parsed.operands[0];
  if (verb === 'show' && parsed.operands.length === 1) {
    // With no unit, `show` prints the manager's properties, `Environment=` among them: what
    // show-environment prints (attack pass 11). Only a property list without it is a query.
    const props = parsed.uses.filter((u) => u.option.names.includes('--property')).flatMap((u) => u.values);
    return props.length > 0 && props.every((p) => !/environment/i.test(p));
  }
  return verb === undefined || SYSTEMCTL_QUERIES.has(verb);
}

/** journalctl's commands that change or delete the journal, its keys or its catalog. */
const changes = (spelling: string, example: string, why: string): OptionModel =>
  opt(spelling, example, 'system', { why });

export const journalctlModel: ToolModel = {
  commands: ['journalctl'],
  // `-b -1`, `-n 5`: journalctl takes the next word as the value of `-b`/`-n` when it parses as one.
  numeric: /^-\d+$/,
  options: [
    ...remote('journalctl', '-n 1', false),
    opt('-D, --directory=PATH', 'journalctl -D logs/journal', 'read', { recursive: true }),
    opt('--file=PATH', 'journalctl --file=logs/system.journal', 'read'),
    opt('--root=ROOT', 'journalctl --root=srv -n 1', 'read', { recursive: true }),
    opt('--image=IMAGE', 'journalctl --image=os.raw -n 1', 'system', { why: 'loop-mounts the image' }),
    // Read, then rewritten with the last cursor shown.
    opt('--cursor-file=FILE', 'journalctl -n 1 --cursor-file=cursor.txt', 'write'),
    changes('--vacuum-size=BYTES', 'journalctl --vacuum-size=1G', 'deletes archived journal files'),
    changes('--vacuum-files=INT', 'journalctl --vacuum-files=5', 'deletes archived journal files'),
    changes('--vacuum-time=TIME', 'journalctl --vacuum-time=2weeks', 'deletes archived journal files'),
    changes('--sync', 'journalctl --sync', 'tells journald to write to disk'),
    changes('--relinquish-var', 'journalctl --relinquish-var', 'journald stops logging to disk'),
    changes('--smart-relinquish-var', 'journalctl --smart-relinquish-var', 'journald stops logging to disk'),
    changes('--flush', 'journalctl --flush', 'moves the journal from /run to /var'),
    changes('--rotate', 'journalctl --rotate', 'archives the active journal files'),
    changes('--update-catalog', 'journalctl --update-catalog', 'rewrites the catalog database'),
    changes('--setup-keys', 'journalctl --setup-keys', 'writes a new sealing key pair'),
    opt('-n[INTEGER], --lines[=INTEGER]', 'journalctl -n5'),
    opt('-b[ID], --boot[=ID]', 'journalctl -b-1'),
    opt('--case-sensitive[=BOOL]', 'journalctl -g x --case-sensitive=no'),
    ...plain(
      'journalctl',
      '',
      '-h, --help',
      '--version',
      '--system',
      '--user',
      '-m, --merge',
      '--namespace=NAMESPACE',
      '-S, --since=DATE',
      '-U, --until=DATE',
      '-c, --cursor=CURSOR',
      '--after-cursor=CURSOR',
      '--this-boot',
      '-u, --unit=UNIT',
      '--user-unit=UNIT',
      '-t, --identifier=STRING',
      '-p, --priority=RANGE',
      '--facility=FACILITY',
      '-g, --grep=PATTERN',
      '-k, --dmesg',
      '-o, --output=STRING',
      '--output-fields=LIST',
      '-r, --reverse',
      '--show-cursor',
      '--utc',
      '-x, --catalog',
      '--no-hostname',
      '-l, --full',
      '--no-full',
      '-a, --all',
      '-f, --follow',
      '--no-tail',
      '-q, --quiet',
      '--no-pager',
      '-e, --pager-end',
      '--interval=TIME',
      '--verify-key=KEY',
      '--force',
      '-N, --fields',
      '-F, --field=FIELD',
      '--list-boots',
      '--disk-usage',
      '--verify',
      '--header',
      '--list-catalog',
      '--dump-catalog',
      '--new-id128',
    ),
  ],
  // Matches (`_PID=1`, `+`, an executable's path, which is only looked up): data.
  operands: { rest: 'none' },
};
