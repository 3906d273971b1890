// Issue 17: every record chains to the one before it (seq + SHA-256 of the previous line, across
// rotation); `shimctl audit verify` finds the first deletion, edit, truncation or reordering.
// Real files, real tools (sed, truncate, gzip), real concurrent writer processes.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { verifyAuditLog } from '../../../src/infrastructure/audit/verifyAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { hermeticEnv, record, tempHome } from './auditTestKit.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
let writerBundle = '';

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/shimctl.cjs')))
    spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  writerBundle = join(tempHome(), 'writer.cjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'writerProcess.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: writerBundle,
    logLevel: 'silent',
  });
});

async function writeN(home: string, n: number, maxBytes = 0, from = 0): Promise<string> {
  const log = createAuditLog(statePaths({ HOME: home }), { maxBytes, keep: 5 });
  for (let i = from; i < from + n; i++) {
    const w = await log.open();
    await w.write(record({ id: `r${i}`, command: i === 7 ? 'rm victim.txt' : `echo ${i} ${'x'.repeat(200)}` }));
    await w.close();
  }
  return log.path;
}

function sh(script: string, cwd: string): void {
  const r = spawnSync('bash', ['-c', script], { cwd, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

function verifyCli(home: string, args: string[] = []): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [join(root, 'bin/shimctl.cjs'), 'audit', 'verify', ...args], {
    env: hermeticEnv(home),
    encoding: 'utf8',
  });
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('the hash chain', () => {
  it('each line carries seq and prev = SHA-256 of the line before it; the first chains to 64 zeros', async () => {
    const home = tempHome();
    const path = await writeN(home, 5);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.parse(lines[0]!).prev).toBe('0'.repeat(64));
    for (let i = 1; i < lines.length; i++) expect(JSON.parse(lines[i]!).prev).toBe(sha(lines[i - 1]!));
    expect(lines[0]).toMatch(/^\{"v":2,"seq":1,"prev":"0{64}",/);
    const r = verifyCli(home);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('audit chain intact: 5 lines in 1 file(s), seq 1–5');
  });

  it('continues across rotation: the first record of a new file chains to the last of the previous one', async () => {
    const home = tempHome();
    const path = await writeN(home, 60, 4096);
    const files = readdirSync(join(path, '..'));
    expect(files.filter((f) => /^audit\.jsonl\.\d+\.gz$/.test(f)).length).toBeGreaterThan(0);
    const previous = readFileSync(`${path}.1`, 'utf8').split('\n').filter(Boolean);
    const first = JSON.parse(readFileSync(path, 'utf8').split('\n')[0]!);
    expect(first.prev).toBe(sha(previous[previous.length - 1]!));
    expect(first.seq).toBe(JSON.parse(previous[previous.length - 1]!).seq + 1);
    const report = verifyAuditLog(path);
    expect(report).toMatchObject({ ok: true, lastSeq: 60, lines: 60, fromGenesis: true });
  });

  it('8 concurrent writer processes × 200 records leave one unbroken chain, with and without rotation', async () => {
    for (const maxBytes of [0, 256 * 1024]) {
      const home = tempHome();
      await Promise.all(
        Array.from({ length: 8 }, (_, w) =>
          run(process.execPath, [writerBundle, home, String(w), '200', String(maxBytes), '1000']),
        ),
      );
      const path = statePaths({ HOME: home }).auditLog;
      const report = verifyAuditLog(path);
      expect(report.break).toBeUndefined();
      expect(report).toMatchObject({ ok: true, lines: 1600, firstSeq: 1, lastSeq: 1600 });
      if (maxBytes > 0) expect(report.files.length).toBeGreaterThan(3);
    }
  }, 120_000);
});

/** Tampering done with ordinary tools, as the attack did (from a detached process). */
const TAMPER: { name: string; script: string; kind: string; line?: number; rotate?: boolean }[] = [
  {
    name: 'sed -i deletes the rm record (detached, setsid)',
    script: `setsid -w sed -i '/"id":"r7"/d' audit.jsonl`,
    kind: 'deleted',
    line: 8,
  },
  {
    name: 'sed -i edits a record',
    script: `sed -i 's/rm victim.txt/ls victim.txt/' audit.jsonl`,
    kind: 'edited',
    line: 9,
  },
  {
    name: 'sed -i edits a seq to cover its tracks',
    script: `sed -i '8s/"seq":8,/"seq":9,/' audit.jsonl`,
    kind: 'edited',
    line: 8,
  },
  {
    name: 'the last 3 records are cut off at a line boundary',
    script: `head -n 17 audit.jsonl > t && cat t > audit.jsonl`,
    kind: 'truncated',
  },
  { name: 'the file is truncated inside a line', script: `truncate -s -40 audit.jsonl`, kind: 'truncated', line: 20 },
  { name: 'two records swap places', script: `sed -i '5{h;d};6G' audit.jsonl`, kind: 'reordered', line: 5 },
  { name: 'a record moves three places down', script: `sed -i '4{h;d};7G' audit.jsonl`, kind: 'reordered', line: 4 },
  { name: 'the last record is edited', script: `sed -i '$s/"echo 19/"echo 91/' audit.jsonl`, kind: 'edited', line: 20 },
  { name: 'the whole log is deleted', script: 'rm audit.jsonl', kind: 'truncated' },
  {
    name: 'the chain head file is deleted along with the last record',
    script: `sed -i '$d' audit.jsonl && rm audit.jsonl.head`,
    kind: 'head',
  },
  {
    name: 'a fabricated record is appended',
    script: `tail -n 1 audit.jsonl | sed 's/"seq":20,/"seq":21,/' >> audit.jsonl`,
    kind: 'edited',
    line: 21,
  },
];

describe('audit verify finds tampering', () => {
  for (const t of TAMPER) {
    it(`${t.name} → ${t.kind}`, async () => {
      const home = tempHome();
      const path = await writeN(home, 20);
      expect(verifyAuditLog(path).ok).toBe(true);
      sh(t.script, join(path, '..'));
      const report = verifyAuditLog(path);
      expect(report.ok).toBe(false);
      expect(report.break?.kind).toBe(t.kind);
      if (t.line !== undefined) expect(report.break?.line).toBe(t.line);
    });
  }

  it('a deletion inside a compressed rotated file is found, with its file and line, and exits 1', async () => {
    const home = tempHome();
    const path = await writeN(home, 60, 4096);
    const dir = join(path, '..');
    sh(`gunzip audit.jsonl.3.gz && sed -i '4d' audit.jsonl.3 && gzip audit.jsonl.3`, dir);
    const r = verifyCli(home);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/audit chain BROKEN at audit\.jsonl\.3\.gz line 4: deleted:/);
  });

  it('a rotated file removed from the middle is found', async () => {
    const home = tempHome();
    const path = await writeN(home, 60, 4096);
    sh('rm audit.jsonl.2.gz', join(path, '..'));
    const report = verifyAuditLog(path);
    expect(report.break?.kind).toBe('deleted');
    expect(report.break?.file).toBe('audit.jsonl.1');
  });

  it('writing goes on after tampering; the chain stays broken at the same place', async () => {
    const home = tempHome();
    const path = await writeN(home, 20);
    sh(`sed -i '/"id":"r7"/d' audit.jsonl`, join(path, '..'));
    await writeN(home, 5, 0, 20);
    const report = verifyAuditLog(path);
    expect(report.break).toMatchObject({ kind: 'deleted', line: 8, seq: 9 });
    expect(report.lastSeq).toBe(25);
    expect(report.breaks).toBe(1);
  });
});
