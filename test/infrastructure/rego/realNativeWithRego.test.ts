// The real native review core with the Rego engine (running STAND-INS for opa, not OPA).
import { describe, expect, it } from 'vitest';
import { reviewUseCase } from '../../../src/application/review.js';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { createRegoEngine } from '../../../src/infrastructure/rego/createRegoEngine.js';
import cases from './realNativeWithRego.cases.json' with { type: 'json' };
import { fullConfig, hermeticEnv, hermeticHome, regoConfig, standin } from './regoTestKit.js';

const home = hermeticHome();
const env = hermeticEnv(home);
const facts = createHostFactsProvider(statePaths(env)).facts(env);

describe('real native review + Rego stand-ins', () => {
  for (const c of cases.cases) {
    it(`${c.engine}: ${c.command} with ${c.standin}`, async () => {
      const rego = regoConfig({ opaPath: standin(c.standin) });
      const result = await reviewUseCase(
        { cwd: home, command: c.command },
        { config: fullConfig(c.engine as 'rego', rego), facts, rego: createRegoEngine(rego, env) },
      );
      const codes = result.verdict.reasons.map((r) => r.code);
      if (c.expect.decision === 'native') {
        const native = await reviewUseCase(
          { cwd: home, command: c.command },
          { config: fullConfig('native', rego), facts },
        );
        expect(native.verdict.decision).not.toBe('allow');
        expect(result.verdict.decision).toBe(native.verdict.decision);
        expect(codes).toEqual(expect.arrayContaining(native.verdict.reasons.map((r) => r.code)));
      } else {
        expect(result.verdict.decision).toBe(c.expect.decision);
      }
      if ('code' in c.expect) expect(codes).toContain(c.expect.code);
      if ('codeStartsWith' in c.expect) expect(codes.some((x) => x.startsWith(c.expect.codeStartsWith!))).toBe(true);
    });
  }
});
