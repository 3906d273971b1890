// `engine: both | rego` in the review use case. The native review is a FAKE (named so) returning
// a chosen verdict; the Rego engine is the real adapter running STAND-INS for opa (not OPA).
import { describe, expect, it } from 'vitest';
import { reviewUseCase } from '../../../src/application/review.js';
import type { PolicyEngine } from '../../../src/application/ports/policyEngine.js';
import type { ReasonCode } from '../../../src/domain/reasonCodes.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import type { ReviewResult } from '../../../src/domain/review/reviewCommand.js';
import { verdict } from '../../../src/domain/verdict.js';
import type { Decision, Risk } from '../../../src/domain/verdict.js';
import { createRegoEngine } from '../../../src/infrastructure/rego/createRegoEngine.js';
import { sampleEngineInput } from '../../../src/infrastructure/rego/sampleEngineInput.js';
import cases from './engineCombination.cases.json' with { type: 'json' };
import { fullConfig, hermeticEnv, hermeticHome, regoConfig, standin } from './regoTestKit.js';

const home = hermeticHome();
const facts: HostFacts = { home, realpath: (p) => p, resolveCommand: () => undefined, fileId: () => undefined };

function fakeNativeReview(n: { decision: string; risk: string; code: string }, simple: boolean) {
  return (): ReviewResult => ({
    verdict: verdict(
      n.decision as Decision,
      n.risk as Risk,
      n.code as ReasonCode,
      'fake native verdict',
      'fake:native',
    ),
    normalized: simple ? sampleEngineInput('/tmp').normalized : undefined,
    trace: [],
  });
}

describe('engine both / rego (fake native review, stand-in opa)', () => {
  for (const c of cases.cases) {
    it(c.name, async () => {
      const rego = regoConfig({ opaPath: 'standin' in c ? standin(c.standin!) : c.opaPath, timeoutMs: 2000 });
      const config = fullConfig(c.engine as 'both' | 'rego', rego);
      const result = await reviewUseCase(
        { cwd: '/tmp', command: 'git status' },
        {
          config,
          facts,
          rego: createRegoEngine(rego, hermeticEnv(home)),
          nativeReview: fakeNativeReview(c.native, c.simple ?? true),
        },
      );
      expect(result.verdict.decision).toBe(c.expect.decision);
      expect(result.verdict.risk).toBe(c.expect.risk);
      if (c.expect.codes) expect(result.verdict.reasons.map((r) => r.code)).toEqual(c.expect.codes);
      const consulted = result.trace.some((t) => t.stage === 'engine.rego' && t.verdict !== undefined);
      expect(consulted).toBe(c.expect.regoConsulted ?? true);
    });
  }

  it('an engine that never answers is cut off by the use case guard (FAKE hanging engine)', async () => {
    const hanging: PolicyEngine = { name: 'rego', evaluate: () => new Promise(() => undefined) };
    const config = fullConfig('both', regoConfig({ timeoutMs: 50 }));
    const result = await reviewUseCase(
      { cwd: '/tmp', command: 'git status' },
      {
        config,
        facts,
        rego: hanging,
        nativeReview: fakeNativeReview({ decision: 'allow', risk: 'low', code: 'command.allowed' }, true),
      },
    );
    expect(result.verdict.decision).toBe('block');
    expect(result.verdict.reasons.map((r) => r.code)).toContain('engine.timeout');
  });

  it('an engine that throws (FAKE broken engine) blocks', async () => {
    const broken: PolicyEngine = { name: 'rego', evaluate: () => Promise.reject(new Error('boom')) };
    const result = await reviewUseCase(
      { cwd: '/tmp', command: 'git status' },
      {
        config: fullConfig('rego', regoConfig()),
        facts,
        rego: broken,
        nativeReview: fakeNativeReview({ decision: 'allow', risk: 'low', code: 'command.allowed' }, true),
      },
    );
    expect(result.verdict).toMatchObject({ decision: 'block', risk: 'critical' });
  });

  it('rego configured but no engine wired blocks', async () => {
    const result = await reviewUseCase(
      { cwd: '/tmp', command: 'git status' },
      {
        config: fullConfig('rego', regoConfig()),
        facts,
        nativeReview: fakeNativeReview({ decision: 'allow', risk: 'low', code: 'command.allowed' }, true),
      },
    );
    expect(result.verdict.decision).toBe('block');
  });
});
