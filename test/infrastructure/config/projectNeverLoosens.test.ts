import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfigSource } from '../../../src/infrastructure/config/createConfigSource.js';
import type { PolicyConfig } from '../../../src/domain/policyConfig.js';
import { makeTempHome } from './tempHome.js';
import type { TempHome } from './tempHome.js';

let t: TempHome;
beforeAll(() => {
  t = makeTempHome();
});
afterAll(() => t.cleanup());

const word = fc.constantFrom(
  'ls',
  'git',
  'curl',
  'rm',
  'PATH',
  'LD_PRELOAD',
  'LC_ALL',
  'https',
  'ftp',
  'localhost',
  'x:y',
  'a',
);
const decision = fc.constantFrom('allow', 'ask', 'block');
const rule = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 6 }).map((s) => `p:${s.replace(/[^A-Za-z0-9]/g, 'z')}`),
    command: word,
    decision,
  },
  { requiredKeys: ['id', 'command', 'decision'] },
);
const projectFile = fc.record(
  {
    engine: fc.constantFrom('native', 'rego', 'both'),
    rules: fc.uniqueArray(rule, { maxLength: 4, selector: (r) => r.id }),
    disabledRules: fc.array(word, { maxLength: 3 }),
    urls: fc.record(
      {
        allowSchemes: fc.array(fc.constantFrom('https', 'http', 'ftp', 'file', 'ssh'), { maxLength: 4 }),
        allowHosts: fc.array(word, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    approvals: fc.record(
      { enabled: fc.boolean(), timeoutSeconds: fc.integer({ min: 1, max: 86400 }) },
      { requiredKeys: [] },
    ),
    execution: fc.record(
      {
        timeoutSeconds: fc.integer({ min: 1, max: 100000 }),
        graceSeconds: fc.integer({ min: 0, max: 3600 }),
        maxOutputBytes: fc.integer({ min: 1, max: 2 ** 30 }),
        envAllow: fc.array(fc.constantFrom('PATH', 'HOME', 'LC_ALL', 'LD_PRELOAD', 'SHIMCTL_X', 'BASH_ENV'), {
          maxLength: 4,
        }),
      },
      { requiredKeys: [] },
    ),
    nested: fc.constantFrom('review', 'passthrough'),
    audit: fc.record({ keep: fc.integer({ min: 0, max: 10 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const userFile = {
  engine: 'native',
  disabledRules: ['core:x'],
  nested: 'review',
  rules: [
    { id: 'me:ls', command: 'ls', decision: 'allow' },
    { id: 'me:no-curl', command: 'curl', decision: 'block' },
  ],
  urls: { allowSchemes: ['https', 'ssh'], allowHosts: ['git.local'] },
};

function assertNoLooser(base: PolicyConfig, withProject: PolicyConfig): void {
  expect(withProject.engine).toBe(base.engine);
  expect(withProject.disabledRules).toEqual(base.disabledRules);
  expect(withProject.approvals).toEqual(base.approvals);
  expect(withProject.audit).toEqual(base.audit);
  expect(withProject.rego).toEqual(base.rego);
  expect(withProject.nested).toBe(base.nested);
  // Every earlier rule is still there, in order, and everything added is ask or block.
  expect(withProject.rules.slice(0, base.rules.length)).toEqual(base.rules);
  for (const r of withProject.rules.slice(base.rules.length)) expect(r.decision).not.toBe('allow');
  for (const s of withProject.urls.allowSchemes) expect(base.urls.allowSchemes).toContain(s);
  for (const h of withProject.urls.allowHosts) expect(base.urls.allowHosts).toContain(h);
  for (const e of withProject.execution.envAllow)
    expect(base.execution.envAllow.some((p) => p === e || (p.endsWith('*') && e.startsWith(p.slice(0, -1))))).toBe(
      true,
    );
  expect(withProject.execution.timeoutSeconds).toBeLessThanOrEqual(base.execution.timeoutSeconds);
  expect(withProject.execution.graceSeconds).toBeLessThanOrEqual(base.execution.graceSeconds);
  expect(withProject.execution.maxOutputBytes).toBeLessThanOrEqual(base.execution.maxOutputBytes);
  for (const p of base.protectedPaths) expect(withProject.protectedPaths).toContain(p);
  for (const p of base.roots) expect(withProject.roots).toContain(p);
}

describe('property: a project file never loosens the user + default config', () => {
  it('holds for 300 generated project files', () => {
    t.write(join(t.paths.configDir, 'config.json'), JSON.stringify(userFile));
    const base = createConfigSource(t.paths).load(t.home);
    if (base.kind !== 'ok') throw new Error(JSON.stringify(base));
    const projFile = join(t.project, '.shimctlrc.json');
    fc.assert(
      fc.property(projectFile, (content) => {
        t.write(projFile, JSON.stringify(content));
        const o = createConfigSource(t.paths).load(t.project);
        // Generated files are schema-valid with ids unlike the user's, so they must load.
        if (o.kind !== 'ok') throw new Error(JSON.stringify(o));
        assertNoLooser(base.config, o.config);
        for (const w of o.warnings) expect(w.file).toBe(projFile);
      }),
      { numRuns: 300 },
    );
    rmSync(projFile);
  });
});
