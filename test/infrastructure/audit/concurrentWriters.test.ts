import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { verifyAuditLog } from '../../../src/infrastructure/audit/verifyAuditLog.js';
import { tempHome } from './auditTestKit.js';

const run = promisify(execFile);
let writerBundle = '';

beforeAll(async () => {
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

const WRITERS = 16;
// 500 each since the hash chain (issue 17) serialises the appends under a lock file.
const PER_WRITER = 500;

async function runWriters(home: string, maxBytes: number, keep: number): Promise<void> {
  await Promise.all(
    Array.from({ length: WRITERS }, (_, w) =>
      run(process.execPath, [writerBundle, home, String(w), String(PER_WRITER), String(maxBytes), String(keep)]),
    ),
  );
}

/** Every line of the log and its rotated files; each must parse; ids must be exactly the expected set. */
function checkAllRecords(home: string): { files: number } {
  const path = statePaths({ HOME: home }).auditLog;
  const dir = join(path, '..');
  const files = readdirSync(dir).filter((f) => f === 'audit.jsonl' || /^audit\.jsonl\.\d+(\.gz)?$/.test(f));
  const ids: string[] = [];
  const torn: string[] = [];
  for (const f of files) {
    const raw = readFileSync(join(dir, f));
    const text = (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        const rec = JSON.parse(line);
        const [writer, i] = String(rec.id).split('-');
        // The body must belong to the record's own id: an interleaved write would mix them.
        expect(rec.command.startsWith(`echo ${writer} ${i} `)).toBe(true);
        ids.push(rec.id);
      } catch {
        torn.push(`${f}: ${line.slice(0, 80)}`);
      }
    }
  }
  expect(torn).toEqual([]);
  const expected = new Set<string>();
  for (let w = 0; w < WRITERS; w++) for (let i = 0; i < PER_WRITER; i++) expected.add(`${w}-${i}`);
  expect(ids.length).toBe(expected.size); // none lost, none duplicated
  expect(new Set(ids)).toEqual(expected);
  const chain = verifyAuditLog(path);
  expect(chain.break).toBeUndefined();
  expect(chain.lastSeq).toBe(WRITERS * PER_WRITER);
  return { files: files.length };
}

describe(`${WRITERS} concurrent writer processes × ${PER_WRITER} records`, () => {
  it('leave every record whole, once, with no rotation', async () => {
    const home = tempHome();
    await runWriters(home, 0, 0);
    expect(checkAllRecords(home).files).toBe(1);
  }, 120_000);

  it('leave every record whole, once, across many rotations', async () => {
    const home = tempHome();
    await runWriters(home, 512 * 1024, 200);
    const { files } = checkAllRecords(home);
    expect(files).toBeGreaterThan(10);
  }, 120_000);
});
