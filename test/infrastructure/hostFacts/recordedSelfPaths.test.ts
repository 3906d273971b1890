// The review protects the directories the install recorded, not only those this request's XDG_*
// name: an install made under XDG_CONFIG_HOME=/elsewhere stays protected when a nested shell
// unsets the variable. A manifest that exists but is unreadable fails closed.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'shimctl-selfpaths-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function home(name: string, manifest?: string): Record<string, string> {
  const h = join(root, name);
  mkdirSync(join(h, '.local/share/shimctl'), { recursive: true });
  if (manifest !== undefined) writeFileSync(join(h, '.local/share/shimctl/manifest.json'), manifest);
  return { HOME: h };
}

describe('recorded self paths', () => {
  it('a config directory recorded at install is protected although this environment names another', () => {
    const recorded = join(root, 'elsewhere/shimctl');
    const env = home('a', JSON.stringify({ version: 1, files: [], selfPaths: [recorded] }));
    const facts = createHostFactsProvider(statePaths(env)).facts(env);
    expect(facts.shimctlPaths).toContain(recorded);
    const v = judgePaths([{ raw: join(recorded, 'config.json'), access: 'write' }], {
      cwd: root,
      config: defaultConfig(),
      facts,
    }).verdict;
    expect([v.decision, v.risk, v.reasons[0]?.code]).toEqual(['block', 'critical', 'path.self_protection']);
    // The control: without the record the same path is only outside the workspace.
    const bare = home('b');
    const f2 = createHostFactsProvider(statePaths(bare)).facts(bare);
    const v2 = judgePaths([{ raw: join(recorded, 'config.json'), access: 'write' }], {
      cwd: root,
      config: defaultConfig(),
      facts: f2,
    }).verdict;
    expect(v2.reasons.map((r) => r.code)).not.toContain('path.self_protection');
  });

  it('an unreadable install record fails closed (throws) instead of protecting less', () => {
    const env = home('c', '{ not json');
    expect(() => createHostFactsProvider(statePaths(env)).facts(env)).toThrow(/install record/);
  });
});
