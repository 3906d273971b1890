// Where the shippers get their targets (issue 14), through the real config loader on real files
// in a temporary HOME: audit.ship of the user's or managed config, never a project's, and the
// legacy ship.json only while no audit.ship exists. The same files through the interception
// path: an invalid audit.ship blocks like any invalid config, naming the field.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFailureVerdict } from '../../../../src/application/config/configFailure.js';
import { reviewUseCase } from '../../../../src/application/review.js';
import { shipConfigPath } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { loadShipSettings } from '../../../../src/infrastructure/audit/ship/shipSettings.js';
import { describeTarget } from '../../../../src/infrastructure/audit/ship/shipState.js';
import { createConfigSource } from '../../../../src/infrastructure/config/createConfigSource.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../../../domain/review/fakeHostFacts.js';
import { makeTempHome } from '../../config/tempHome.js';
import type { TempHome } from '../../config/tempHome.js';
import data from './shipSettings.cases.json' with { type: 'json' };

interface Case {
  name: string;
  user?: object;
  managed?: object;
  project?: object;
  shipJson?: object;
  expect: {
    kind: 'ok' | 'none' | 'invalid';
    source?: 'user' | 'managed' | 'shipJson';
    targets?: string[];
    timeoutMs?: number;
    protocol?: string;
    note?: string;
    message?: string;
  };
  review: 'allow' | 'block';
  warnings?: string[];
  invalidField?: string;
  projectShip?: string[] | null;
}

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

describe('ship targets come from audit.ship of the user or managed config', () => {
  it.each(data.cases as Case[])('$name', async (c) => {
    const env = { HOME: t.home, SHIMCTL_MANAGED_CONFIG: join(t.root, 'etc', 'managed.json') };
    const paths = statePaths(env);
    const files = {
      user: join(paths.configDir, 'config.json'),
      managed: paths.managedConfig!,
      shipJson: shipConfigPath(paths),
    };
    if (c.user) t.write(files.user, JSON.stringify(c.user));
    if (c.managed) t.write(files.managed, JSON.stringify(c.managed));
    if (c.shipJson) t.write(files.shipJson, JSON.stringify(c.shipJson));
    if (c.project) t.write(join(t.project, '.shimctlrc.json'), JSON.stringify(c.project));

    const s = loadShipSettings(paths, files.shipJson);
    expect(s.kind).toBe(c.expect.kind);
    if (s.kind === 'ok') {
      expect(s.source).toBe(files[c.expect.source!]);
      expect(s.config.targets.map(describeTarget)).toEqual(c.expect.targets);
      expect(s.config.timeoutMs).toBe(c.expect.timeoutMs);
      if (c.expect.protocol) expect(s.config.targets[0]).toMatchObject({ protocol: c.expect.protocol });
      if (c.expect.note) expect(s.note).toContain(c.expect.note);
      else expect(s.note).toBeUndefined();
    }
    if (s.kind === 'invalid') {
      expect(s.source).toBe(files[c.expect.source!]);
      expect(s.message).toContain(c.expect.message);
    }

    // The interception path: the project's view of the same files.
    const loaded = createConfigSource(paths).load(t.project);
    const facts = fakeHostFacts({ home: t.home, onPath: [...FAKE_PATH_COMMANDS] });
    const verdict =
      loaded.kind === 'ok'
        ? (
            await reviewUseCase(
              { command: 'echo hi', cwd: t.project, workspace: t.project, hop: 'nested' },
              { config: loaded.config, facts },
            )
          ).verdict
        : configFailureVerdict(loaded);
    expect(verdict.decision, JSON.stringify(loaded)).toBe(c.review);
    if (c.invalidField) expect(loaded).toMatchObject({ kind: 'invalid', field: c.invalidField });
    if (loaded.kind === 'ok') {
      expect(loaded.warnings.map((w) => w.field)).toEqual(c.warnings ?? []);
      if (c.projectShip !== undefined)
        expect(loaded.config.audit.ship?.targets.map(describeTarget) ?? null).toEqual(c.projectShip);
    }
  });
});
