import type { BuiltinRule } from '../ruleTypes.js';
import type { ArgView } from '../argView.js';
import { flag, not, noArgs } from '../ruleTypes.js';
import { diskUse } from '../../toolModels/tools/disks.js';
import { systemctlQueries } from '../../toolModels/tools/systemd.js';

/**
 * A service query. systemctl and journalctl have option models (toolModels/tools/systemd.ts):
 * systemctl's verb is read from the model's parse (options anywhere, `-H HOST` taking its value),
 * journalctl's commands that change the journal are the model's `system` effects, and the model
 * asks for every option it does not know. service, launchctl, loginctl: the first word decides.
 */
const OTHER_QUERIES = [
  'status',
  'list-units',
  'list-unit-files',
  'is-active',
  'is-enabled',
  'show',
  'cat',
  'list',
  'print',
];

function readsServices(v: ArgView): boolean {
  if (v.command === 'systemctl') return systemctlQueries(v.args);
  if (v.command === 'journalctl') return true;
  return OTHER_QUERIES.includes(v.sub[0] ?? '') || noArgs(v);
}
import { MODEL_BY_COMMAND } from '../../toolModels/registry.js';
import { subcommandPath } from '../../toolModels/subcommandPath.js';
import { DOCKER_QUERIES } from '../../toolModels/tools/docker.js';
import { KUBECTL_QUERIES } from '../../toolModels/tools/kubectl.js';

export const systemPack: BuiltinRule[] = [
  {
    id: 'system:privilege',
    commands: ['sudo', 'doas', 'su', 'pkexec', 'runuser', 'sudoedit', 'sg', 'newgrp'],
    decision: 'ask',
    risk: 'high',
    code: 'command.privilege',
    reason: 'runs as another user (usually root)',
    examples: { match: ['sudo -l', 'su -', 'doas ls'], noMatch: ['ls'] },
  },
  {
    id: 'system:disk',
    commands: [
      'mkfs',
      'mkfs.ext4',
      'mkfs.ext3',
      'mkfs.xfs',
      'mkfs.vfat',
      'mkfs.btrfs',
      'mke2fs',
      'mkswap',
      'fdisk',
      'sfdisk',
      'gdisk',
      'parted',
      'wipefs',
      'blkdiscard',
      'cryptsetup',
      'badblocks',
    ],
    // The partitioners' listings are read from their models (toolModels/tools/disks.ts); the
    // other tools always change a disk (`mke2fs -l FILE` reads a bad-block list, then formats).
    when: (v) => (diskUse(v.command, v.args) ?? 'changes') === 'changes',
    decision: 'block',
    risk: 'critical',
    code: 'command.system',
    reason: 'formats, partitions or wipes a disk',
    examples: {
      match: [
        'mkfs.ext4 /dev/sda1',
        'wipefs -a /dev/sdb',
        'fdisk /dev/sda',
        'sfdisk -l --delete /dev/sda',
        'mke2fs -l b /dev/sdb1',
      ],
      noMatch: ['fdisk -l', 'parted /dev/sda -l rm 1'],
    },
  },
  {
    id: 'system:disk-unproven',
    commands: ['fdisk', 'sfdisk', 'parted'],
    when: (v) => diskUse(v.command, v.args) === 'unproven',
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason:
      'names a listing but more too (a device and commands, a wipe or backup option): the model proves no pure listing',
    examples: {
      match: ['parted /dev/sda -l rm 1', 'fdisk -l -w always /dev/sda'],
      noMatch: ['parted -l', 'fdisk /dev/sda'],
    },
  },
  {
    id: 'system:power',
    commands: ['shutdown', 'reboot', 'halt', 'poweroff', 'init', 'telinit', 'kexec'],
    // Critical: no mode lifts it (attack pass 5: yolo let `shutdown now` through as a high-risk block).
    decision: 'block',
    risk: 'critical',
    code: 'command.system',
    reason: 'stops or restarts the machine',
    examples: { match: ['shutdown -h now', 'reboot'], noMatch: ['uptime'] },
  },
  {
    id: 'system:services',
    commands: ['systemctl', 'service', 'launchctl', 'journalctl', 'loginctl'],
    when: (v) => !readsServices(v),
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: 'starts, stops or changes system services',
    examples: {
      match: ['systemctl stop sshd', 'service nginx restart', 'systemctl enable x', 'systemctl -H h edit x'],
      noMatch: ['systemctl status x', 'journalctl -u x', 'systemctl -H h status', 'systemctl --user list-jobs'],
    },
  },
  {
    id: 'system:services-read',
    commands: ['systemctl', 'service', 'launchctl', 'journalctl', 'loginctl'],
    when: readsServices,
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'reads service state',
    examples: {
      match: ['systemctl status sshd', 'journalctl -n 50', 'systemctl get-default', 'systemctl -a'],
      noMatch: ['systemctl restart x', 'systemctl show-environment', 'systemctl -t service edit x'],
    },
  },
  {
    id: 'system:kernel',
    commands: [
      'mount',
      'umount',
      'modprobe',
      'insmod',
      'rmmod',
      'sysctl',
      'iptables',
      'ip6tables',
      'nft',
      'ufw',
      'swapon',
      'swapoff',
      'setenforce',
      'chattr',
      'setcap',
      'losetup',
      'dmsetup',
      'lvremove',
      'vgremove',
      'pvremove',
      'mdadm',
      'hdparm',
    ],
    when: not(
      (v) =>
        (noArgs(v) && (v.command === 'mount' || v.command === 'sysctl')) ||
        (v.command === 'sysctl' && !flag('w', '--write', '-p', '--load')(v) && !v.args.some((a) => a.includes('='))),
    ),
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: 'changes the kernel, mounts, firewall or devices',
    examples: {
      match: ['mount /dev/sdb1 /mnt', 'iptables -F', 'sysctl -w kernel.x=1', 'modprobe x'],
      noMatch: ['mount', 'sysctl kernel.hostname'],
    },
  },
  {
    id: 'system:accounts',
    commands: ['useradd', 'userdel', 'usermod', 'groupadd', 'groupdel', 'passwd', 'chpasswd', 'visudo', 'chsh', 'vipw'],
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: 'changes user accounts or passwords',
    examples: { match: ['useradd bob', 'passwd'], noMatch: ['id'] },
  },
  {
    id: 'system:signals',
    commands: ['kill', 'pkill', 'killall', 'xkill'],
    when: (v) => !['-l', '-L', '--list'].includes(v.args[0] ?? ''),
    decision: 'ask',
    risk: 'medium',
    code: 'command.system',
    reason: "sends signals to processes that may not be the agent's",
    examples: { match: ['kill -9 1234', 'pkill node', 'killall -9 x', 'kill -9 1 -l'], noMatch: ['kill -l'] },
  },
  {
    id: 'system:signals-everyone',
    commands: ['kill', 'killall5'],
    when: (v) => v.command === 'killall5' || killsEveryone(v.args),
    decision: 'block',
    risk: 'critical',
    code: 'command.system',
    reason: 'signals every process the user may signal (pid -1), the agent and this session included',
    examples: {
      match: ['kill -9 -1', 'kill -- -1', 'kill -s KILL -1', 'kill -KILL 123 -1', 'killall5 -9'],
      noMatch: ['kill -1 1234', 'kill -9 1234', 'kill -l'],
    },
  },
  {
    id: 'system:signals-list',
    commands: ['kill'],
    when: (v) => ['-l', '-L', '--list'].includes(v.args[0] ?? ''),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'lists signal names',
    examples: { match: ['kill -l'], noMatch: ['kill -9 1', 'kill -9 1 -l'] },
  },
  {
    id: 'system:disk-list',
    commands: ['fdisk', 'sfdisk', 'parted'],
    when: (v) => diskUse(v.command, v.args) === 'lists',
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'lists partitions',
    examples: {
      match: ['fdisk -l', 'parted --list', 'sfdisk -d /dev/sda', 'fdisk -l /dev/sda'],
      noMatch: ['fdisk /dev/sda', 'parted /dev/sda -l rm 1', 'sfdisk --delete /dev/sda -l'],
    },
  },
  {
    id: 'system:persistence',
    commands: ['crontab', 'at', 'batch'],
    when: (v) =>
      !(
        v.command === 'crontab' &&
        v.args.length > 0 &&
        v.args.every((a, i) => a === '-l' || a === '-u' || v.args[i - 1] === '-u')
      ),
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: 'schedules commands that run later, outside any review',
    examples: {
      match: ['crontab x.cron', 'crontab -e', 'at now', 'crontab -l -r'],
      noMatch: ['crontab -l', 'crontab -u bob -l'],
    },
  },
  {
    id: 'system:containers',
    commands: ['docker', 'podman', 'kubectl', 'helm', 'nerdctl'],
    // kubectl and docker: only the queries their option models cover (toolModels/tools/kubectl.ts,
    // docker.ts), which judge every option; the other tools by name, as before, but not `inspect`
    // and `history` (podman's and nerdctl's print a container's or image's environment, as
    // docker's do) nor `get` (`helm get values|manifest|all` prints the release's values and
    // rendered Secrets): attack pass 11, P11-13.
    when: (v) =>
      Object.hasOwn(MODELLED_QUERIES, v.command)
        ? isModelledQuery(v.command, v.args)
        : [
            'ps',
            'images',
            'version',
            'info',
            'logs',
            'describe',
            'top',
            'stats',
            'ls',
            'list',
            'status',
            'config',
          ].includes(v.sub[0] ?? '') &&
          !(v.sub[0] === 'config' && v.sub[1] !== 'view') &&
          !v.args.some((a) => /^secrets?$|^secrets?\//.test(a)) &&
          !(v.sub[0] === 'config' && v.args.includes('--raw')),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'reads container or cluster state',
    examples: {
      match: [
        'docker ps',
        'kubectl get pods',
        'docker logs x',
        'kubectl config get-contexts',
        'docker volume ls',
        'kubectl -n x top pod',
        'helm list',
      ],
      noMatch: [
        'docker run -v /:/host x',
        'kubectl delete ns x',
        'kubectl config set-context x',
        'kubectl cluster-info dump',
        'docker volume rm x',
        'docker compose ps',
        'helm install x',
        'podman get secrets',
        'podman inspect x',
        'helm get values x',
      ],
    },
  },
];

const MODELLED_QUERIES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  kubectl: KUBECTL_QUERIES,
  docker: DOCKER_QUERIES,
};

/**
 * The subcommands the model's own parse finds (subcommandPath.ts) name one of the tool's
 * queries: `kubectl cluster-info dump` walks to `dump`. Not argView's `sub`, which read
 * `kubectl --cache_dir get delete pods` as `get` where kubectl and the model read `delete`.
 */
function isModelledQuery(command: string, args: readonly string[]): boolean {
  const model = MODEL_BY_COMMAND.get(command);
  const path = model ? subcommandPath(model, args) : [];
  return MODELLED_QUERIES[command]!.some((q) => q.length === path.length && q.every((w, i) => w === path[i]));
}

/** `kill … -1`: pid -1 is every process but init (kill(2)); a first `-1` alone is the signal HUP. */
function killsEveryone(args: readonly string[]): boolean {
  let i = 0;
  if (args[i] === '-s' || args[i] === '-n') i += 2;
  else if (args[i] === '--') i += 1;
  else if (args[i]?.startsWith('-')) i += 1;
  if (args[i] === '--') i += 1;
  return args.slice(i).includes('-1');
}
