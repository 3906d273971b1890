// The REAL opa, when one is installed (PATH or SHIMCTL_TEST_OPA): examples/policy.rego end to end,
// then the same failures as the stand-in suites, produced by deliberately broken real policies.
// No opa here? Every test below is skipped and says why, once.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import which from 'which';
import type { EngineInput } from '../../../src/application/ports/policyEngine.js';
import { ENGINE_INPUT_VERSION } from '../../../src/application/ports/policyEngine.js';
import type { ReasonCode } from '../../../src/domain/reasonCodes.js';
import { verdict } from '../../../src/domain/verdict.js';
import type { Decision, Risk } from '../../../src/domain/verdict.js';
import { checkRegoSetup } from '../../../src/infrastructure/rego/checkRegoSetup.js';
import { createRegoEngine } from '../../../src/infrastructure/rego/createRegoEngine.js';
import cases from './examplePolicy.cases.json' with { type: 'json' };
import {
  EXAMPLE_POLICY,
  FAIL_CLOSED,
  STANDINS,
  fullConfig,
  hermeticEnv,
  hermeticHome,
  regoConfig,
} from './regoTestKit.js';
import { StandinOpaServer, closedLoopbackPort } from './standinOpaServer.js';

// The test runner's own PATH is trusted here (unlike the agent's in production).
const opa = process.env.SHIMCTL_TEST_OPA || which.sync('opa', { nothrow: true }) || undefined;
const SKIP_REASON = `real-OPA tests skipped: no 'opa' on PATH and SHIMCTL_TEST_OPA unset. No opa binary is obtainable on this machine (no Debian package, no npm package ships it); install opa on PATH or set SHIMCTL_TEST_OPA=/abs/path/to/opa to run them.`;
if (!opa) console.warn(SKIP_REASON);

// Made only when the suites run: a skipped file runs no afterAll, so its HOME would be left behind.
const home = opa ? hermeticHome() : '';
const policy = (name: string) => join(STANDINS, 'policies', name);

type Case = (typeof cases.cases)[number] & {
  paths?: Array<{ raw: string; resolved: string }>;
  urls?: string[];
  wrappers?: string[];
  inputVersion?: number;
  native?: { decision: string; risk: string; code: string };
};

function inputFor(c: Case): EngineInput {
  const assignments = c.argv.filter(
    (w, i) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w) && c.argv.slice(0, i).every((p) => p.includes('=')),
  );
  const effective = c.argv.slice(assignments.length);
  const n = c.native ?? { decision: 'allow', risk: 'low', code: 'command.allowed' };
  return {
    input_version: c.inputVersion ?? ENGINE_INPUT_VERSION,
    request: { cwd: '/repo', agent: 'claude', command: [...(c.wrappers ?? []), ...c.argv].join(' ') },
    normalized: {
      command: [...(c.wrappers ?? []), ...c.argv].join(' '),
      argv: [...(c.wrappers ?? []), ...c.argv],
      envAssignments: Object.fromEntries(
        assignments.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
      ),
      wrappers: c.wrappers ?? [],
      effectiveArgv: effective,
      paths: c.paths ?? [],
      urls: c.urls ?? [],
    },
    native: verdict(
      n.decision as Decision,
      n.risk as Risk,
      n.code as ReasonCode,
      'native verdict for the test',
      'native:test',
    ),
  };
}

describe.skipIf(!opa)('examples/policy.rego on the real opa (opa eval)', () => {
  const engine = createRegoEngine(
    regoConfig({ opaPath: opa, policyPaths: [EXAMPLE_POLICY], timeoutMs: 10_000 }),
    hermeticEnv(home),
  );
  for (const c of cases.cases as Case[]) {
    it(c.name, async () => {
      const v = await engine.evaluate(inputFor(c), { cwd: '/repo' });
      expect(v.rule_ids).not.toContain('rego:fail-closed');
      expect(v.decision).toBe(c.expect.decision);
      if ('risk' in c.expect) expect(v.risk).toBe(c.expect.risk);
      for (const code of (c.expect as { codes?: string[] }).codes ?? [])
        expect(v.reasons.map((r) => r.code)).toContain(code);
    });
  }

  it('policy check passes with the example policy', async () => {
    const r = await checkRegoSetup(
      fullConfig('rego', regoConfig({ opaPath: opa, policyPaths: [EXAMPLE_POLICY] })),
      hermeticEnv(home),
    );
    expect(r.line).toContain('valid verdict');
    expect(r.ok).toBe(true);
  });
});

describe.skipIf(!opa)('the real opa fails closed on broken policies', () => {
  const server = new StandinOpaServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());
  const sample = inputFor(cases.cases[0] as Case);
  for (const [file, code] of [
    ['wrong_shape.rego', 'engine.bad_output'],
    ['unknown_decision.rego', 'engine.unknown_decision'],
    ['undefined.rego', 'engine.bad_output'],
    ['conflict.rego', 'engine.failed'],
    ['syntax_error.rego', 'engine.failed'],
  ] as const) {
    it(`${file} → ${code}`, async () => {
      const v = await createRegoEngine(
        regoConfig({ opaPath: opa, policyPaths: [policy(file)], timeoutMs: 10_000 }),
        hermeticEnv(home),
      ).evaluate(sample, { cwd: '/repo' });
      expect(v).toMatchObject(FAIL_CLOSED);
      expect(v.reasons[0]!.code).toBe(code);
    });
  }

  it('a policy slower than the timeout (http.send to a slow loopback stand-in) → engine.timeout', async () => {
    const slow = { ...sample, slow_url: `${server.url}/slow-headers` } as EngineInput;
    const v = await createRegoEngine(
      regoConfig({ opaPath: opa, policyPaths: [policy('slow.rego')], timeoutMs: 500 }),
      hermeticEnv(home),
    ).evaluate(slow, { cwd: '/repo' });
    expect(v.reasons[0]!.code).toBe('engine.timeout');
  });

  it('policy check names a policy that does not load', async () => {
    const r = await checkRegoSetup(
      fullConfig('rego', regoConfig({ opaPath: opa, policyPaths: [policy('syntax_error.rego')] })),
      hermeticEnv(home),
    );
    expect(r.ok).toBe(false);
    expect(r.line).toContain('does not load');
  });
});

describe.skipIf(!opa)('examples/policy.rego on a real OPA server (loopback)', () => {
  let child: ReturnType<typeof spawn> | undefined;
  let url = '';
  beforeAll(async () => {
    const port = await closedLoopbackPort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(opa!, ['run', '--server', '--addr', `127.0.0.1:${port}`, EXAMPLE_POLICY], {
      stdio: 'ignore',
      env: { PATH: process.env.PATH, HOME: home },
    });
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${url}/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the real OPA server did not come up on loopback');
  });
  afterAll(() => {
    child?.kill('SIGKILL');
  });
  for (const c of (cases.cases as Case[]).slice(0, 12)) {
    it(c.name, async () => {
      const v = await createRegoEngine(
        regoConfig({ mode: 'server', url, timeoutMs: 5000 }),
        hermeticEnv(home),
      ).evaluate(inputFor(c), { cwd: '/repo' });
      expect(v.decision).toBe(c.expect.decision);
    });
  }
});
