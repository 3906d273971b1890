// `shimctl audit ship --migrate` where it cannot do its job: nothing is lost and the person is
// told what happened. A managed config that sets audit.ship replaces the user's targets, so moving
// ship.json would ship nothing (refused, both files untouched); ship.json that cannot be renamed
// after its targets moved leaves the config written and says to remove the old file.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, tempDir } from '../../install/cliHarness.js';

beforeAll(() => ensureBuilt());

function home(managed?: object): { env: Record<string, string>; shipJson: string; configJson: string } {
  const h = tempDir('migrate');
  const configDir = join(h, '.config', 'shimctl');
  mkdirSync(configDir, { recursive: true });
  const shipJson = join(configDir, 'ship.json');
  writeFileSync(shipJson, JSON.stringify({ targets: [{ type: 'file', path: join(h, 'out.jsonl') }] }), {
    mode: 0o644,
  });
  const managedFile = join(h, 'managed.json');
  if (managed) writeFileSync(managedFile, JSON.stringify(managed));
  return {
    env: hermeticEnv(h, SYSTEM_PATH, { SHIMCTL_MANAGED_CONFIG: managedFile }),
    shipJson,
    configJson: join(configDir, 'config.json'),
  };
}

describe('audit ship --migrate', () => {
  it('moves ship.json and leaves the old file owner-only', () => {
    const h = home();
    const r = cli(['audit', 'ship', '--migrate'], h.env);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(h.shipJson)).toBe(false);
    expect(statSync(`${h.shipJson}.migrated`).mode & 0o777).toBe(0o600);
  });

  it('refuses when the managed config sets audit.ship (its list replaces the user targets)', () => {
    const h = home({ audit: { ship: { targets: [{ type: 'file', path: '/var/log/fleet.jsonl' }] } } });
    const before = readFileSync(h.shipJson, 'utf8');
    const r = cli(['audit', 'ship', '--migrate'], h.env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('sets audit.ship, which replaces the user');
    expect(readFileSync(h.shipJson, 'utf8')).toBe(before);
    expect(existsSync(h.configJson)).toBe(false);
  });

  it('a managed config without audit.ship does not stop it', () => {
    const h = home({ rules: [] });
    expect(cli(['audit', 'ship', '--migrate'], h.env).status).toBe(0);
    expect(JSON.parse(readFileSync(h.configJson, 'utf8')).audit.ship.targets).toHaveLength(1);
  });

  it('when ship.json cannot be renamed, the config keeps the targets and the message says to remove it', () => {
    const h = home();
    // A non-empty directory in the way: rename(2) fails whatever the user's privileges.
    mkdirSync(join(`${h.shipJson}.migrated`, 'x'), { recursive: true });
    const r = cli(['audit', 'ship', '--migrate'], h.env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('could not be made owner-only and renamed');
    expect(r.stderr).toContain('remove it');
    expect(r.stderr).not.toMatch(/\n\s+at /); // a reason, not a stack trace
    expect(JSON.parse(readFileSync(h.configJson, 'utf8')).audit.ship.targets).toHaveLength(1);
    expect(statSync(h.shipJson).mode & 0o777).toBe(0o600);
  });
});
