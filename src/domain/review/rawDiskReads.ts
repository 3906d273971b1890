/**
 * Reading a raw disk (`cat /dev/sda`, `head -c 10 /dev/nvme0n1`, `dd if=/dev/sda`) reads every
 * file on it, secrets included, past every path check. Writes to disks are judged elsewhere
 * (system writes, `dd of=/dev/…`), and naming a device (`mount /dev/sdb1 /mnt`, `fdisk -l
 * /dev/sda`) is not a read; only reads are refused here.
 */
import type { PathArg } from '../paths/judgePaths.js';
import { absolutize, resolvePhysically } from '../paths/posixPath.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import type { ReviewState } from './reviewState.js';

const RAW_DISK = /^\/dev\/(?:(?:sd|hd|vd|xvd|nvme|mmcblk|dm-|md|loop|sr|nbd|rbd|zd)[^/]*|(?:disk|mapper)\/.+)$/;

export function rawDiskReadVerdict(pathArgs: readonly PathArg[], state: ReviewState): Verdict | undefined {
  for (const p of pathArgs) {
    if (p.access !== 'read') continue;
    const lexical = absolutize(p.raw, state.cwd);
    const resolved = resolvePhysically(lexical, state.facts.realpath);
    const hit = [lexical, resolved].find((x) => RAW_DISK.test(x));
    if (hit)
      return verdict(
        'block',
        'high',
        'path.protected',
        `'${p.raw}' is a raw disk (${hit}): reading it reads every file on it, secrets included.`,
        'paths:raw-disk',
      );
  }
  return undefined;
}
