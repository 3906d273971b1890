// Issue 14, upgrading from ship.json to `audit.ship`: no silent loss of shipping. A ship.json
// alone is still honoured by the resident process, and status and doctor say to move it;
// `audit ship --migrate` moves it into config.json (the target's cursor carries over: every
// record still arrives exactly once); a ship.json written again beside `audit.ship` is ignored
// (the config wins, status says so) and its target receives nothing. With the resident process
// stopped, status says no one ships and names `audit ship --once` for cron.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, cli } from '../install/cliHarness.js';
import { auditLines, daemonPid, fastHome, runFast, stopDaemon, waitFor } from './harness.js';
import type { FastHome } from './harness.js';

const seqs = (file: string): number[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => Number((JSON.parse(l) as { seq: number }).seq))
    : [];

describe('ship.json to audit.ship', () => {
  let h: FastHome;
  let out: string;
  let shipJson: string;
  let configJson: string;
  const local = (): number[] => auditLines(h).map((r) => Number(r.seq));
  const shipStatus = () => JSON.parse(cli(['status', '--json'], h.env).stdout).ship;

  beforeAll(() => {
    h = fastHome();
    symlinkSync(join(ROOT, 'node_modules'), join(dirname(dirname(CLI)), 'node_modules'));
    out = join(h.home, 'shipped.jsonl');
    shipJson = join(h.home, '.config', 'shimctl', 'ship.json');
    configJson = join(h.home, '.config', 'shimctl', 'config.json');
    mkdirSync(dirname(shipJson), { recursive: true });
    writeFileSync(shipJson, JSON.stringify({ targets: [{ type: 'file', path: out }] }));
  }, 120_000);
  afterAll(() => stopDaemon(h));

  it('a ship.json alone is still shipped from, and status and doctor say to move it', async () => {
    for (let i = 0; i < 3; i++) expect(runFast(h, `echo legacy-${i}`).status).toBe(0);
    expect(await waitFor(() => seqs(out).length >= local().length, 30_000)).toBe(true);
    expect(seqs(out)).toEqual(local());
    const s = shipStatus();
    expect(s.config).toBe(shipJson);
    expect(s.note).toContain(`move it to audit.ship in ${configJson}`);
    expect(s.residentPid).toBe(daemonPid(h));
    const doctor = cli(['doctor'], h.env).stdout;
    expect(doctor).toContain('note  shipping targets: move ship.json to audit.ship');
  }, 90_000);

  it('--migrate moves it into config.json; shipping goes on exactly once', async () => {
    const r = cli(['audit', 'ship', '--migrate'], h.env);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(shipJson)).toBe(false);
    expect(existsSync(`${shipJson}.migrated`)).toBe(true);
    expect(JSON.parse(readFileSync(configJson, 'utf8'))).toEqual({
      audit: { ship: { targets: [{ type: 'file', path: out }] } },
    });
    // A second run has nothing to move.
    expect(cli(['audit', 'ship', '--migrate'], h.env).status).toBe(1);
    for (let i = 0; i < 3; i++) expect(runFast(h, `echo migrated-${i}`).status).toBe(0);
    expect(await waitFor(() => seqs(out).length >= local().length, 30_000)).toBe(true);
    expect(seqs(out)).toEqual(local());
    const s = shipStatus();
    expect(s.config).toBe(configJson);
    expect(s.note).toBeUndefined();
  }, 90_000);

  it('a ship.json beside audit.ship is ignored, and status says so', async () => {
    const other = join(h.home, 'other.jsonl');
    writeFileSync(shipJson, JSON.stringify({ targets: [{ type: 'file', path: other }] }));
    expect(shipStatus().note).toContain(`${shipJson} is ignored: audit.ship in ${configJson} wins`);
    // Migrating again is refused: the config has audit.ship already.
    const again = cli(['audit', 'ship', '--migrate'], h.env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already has audit.ship');
    for (let i = 0; i < 3; i++) expect(runFast(h, `echo both-${i}`).status).toBe(0);
    expect(await waitFor(() => seqs(out).length >= local().length, 30_000)).toBe(true);
    expect(seqs(out)).toEqual(local());
    expect(existsSync(other)).toBe(false);
  }, 90_000);

  it('with the resident process stopped, status says to run `audit ship --once` from cron', () => {
    expect(cli(['daemon', 'stop'], h.env).stdout).toBe('stopped\n');
    expect(shipStatus().residentPid).toBeNull();
    expect(cli(['status'], h.env).stdout).toContain(
      'no resident process ships: run `shimctl audit ship --once` from cron',
    );
  });
});
