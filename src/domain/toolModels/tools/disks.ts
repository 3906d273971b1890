import type { OptionModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * The partitioners (util-linux 2.38 fdisk and sfdisk, GNU parted 3.5): the one home of which of
 * their command lines only list. The rules system:disk (block) and system:disk-list (allow) read
 * `diskUse`. A listing reads partition tables, metadata of block devices, never file contents
 * (paths:raw-disk refuses reads of a disk's contents: `fdisk -l /dev/sda` is no such read); a
 * device operand is a name, any other operand (a disk image) a file read by the path policy.
 *
 * `tags`: `lists` (an action that only prints), `changes` (an action that writes a device or a
 * file), `writing` (an option only a writing action uses: a listing that names one is no pure
 * listing and asks).
 */
const LISTS = { tags: ['lists'] } as const;
const CHANGES = { tags: ['changes'] } as const;
const WRITING = { tags: ['writing'] } as const;

const DEVICES = { rest: 'read', effectIf: [[/^\/dev\//, 'none']] } as const;

/**
 * fdisk: `-l`/`-x`/`-s` print and exit, opening the device read-only; without one of them
 * fdisk edits the device interactively. The wipe and geometry options matter only there.
 */
export const fdiskModel: ToolModel = {
  commands: ['fdisk'],
  options: [
    opt('-l, --list', 'fdisk -l', 'none', LISTS),
    opt('-x, --list-details', 'fdisk -x /dev/sda', 'none', LISTS),
    opt('-s, --getsz', 'fdisk -s /dev/sda', 'none', LISTS),
    opt('-w, --wipe <mode>', 'fdisk -w never /dev/sda', 'none', WRITING),
    opt('-W, --wipe-partitions <mode>', 'fdisk -W never /dev/sda', 'none', WRITING),
    opt('-B, --protect-boot', 'fdisk -B /dev/sda', 'none', WRITING),
    opt('-n, --noauto-pt', 'fdisk -n /dev/sda', 'none', WRITING),
    ...plain(
      'fdisk',
      '-l',
      '-b, --sector-size <size>',
      '-c, --compatibility[=<mode>]',
      '-L, --color[=<when>]',
      '-o, --output <list>',
      '-t, --type <type>',
      '-u, --units[=<unit>]',
      '--bytes',
      '--lock[=<mode>]',
      '-C, --cylinders <number>',
      '-H, --heads <number>',
      '-S, --sectors <number>',
      '-h, --help',
      '-V, --version',
    ),
  ],
  operands: DEVICES,
};

/**
 * sfdisk: the last action option decides (util-linux's sfdisk.c sets one `act`); without one it
 * reads a script from stdin and writes the table. Listing actions: -l -d -J -g -G -F -s -T -V.
 */
export const sfdiskModel: ToolModel = {
  commands: ['sfdisk'],
  options: [
    ...(
      [
        ['-l, --list', 'sfdisk -l'],
        ['-d, --dump', 'sfdisk -d /dev/sda'],
        ['-J, --json', 'sfdisk -J /dev/sda'],
        ['-g, --show-geometry', 'sfdisk -g'],
        ['-G, --show-pt-geometry', 'sfdisk -G'],
        ['-F, --list-free', 'sfdisk -F /dev/sda'],
        ['-s, --show-size', 'sfdisk -s'],
        ['-T, --list-types', 'sfdisk -T'],
        ['-V, --verify', 'sfdisk -V /dev/sda'],
      ] as const
    ).map(([s, e]) => opt(s, e, 'none', LISTS)),
    // `-A DEV` alone lists the bootable partitions, `-A DEV N` sets them: both are judged as writes.
    ...(
      [
        ['-A, --activate', 'sfdisk -A /dev/sda 1'],
        ['-B, --backup-pt-sectors', 'sfdisk -B /dev/sda'],
        ['-r, --reorder', 'sfdisk -r /dev/sda'],
        ['--delete', 'sfdisk --delete /dev/sda 1'],
        ['--part-label', 'sfdisk --part-label /dev/sda 1 root'],
        ['--part-type', 'sfdisk --part-type /dev/sda 1 83'],
        ['--part-uuid', 'sfdisk --part-uuid /dev/sda 1'],
        ['--part-attrs', 'sfdisk --part-attrs /dev/sda 1'],
        ['--disk-id', 'sfdisk --disk-id /dev/sda'],
        ['--relocate', 'sfdisk --relocate gpt-bak-std /dev/sda'],
      ] as const
    ).map(([s, e]) => opt(s, e, 'none', CHANGES)),
    opt('-O, --backup-file <path>', 'sfdisk -b -O pt.bak /dev/sda', 'write', WRITING),
    opt('--move-data[=<typescript>]', 'sfdisk --move-data=log /dev/sda', 'write', WRITING),
    ...[
      '-a, --append',
      '-b, --backup',
      '--move-use-fsync',
      '-f, --force',
      '-N, --partno <num>',
      '-n, --no-act',
      '--no-reread',
      '--no-tell-kernel',
      '-w, --wipe <mode>',
      '-W, --wipe-partitions <mode>',
      '-Y, --label-nested <name>',
    ].map((s) => ({ ...plain('sfdisk', '/dev/sda', s)[0]!, ...WRITING })),
    ...plain(
      'sfdisk',
      '-l',
      '--bytes',
      '--color[=<when>]',
      '-o, --output <list>',
      '-q, --quiet',
      '-X, --label <name>',
      '--lock[=<mode>]',
      '-L, --Linux',
      '-u, --unit <S>',
      '-h, --help',
      '-v, --version',
    ),
  ],
  operands: DEVICES,
};

/**
 * parted: `-l` prints every device's table and exits before any device or command word is
 * read (parted.c `_parse_options`), but other versions may differ: a pure listing has no
 * operand. Commands after the device (`rm 1`, `mklabel gpt`) change the disk.
 */
export const partedModel: ToolModel = {
  commands: ['parted'],
  options: [
    opt('-l, --list', 'parted -l', 'none', LISTS),
    opt('-f, --fix', 'parted -s -f /dev/sda print', 'none', WRITING),
    opt('-a, --align=ALIGN', 'parted -a opt /dev/sda mkpart p 1 2', 'none', WRITING),
    ...plain(
      'parted',
      '-l',
      '-h, --help',
      '-m, --machine',
      '-j, --json',
      '-s, --script',
      '-v, --version',
      '--pretend-input-tty',
    ),
  ],
  operands: { rest: 'none' },
};

/** What a partitioner's command line does: only lists, may do more (asked), or changes a disk (blocked). */
export type DiskUse = 'lists' | 'unproven' | 'changes';

const MODELS: Readonly<Record<string, ToolModel>> = { fdisk: fdiskModel, sfdisk: sfdiskModel, parted: partedModel };

const has = (o: OptionModel, tag: string): boolean => o.tags?.includes(tag) === true;

/** `undefined` for a command that is no modelled partitioner (mkfs, wipefs: always a change). */
export function diskUse(command: string, args: readonly string[]): DiskUse | undefined {
  const model = Object.hasOwn(MODELS, command) ? MODELS[command]! : undefined;
  if (!model) return undefined;
  const parsed = parseArgv(model, args);
  const options = parsed.uses.map((u) => u.option);
  if (!options.some((o) => has(o, 'lists')) || options.some((o) => has(o, 'changes'))) return 'changes';
  if (parsed.unknown.length > 0 || options.some((o) => has(o, 'writing'))) return 'unproven';
  if (command === 'parted' && (parsed.operands.length > 0 || args.includes('--'))) return 'unproven';
  return 'lists';
}
