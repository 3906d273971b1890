// Attack pass 9: a command can lower the file-size limit (`ulimit -f`) for the processes it leaves
// behind, such as the Codex guard's end report, whose audit append is then cut short. Half a line
// in the log broke the chain for every later record (`audit verify`: BROKEN). The writer now cuts
// the log back to where it was: no record, a readable reason, and a chain that still verifies.
// Real bash sets the limit; the report is the installed shim entry's end mode (a refused report
// still appends its `audit.end_unmatched` record, which is the write this test cuts short).
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../install/cliHarness.js';
import { type HookWorld, makeHookWorld, stopHookWorlds } from './hookHarness.js';

afterAll(stopHookWorlds);
let world: HookWorld;
beforeAll(() => {
  world = makeHookWorld('fsize');
}, 120_000);

/** One end report nobody expects, under an optional `ulimit -f` (1024-byte blocks in bash). */
function unmatchedReport(blocks?: number) {
  const entry = join(world.shimDir, 'shim-entry.cjs');
  const limit = blocks === undefined ? '' : `ulimit -f ${blocks}; `;
  return spawnSync('/bin/bash', ['-c', `${limit}exec "$0" "$1" __shim --end s1 nobody.1 0`, process.execPath, entry], {
    env: world.env,
    encoding: 'utf8',
  });
}
const size = () => statSync(world.auditLog).size;

describe('an audit append cut short by a file-size limit', () => {
  it('leaves the log as it was, says so, and the chain still verifies', () => {
    unmatchedReport();
    const record = size();
    unmatchedReport();
    const perRecord = size() - record;
    expect(perRecord).toBeGreaterThan(100);
    // Append until the next record would cross a 1024-byte boundary, so the limit below falls
    // inside it: the kernel writes part of the line, then refuses the rest.
    for (let i = 0; i < 40 && 1024 - (size() % 1024) >= perRecord - 20; i++) unmatchedReport();
    const before = size();
    expect(1024 - (before % 1024), 'the limit falls inside the next record').toBeLessThan(perRecord - 20);
    const limited = unmatchedReport(Math.floor(before / 1024) + 1);
    expect(limited.stderr).toMatch(/no end record|short write|audit/);
    expect(size(), 'no half line is left in the log').toBe(before);
    expect(readFileSync(world.auditLog, 'utf8').endsWith('\n')).toBe(true);
    const verify = cli(['audit', 'verify'], world.env);
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    // And the next record, with no limit, continues the chain.
    unmatchedReport();
    expect(size()).toBeGreaterThan(before);
    expect(cli(['audit', 'verify'], world.env).status).toBe(0);
  }, 120_000);
});
