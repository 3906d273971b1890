// Modes × command classes (docs/modes.md), through the application's review use case: the real
// native review with the real shell grammar, then the mode layer. Workspace: /work/proj.
import { describe, expect, it } from 'vitest';
import { reviewUseCase } from '../../../src/application/review.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { Mode } from '../../../src/domain/modes/mode.js';
import { MODES } from '../../../src/domain/modes/mode.js';
import { RISKS } from '../../../src/domain/verdict.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../review/fakeHostFacts.js';
import { withRealGrammar } from '../review/grammarFacts.js';
import { loadCases } from '../review/caseTable.js';
import data from './modes.cases.json' with { type: 'json' };

interface Case {
  mode?: Mode;
  configMode?: Mode;
  ceiling?: Mode;
  command: string;
  cwd?: string;
  workspace?: string | null;
  expect: string;
  risk?: string;
  codes?: string[];
}

describe('modes', async () => {
  const facts = await withRealGrammar(fakeHostFacts({ onPath: [...FAKE_PATH_COMMANDS, 'mytool', 'mvn'] }));
  // `workspace: null`: no launch workspace (a hook, a session not started by a launcher).
  const review = (
    command: string,
    mode: Mode | undefined,
    extra: { cwd?: string; configMode?: Mode; ceiling?: Mode; workspace?: string | null } = {},
  ) =>
    reviewUseCase(
      {
        command,
        cwd: extra.cwd ?? '/work/proj',
        mode,
        ...(extra.workspace === null ? {} : { workspace: extra.workspace ?? '/work/proj' }),
        hop: 'nested',
      },
      { config: { ...defaultConfig(), mode: extra.configMode, modeCeiling: extra.ceiling }, facts },
    );

  it.each(data.cases as Case[])('$mode $configMode $ceiling: $command', async (c) => {
    const r = await review(c.command, c.mode, c);
    const v = r.verdict;
    const why = `${v.decision}/${v.risk} ${v.reasons.map((x) => x.code).join(',')} ${v.rule_ids.join(',')}`;
    expect(v.decision, why).toBe(c.expect);
    if (c.risk) expect(v.risk, why).toBe(c.risk);
    for (const code of c.codes ?? [])
      expect(
        v.reasons.map((x) => x.code),
        why,
      ).toContain(code);
  });

  // Properties over every review case in test/domain/review/cases: no mode lifts a critical
  // finding, plan is never looser than default, and no mode changes the risk.
  const cases = loadCases(new URL('../review/cases', import.meta.url).pathname).filter((c) => c.command !== undefined);
  it(`no mode lifts a critical finding; plan never loosens (${cases.length} commands × ${MODES.length} modes)`, async () => {
    expect(cases.length).toBeGreaterThan(300);
    const rank = (d: string) => ['allow', 'ask', 'block'].indexOf(d);
    for (const c of cases) {
      const base = (await review(c.command!, 'default', { cwd: c.cwd })).verdict;
      for (const mode of MODES) {
        const v = (await review(c.command!, mode, { cwd: c.cwd })).verdict;
        const label = `${mode}: ${c.command} (${base.decision}/${base.risk} → ${v.decision}/${v.risk})`;
        expect(v.risk, label).toBe(base.risk);
        if (base.risk === 'critical') expect(v.decision, label).toBe(base.decision);
        if (mode === 'plan') expect(rank(v.decision), label).toBeGreaterThanOrEqual(rank(base.decision));
        if (mode === 'plan' && v.decision === 'allow')
          expect(RISKS.indexOf(v.risk), label).toBeLessThanOrEqual(RISKS.indexOf('medium'));
      }
    }
  }, 120_000);
});

describe('modes at the agent hop (Claude envelope and bookkeeping, from test/agents/fixtures/claude.jsonl)', async () => {
  const facts = await withRealGrammar(fakeHostFacts());
  const envelope = (cmd: string) =>
    `source /home/u/.claude/shell-snapshots/snapshot-bash-1795950647420-6nu8kt.sh 2>/dev/null || true && shopt -u extglob 2>/dev/null || true && eval '${cmd}' < /dev/null && pwd -P >| /tmp/claude-0e53-cwd`;
  const run = (command: string, mode: Mode) =>
    reviewUseCase(
      { command, cwd: '/work/proj', agent: 'claude', hop: 'agent', mode },
      { config: defaultConfig(), facts },
    );
  it.each([
    ['plan', envelope('cat README.md'), 'allow'],
    ['plan', envelope('touch marker.txt'), 'block'],
    ['plan', envelope('ls > listing.txt'), 'block'],
    ['plan', 'env', 'allow'],
    ['default', envelope('touch marker.txt'), 'allow'],
  ] as Array<[Mode, string, string]>)('%s: %s', async (mode, command, expected) => {
    const v = (await run(command, mode)).verdict;
    expect(v.decision, `${v.decision} ${v.reasons.map((r) => r.code).join(',')} ${v.rule_ids.join(',')}`).toBe(
      expected,
    );
  });
});
