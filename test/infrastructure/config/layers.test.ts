// Managed, user and project layers and modes, through the real config loader (real files in a
// temporary HOME; the managed file's path comes from SHIMCTL_MANAGED_CONFIG) and the review use case.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviewUseCase } from '../../../src/application/review.js';
import { configFailureVerdict } from '../../../src/application/config/configFailure.js';
import type { Mode } from '../../../src/domain/modes/mode.js';
import { createConfigSource } from '../../../src/infrastructure/config/createConfigSource.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../../domain/review/fakeHostFacts.js';
import { makeTempHome } from './tempHome.js';
import type { TempHome } from './tempHome.js';
import data from './layers.cases.json' with { type: 'json' };

interface Case {
  name: string;
  managed?: object;
  managedText?: string;
  user?: object;
  project?: object;
  session?: string;
  launch?: Mode;
  command: string;
  expect: string;
  warnings?: string[];
  codes?: string[];
}

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

describe('config layers and modes', () => {
  it.each(data.cases as Case[])('$name', async (c) => {
    const managedFile = join(t.root, 'etc', 'managed.json');
    const paths = statePaths({ HOME: t.home, SHIMCTL_MANAGED_CONFIG: managedFile });
    if (c.managed || c.managedText) t.write(managedFile, c.managedText ?? JSON.stringify(c.managed));
    if (c.user) t.write(join(paths.configDir, 'config.json'), JSON.stringify(c.user));
    if (c.project) t.write(join(t.project, '.shimctlrc.json'), JSON.stringify(c.project));
    const loaded = createConfigSource(paths).load(t.project);
    const facts = fakeHostFacts({ home: t.home, onPath: [...FAKE_PATH_COMMANDS] });
    const v =
      loaded.kind === 'ok'
        ? (
            await reviewUseCase(
              {
                command: c.command,
                cwd: t.project,
                workspace: t.project,
                session: c.session,
                mode: c.launch,
                hop: 'nested',
              },
              { config: loaded.config, facts },
            )
          ).verdict
        : configFailureVerdict(loaded);
    const why = `${v.decision}/${v.risk} ${v.reasons.map((r) => r.code).join(',')} ${v.rule_ids.join(',')}`;
    expect(v.decision, why).toBe(c.expect);
    for (const code of c.codes ?? [])
      expect(
        v.reasons.map((r) => r.code),
        why,
      ).toContain(code);
    if (c.warnings) expect(loaded.kind === 'ok' ? loaded.warnings.map((w) => w.field) : [], why).toEqual(c.warnings);
  });
});
