// The patch file reader (bounded, regular files, UTF-8) against real files, and the patch
// parser against diffs real git wrote: a symbolic link, a retarget, a rename.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchEffects } from '../../../src/domain/toolModels/tools/git/patchText.js';
import { MAX_PATCH_BYTES, readPatchFile } from '../../../src/infrastructure/hostFacts/patchFile.js';
import { git } from '../../support/hermeticGit.js';
import { tempDir } from '../../support/tempDirs.js';

const commit = (dir: string): string => git(dir, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'x');

describe('readPatchFile', () => {
  const dir = tempDir('shimctl-patch-');
  it('reads a regular UTF-8 file', () => {
    writeFileSync(join(dir, 'p.diff'), 'diff --git a/x b/x\n');
    expect(readPatchFile(join(dir, 'p.diff'))).toEqual({ text: 'diff --git a/x b/x\n' });
  });
  it('names the problem: missing, a directory, a FIFO, too large, not UTF-8', () => {
    expect(readPatchFile(join(dir, 'none'))).toEqual({ problem: 'no such file' });
    mkdirSync(join(dir, 'd'));
    expect(readPatchFile(join(dir, 'd'))).toEqual({ problem: 'not a regular file' });
    expect(spawnSync('mkfifo', [join(dir, 'fifo')]).status).toBe(0);
    // O_NONBLOCK: opening a FIFO nobody writes returns at once instead of hanging the review.
    expect(readPatchFile(join(dir, 'fifo'))).toEqual({ problem: 'not a regular file' });
    writeFileSync(join(dir, 'big'), Buffer.alloc(MAX_PATCH_BYTES + 1, 0x61));
    expect(readPatchFile(join(dir, 'big'))).toEqual({ problem: `larger than ${MAX_PATCH_BYTES} bytes` });
    writeFileSync(join(dir, 'latin1'), Buffer.from([0x2b, 0xff, 0x0a]));
    expect(readPatchFile(join(dir, 'latin1'))).toEqual({ problem: 'not UTF-8 text' });
  });
});

describe('patchEffects on diffs git wrote', () => {
  it('sees the link git records, its retarget, and a rename', () => {
    const dir = tempDir('shimctl-patchgit-');
    git(dir, 'init', '-q');
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    git(dir, 'add', 'a.txt');
    commit(dir);
    symlinkSync('/etc/passwd', join(dir, 'k'));
    git(dir, 'add', 'k');
    const created = patchEffects(git(dir, 'diff', '--cached'));
    expect(created.links).toEqual([{ path: 'k', target: '/etc/passwd' }]);
    commit(dir);
    unlinkSync(join(dir, 'k'));
    symlinkSync('../../home/u/.bashrc', join(dir, 'k'));
    git(dir, 'add', 'k');
    expect(patchEffects(git(dir, 'diff', '--cached')).links).toEqual([{ path: 'k', target: '../../home/u/.bashrc' }]);
    commit(dir);
    git(dir, 'mv', 'a.txt', 'b.txt');
    const moved = patchEffects(git(dir, 'diff', '--cached', '-M'));
    expect(moved.writes).toEqual(['b.txt']);
    expect(moved.deletes).toEqual(['a.txt']);
    expect(moved.hidden).toBeUndefined();
    // The same through format-patch, as `git am` reads it.
    commit(dir);
    const mbox = git(dir, 'format-patch', '-1', '-M', '--stdout');
    expect(patchEffects(mbox).writes).toEqual(['b.txt']);
  });
});
