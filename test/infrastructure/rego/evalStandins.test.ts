// `opa eval` mode against fault-injecting STAND-INS for opa (test/fixtures/opa, not OPA):
// every way the subprocess can go wrong must end in a fail-closed block.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegoEngine } from '../../../src/infrastructure/rego/createRegoEngine.js';
import { TRUSTED_OPA_DIRS, locateOpa } from '../../../src/infrastructure/rego/locateOpa.js';
import { sampleEngineInput } from '../../../src/infrastructure/rego/sampleEngineInput.js';
import cases from './evalStandins.cases.json' with { type: 'json' };
import { FAIL_CLOSED, hermeticEnv, hermeticHome, regoConfig, standin } from './regoTestKit.js';

const home = hermeticHome();
const input = sampleEngineInput('/tmp');

describe('opa eval fails closed (stand-ins for opa, not OPA)', () => {
  for (const c of cases.cases) {
    it(`when opa ${c.name}`, async () => {
      const opaPath = 'standin' in c && c.standin ? standin(c.standin as string) : (c as { opaPath?: string }).opaPath;
      const env = hermeticEnv(home);
      const engine = createRegoEngine(regoConfig({ opaPath, ...((c as { rego?: object }).rego ?? {}) }), env);
      const v = await engine.evaluate(input, { cwd: '/tmp', command: 'git status' });
      expect(v).toMatchObject(FAIL_CLOSED);
      expect(v.reasons).toHaveLength(1);
      expect(v.reasons[0]!.code).toBe(c.expect.code);
      expect(v.reasons[0]!.message).toContain(c.expect.messageContains);
      expect(v.reasons[0]!.message).not.toMatch(/[\n\r]/);
    });
  }
});

describe('opa eval contract (stand-ins for opa, not OPA)', () => {
  it('a well-formed answer from the stand-in passes through unchanged', async () => {
    const v = await createRegoEngine(regoConfig({ opaPath: standin('opa-allows') }), hermeticEnv(home)).evaluate(
      input,
      { cwd: '/tmp' },
    );
    expect(v).toEqual({
      decision: 'allow',
      risk: 'low',
      reasons: [{ code: 'command.allowed', message: 'stand-in allows' }],
      rule_ids: ['standin:allow'],
    });
  });

  it('a rego.* reason code is kept, namespaced under rego.custom', async () => {
    const v = await createRegoEngine(regoConfig({ opaPath: standin('opa-blocks') }), hermeticEnv(home)).evaluate(
      input,
      { cwd: '/tmp' },
    );
    expect(v).toEqual({
      decision: 'block',
      risk: 'high',
      reasons: [{ code: 'rego.custom', message: '[rego.standin_block] stand-in blocks' }],
      rule_ids: ['standin:block'],
    });
  });

  it('passes an argv array, the input document on stdin, cwd / and a reduced environment', async () => {
    const dir = mkdtempSync(join(home, 'policy-'));
    const policy = join(dir, 'my policy; rm -rf ~.rego'); // shell-hostile name: only an argv array keeps it one word
    const bundle = join(dir, 'bundle.tar.gz');
    writeFileSync(policy, 'package shimctl\n');
    const env = hermeticEnv(home, { SECRET_TOKEN: 'do-not-leak', OPA_TOKEN: 'nope' });
    const v = await createRegoEngine(
      regoConfig({ opaPath: standin('opa-records'), policyPaths: [policy, bundle] }),
      env,
    ).evaluate(input, { cwd: '/tmp' });
    expect(v.decision).toBe('allow');
    const rec = JSON.parse(readFileSync(join(dir, 'opa-standin-record.json'), 'utf8'));
    expect(rec.argv).toEqual([
      'eval',
      '--format',
      'json',
      '--stdin-input',
      '--data',
      policy,
      '--bundle',
      bundle,
      '--',
      'data.shimctl.verdict',
    ]);
    expect(JSON.parse(rec.stdin)).toEqual(input);
    expect(rec.cwd).toBe('/');
    expect(rec.env.SECRET_TOKEN).toBeUndefined();
    expect(rec.env.OPA_TOKEN).toBeUndefined();
    expect(rec.env.HOME).toBe(home);
  });

  it('an opa planted on the PATH the agent controls is never used (bypass attempt)', async () => {
    const bin = mkdtempSync(join(home, 'agent-bin-'));
    writeFileSync(join(bin, 'opa'), `#!/bin/sh\nexec '${standin('opa-allows')}' "$@"\n`, { mode: 0o755 });
    const env = hermeticEnv(home);
    env.PATH = `${bin}:${env.PATH}`;
    const v = await createRegoEngine(regoConfig({ opaPath: undefined }), env).evaluate(input, { cwd: '/tmp' });
    // Either no trusted opa (fail closed) or a real one judging examples/policy.rego: never the plant.
    expect(v.rule_ids).not.toContain('standin:allow');
    if (!existsSync('/usr/local/bin/opa') && !existsSync('/usr/bin/opa') && !existsSync('/bin/opa')) {
      expect(v).toMatchObject(FAIL_CLOSED);
      expect(v.reasons[0]!.code).toBe('engine.opa_missing');
    }
  });

  it('without rego.opaPath, opa is looked up only in the trusted directories', () => {
    const trusted = mkdtempSync(join(home, 'trusted-'));
    const empty = mkdtempSync(join(home, 'empty-'));
    expect(locateOpa(undefined, [empty])).toMatchObject({ kind: 'missing' });
    expect((locateOpa(undefined, [empty]) as { message: string }).message).toContain('not installed');
    writeFileSync(join(trusted, 'opa'), '#!/bin/sh\n', { mode: 0o755 });
    expect(locateOpa(undefined, [empty, trusted])).toEqual({ kind: 'found', path: join(trusted, 'opa') });
    writeFileSync(join(empty, 'opa'), 'not executable', { mode: 0o644 });
    expect(locateOpa(undefined, [empty])).toMatchObject({ kind: 'missing' });
    expect(TRUSTED_OPA_DIRS).not.toContain('.');
  });

  it('a timeout kills the whole process group, not just opa', async () => {
    const started = Date.now();
    const v = await createRegoEngine(
      regoConfig({ opaPath: standin('opa-sleeps'), timeoutMs: 300 }),
      hermeticEnv(home),
    ).evaluate(input, { cwd: '/tmp' });
    expect(v.reasons[0]!.code).toBe('engine.timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    // The stand-in's child `sleep 31.25` must be gone too (give the kernel a moment to reap it).
    await new Promise((r) => setTimeout(r, 300));
    const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(ps).not.toContain('sleep 31.25');
  });

  it('a directory of policy files is passed with --data', async () => {
    const dir = mkdtempSync(join(home, 'policies-'));
    mkdirSync(join(dir, 'sub'));
    const v = await createRegoEngine(
      regoConfig({ opaPath: standin('opa-records'), policyPaths: [join(dir, 'sub')] }),
      hermeticEnv(home),
    ).evaluate(input, { cwd: '/tmp' });
    expect(v.decision).toBe('allow');
    expect(JSON.parse(readFileSync(join(dir, 'opa-standin-record.json'), 'utf8')).argv).toContain(join(dir, 'sub'));
  });
});
