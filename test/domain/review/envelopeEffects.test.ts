// Side effects of agent envelopes (files sourced and written, PATH prefixes), as data: real
// captured envelopes, edited the way a model hand-writing one inside `bash -c` would.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { BASES, claudeEnvelope, codexEnvelope, geminiEnvelope } from '../shell/agentFixtures.js';
import { fakeHostFacts } from './fakeHostFacts.js';

interface Case {
  why: string;
  base: 'claude' | 'gemini' | 'codex';
  agent?: string;
  hop: 'agent' | 'nested';
  edit?: [string, string];
  links?: Record<string, string>;
  inner?: string;
  expect: string;
  codes?: string[];
  absentCodes?: string[];
}
const cases: Case[] = JSON.parse(readFileSync(new URL('./envelopeEffects.cases.json', import.meta.url), 'utf8'));
const wrap = { claude: claudeEnvelope, gemini: geminiEnvelope, codex: codexEnvelope };

describe('envelope side effects (envelopeEffects.cases.json)', () => {
  for (const c of cases) {
    it(c.why, () => {
      let text = c.inner ? wrap[c.base](c.inner) : BASES[c.base]!;
      if (c.edit) {
        expect(text, 'the edit must apply').toContain(c.edit[0]);
        text = text.replaceAll(c.edit[0], c.edit[1]);
      }
      const r = reviewCommand(
        { command: text, cwd: '/work/proj', agent: c.agent, hop: c.hop },
        defaultConfig(),
        fakeHostFacts({ links: c.links }),
      );
      // Still recognised as an envelope: the finding is about its side effects, not its shape.
      expect(r.envelope, 'recognised as an envelope').toBe(c.base);
      const codes = r.verdict.reasons.map((x) => x.code);
      const why = `${r.verdict.decision} ${codes.join(',')}`;
      expect(r.verdict.decision, why).toBe(c.expect);
      for (const code of c.codes ?? []) expect(codes, why).toContain(code);
      for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
    });
  }
});
