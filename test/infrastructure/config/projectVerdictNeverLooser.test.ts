// Issue 13 evidence, as a property over verdicts (projectNeverLoosens.test.ts checks the merged
// config): for generated project files (rules with wildcards and conditions, modes, paths, URL
// settings, fields a project may not set) and every launch mode, no command's verdict with the
// project file is looser than without it. Real loader, real files; the review through the use
// case, so modes and ceilings apply.
import fc from 'fast-check';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewUseCase } from '../../../src/application/review.js';
import { configFailureVerdict } from '../../../src/application/config/configFailure.js';
import type { Mode } from '../../../src/domain/modes/mode.js';
import { MODES } from '../../../src/domain/modes/mode.js';
import type { Verdict } from '../../../src/domain/verdict.js';
import { DECISIONS } from '../../../src/domain/verdict.js';
import { createConfigSource } from '../../../src/infrastructure/config/createConfigSource.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../../domain/review/fakeHostFacts.js';
import { makeTempHome } from './tempHome.js';
import type { TempHome } from './tempHome.js';

let t: TempHome;
beforeAll(() => {
  t = makeTempHome();
});
afterAll(() => t.cleanup());

const COMMANDS = [
  'ls -la',
  'git status',
  'git push origin main',
  'git push --force origin main',
  'touch notes.txt',
  'rm -rf build',
  'make test',
  'npm test',
  'curl https://example.invalid/x',
  'mytool build',
  'uname -a',
  'echo hi > out.txt',
  'cat ~/.ssh/id_rsa',
];
const word = fc.constantFrom(
  'ls',
  'git',
  'curl',
  'rm',
  'make',
  'npm',
  'touch',
  'uname',
  'mytool',
  'echo',
  'cat',
  'push',
  'test',
  'status',
  '*',
  'build',
  '--force',
  'origin',
  'main',
  '-rf',
  'x:*',
);
const EXTRAS = {
  subcommand: fc.array(word, { minLength: 1, maxLength: 2 }),
  args: fc.array(word, { maxLength: 3 }),
  argsContain: fc.array(word, { minLength: 1, maxLength: 2 }),
  cwd: fc.constantFrom('/**', '/tmp/**', '~/**'),
  agent: fc.constantFrom('claude', 'codex'),
  risk: fc.constantFrom('low', 'medium', 'high', 'critical'),
  lifts: fc.array(fc.constantFrom('git:push', 'git:push-force', 'pkg:js-scripts', 'pkg:build-tools'), { maxLength: 2 }),
  maxRisk: fc.constantFrom('low', 'critical'),
};
// A plain rule most of the time, with at most two extra fields: a rule that matches is what can loosen.
const rule = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 6 }).map((s) => `p:${s.replace(/[^A-Za-z0-9]/g, 'z')}`),
    command: fc.constantFrom('ls', 'git', 'curl', 'rm', 'make', 'npm', 'touch', 'uname', 'mytool', 'echo', 'cat'),
    decision: fc.constantFrom('allow', 'ask', 'block'),
    extra: fc
      .subarray(Object.keys(EXTRAS) as Array<keyof typeof EXTRAS>, { maxLength: 2 })
      .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, EXTRAS[k]])))),
  })
  .map(({ extra, ...r }) => ({ ...r, ...extra }));
const projectFile = fc.record(
  {
    mode: fc.constantFrom(...MODES),
    rules: fc.uniqueArray(rule, { maxLength: 4, selector: (r) => r.id }),
    protectedPaths: fc.array(fc.constantFrom('./secret', '/tmp/x'), { maxLength: 2 }),
    roots: fc.array(fc.constantFrom('.', '/tmp'), { maxLength: 2 }),
    disabledRules: fc.array(fc.constantFrom('git:push', 'fs:rm-recursive', 'paths:private-key'), { maxLength: 2 }),
    urls: fc.record(
      {
        allowSchemes: fc.array(fc.constantFrom('https', 'http', 'ftp', 'file'), { maxLength: 3 }),
        allowHosts: fc.array(fc.constantFrom('example.invalid', '*'), { maxLength: 2 }),
        loopback: fc.constantFrom('allow-reads', 'ask', 'block'),
        private: fc.constantFrom('ask', 'block'),
      },
      { requiredKeys: [] },
    ),
    syntax: fc.constantFrom('structured', 'strict'),
    nested: fc.constantFrom('review', 'passthrough'),
    approvals: fc.record({ enabled: fc.boolean() }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const USER = {
  mode: 'acceptEdits',
  rules: [
    { id: 'me:push', command: 'git', subcommand: ['push'], decision: 'allow' },
    { id: 'me:mytool', command: 'mytool', decision: 'allow' },
  ],
};

describe('property: a project file never makes a verdict looser', () => {
  it('holds for 60 generated project files × every launch mode × 13 commands', async () => {
    t.write(join(t.paths.configDir, 'config.json'), JSON.stringify(USER));
    const facts = fakeHostFacts({ home: t.home, onPath: [...FAKE_PATH_COMMANDS, 'mytool', 'npm', 'make'] });
    const projFile = join(t.project, '.shimctlrc.json');
    const decide = async (command: string, mode: Mode | undefined): Promise<Verdict> => {
      const loaded = createConfigSource(t.paths).load(t.project);
      if (loaded.kind !== 'ok') return configFailureVerdict(loaded);
      return (
        await reviewUseCase(
          { command, cwd: t.project, workspace: t.project, mode, agent: 'claude', hop: 'nested' },
          { config: loaded.config, facts },
        )
      ).verdict;
    };
    rmSync(projFile, { force: true });
    const launches: Array<Mode | undefined> = [undefined, ...MODES];
    const base = new Map<string, Verdict>();
    for (const m of launches) for (const c of COMMANDS) base.set(`${m}|${c}`, await decide(c, m));
    await fc.assert(
      fc.asyncProperty(projectFile, async (content) => {
        t.write(projFile, JSON.stringify(content));
        for (const m of launches) {
          for (const c of COMMANDS) {
            const before = base.get(`${m}|${c}`)!;
            const after = await decide(c, m);
            expect(
              DECISIONS.indexOf(after.decision),
              `${c} (launch ${m}): ${before.decision} → ${after.decision} ${after.reasons.map((r) => r.code).join(',')}`,
            ).toBeGreaterThanOrEqual(DECISIONS.indexOf(before.decision));
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
