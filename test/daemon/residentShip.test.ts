// Issue 14, the resident process ships: with targets in `audit.ship` of the user's config.json, commands reviewed through the
// fast path (the compiled client and the resident process) arrive at an OTLP/HTTP receiver and a
// file without any `audit ship --once`. The receiver stopped, more commands: the file target goes
// on, the OTLP target's failure is in `status`; the receiver back on the same port, it catches
// up: every record once, in order. An `audit ship --once` run again and again while the resident
// process ships: every record arrives exactly once (the ship lock: before it, both pushed the
// records after the same cursor). Before this, nothing was shipped without `audit ship --once`.
// status names the resident process as the shipper; a target added to the config is picked up
// without a restart.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver } from '../infrastructure/audit/ship/otlpReceiver.js';
import type { OtlpReceiver } from '../infrastructure/audit/ship/otlpReceiver.js';
import { CLI, ROOT, cli } from '../install/cliHarness.js';
import { auditLines, daemonPid, fastHome, runFast, runFastAsync, stopDaemon, waitFor } from './harness.js';
import type { FastHome } from './harness.js';

/** The `seq` of each record as it arrived, in arrival order. */
const seqsOf = (records: Array<Record<string, unknown>>): number[] => records.map((r) => Number(r.seq));

/** Each seq of the local log exactly once, in the local log's order. */
function exactlyOnceInOrder(arrived: number[], local: number[]): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  for (const s of arrived) {
    // Checked as each arrives (the earlier loop filled `seen` only after checking it: it never saw a repeat).
    if (seen.has(s)) out.push(`twice: ${s}`);
    seen.add(s);
  }
  for (const s of local) if (!seen.has(s)) out.push(`missing: ${s}`);
  for (let i = 1; i < arrived.length; i++)
    if (arrived[i]! < arrived[i - 1]!) out.push(`out of order: ${arrived[i]} after ${arrived[i - 1]}`);
  return out;
}

describe('the resident process ships the audit', () => {
  let h: FastHome;
  let otlp: OtlpReceiver;
  let out: string;
  const local = (): number[] => seqsOf(auditLines(h));
  const atFile = (): number[] =>
    existsSync(out)
      ? seqsOf(
          readFileSync(out, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l)),
        )
      : [];
  const atOtlp = (): number[] => otlp.logs.map((l) => Number(l.attributes.seq));
  const caughtUp = (seqs: () => number[]) => () => seqs().length >= local().length && local().length > 0;
  // The targets live in `audit.ship` of the user's config.json (before: a ship.json of their own).
  const config = (): string => join(h.home, '.config', 'shimctl', 'config.json');
  const ship = (extra: object[]) => ({
    targets: [{ type: 'otlp', url: otlp.url, protocol: 'http/protobuf' }, ...extra],
    timeoutMs: 10_000,
  });
  const shipStatus = () => JSON.parse(cli(['status', '--json'], h.env).stdout).ship;

  beforeAll(async () => {
    h = fastHome();
    // The private copy of the package has no node_modules; an install has them beside dist/ (pino).
    symlinkSync(join(ROOT, 'node_modules'), join(dirname(dirname(CLI)), 'node_modules'));
    otlp = await startOtlpReceiver();
    out = join(h.home, 'shipped.jsonl');
    mkdirSync(dirname(config()), { recursive: true });
    writeFileSync(config(), JSON.stringify({ audit: { ship: ship([{ type: 'file', path: out }]) } }));
  }, 120_000);
  afterAll(async () => {
    stopDaemon(h);
    await otlp?.close();
  });

  it('commands through the fast path arrive at the receiver and the file, with no `audit ship`', async () => {
    for (let i = 0; i < 8; i++) expect(runFast(h, `echo first-${i}`).status).toBe(0);
    expect(daemonPid(h)).toBeGreaterThan(0);
    expect(await waitFor(caughtUp(atOtlp), 30_000)).toBe(true);
    expect(await waitFor(caughtUp(atFile), 30_000)).toBe(true);
    expect(exactlyOnceInOrder(atOtlp(), local())).toEqual([]);
    expect(exactlyOnceInOrder(atFile(), local())).toEqual([]);
    // A start and an end record per command.
    expect(otlp.logs.map((l) => l.body).filter((b) => b.includes('echo first-'))).toHaveLength(16);
    // status names who ships: this resident process, and where the targets come from.
    expect(shipStatus()).toMatchObject({ residentPid: daemonPid(h), config: config() });
    expect(cli(['status'], h.env).stdout).toContain(
      `the resident process (pid ${daemonPid(h)}) ships in the background`,
    );
  }, 90_000);

  it('a target added to audit.ship is shipped to without a restart', async () => {
    const pid = daemonPid(h);
    const second = join(h.home, 'second.jsonl');
    writeFileSync(
      config(),
      JSON.stringify({
        audit: {
          ship: ship([
            { type: 'file', path: out },
            { type: 'file', path: second },
          ]),
        },
      }),
    );
    expect(runFast(h, 'echo after-edit').status).toBe(0);
    const atSecond = (): number[] =>
      existsSync(second)
        ? seqsOf(
            readFileSync(second, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l)),
          )
        : [];
    expect(await waitFor(caughtUp(atSecond), 30_000)).toBe(true);
    expect(exactlyOnceInOrder(atSecond(), local())).toEqual([]);
    expect(await waitFor(caughtUp(atFile), 30_000)).toBe(true);
    // Settle: a run of the edit's moment must not send them again.
    await new Promise((r) => setTimeout(r, 3000));
    expect(exactlyOnceInOrder(atFile(), local()), `${atFile()} ${JSON.stringify(shipStatus())}`).toEqual([]);
    expect(daemonPid(h)).toBe(pid);
  }, 90_000);

  it('the receiver down: the file goes on, status shows the failure; back up: caught up once, in order', async () => {
    await otlp.close();
    for (let i = 0; i < 8; i++) expect(runFast(h, `echo down-${i}`).status).toBe(0);
    expect(
      await waitFor(caughtUp(atFile), 30_000),
      `${atFile().length}/${local().length} ${cli(['status', '--json'], h.env).stdout}`,
    ).toBe(true);
    const status = () =>
      JSON.parse(cli(['status', '--json'], h.env).stdout).ship.targets as Array<{
        target: string;
        failures: number;
        lastError: string | null;
        lagRecords: number;
      }>;
    expect(await waitFor(() => status().some((t) => t.target.startsWith('otlp') && t.failures > 0), 30_000)).toBe(true);
    const down = status().find((t) => t.target.startsWith('otlp'))!;
    expect(down.lastError).toBe('unreachable');
    expect(down.lagRecords).toBeGreaterThan(0);
    expect(atOtlp().length).toBeLessThan(local().length);

    await otlp.listen();
    const back = await waitFor(caughtUp(atOtlp), 90_000);
    expect(back, `${JSON.stringify(status())} ${atOtlp().length}/${local().length} ${otlp.url}`).toBe(true);
    expect(exactlyOnceInOrder(atOtlp(), local())).toEqual([]);
    expect(exactlyOnceInOrder(atFile(), local()), `${atFile()} / ${local()} ${JSON.stringify(status())}`).toEqual([]);
    expect(await waitFor(() => status().every((t) => t.failures === 0 && t.lagRecords === 0), 30_000)).toBe(true);
  }, 180_000);

  it('`audit ship --once` again and again while the resident process ships: every record exactly once', async () => {
    const shipRuns: Array<Promise<number | null>> = [];
    const shipAgain = (): Promise<number | null> =>
      new Promise((resolve) => {
        const c = spawn(process.execPath, [CLI, 'audit', 'ship', '--once'], { env: h.env, stdio: 'ignore' });
        c.on('exit', (code) => resolve(code));
      });
    // Commands in parallel batches (the resident process ships after each burst) with a CLI
    // shipper started at every batch.
    for (let batch = 0; batch < 6; batch++) {
      shipRuns.push(shipAgain());
      const runs = await Promise.all(Array.from({ length: 5 }, (_, i) => runFastAsync(h, `echo race-${batch}-${i}`)));
      for (const r of runs) expect(r.status, r.stderr).toBe(0);
    }
    const codes = await Promise.all(shipRuns);
    const why = () =>
      `${atOtlp().length} ${atFile().length}/${local().length} ${cli(['status', '--json'], h.env).stdout}`;
    expect(await waitFor(caughtUp(atOtlp), 60_000), why()).toBe(true);
    expect(await waitFor(caughtUp(atFile), 60_000), why()).toBe(true);
    // Settle: nothing more may arrive.
    await new Promise((r) => setTimeout(r, 1500));
    expect(exactlyOnceInOrder(atOtlp(), local())).toEqual([]);
    expect(exactlyOnceInOrder(atFile(), local())).toEqual([]);
    // Every CLI run either shipped or found the target held by the resident shipper: exit 0.
    expect(codes).toEqual(shipRuns.map(() => 0));
  }, 180_000);
});
