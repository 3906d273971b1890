// `shimctl policy check`: the end-to-end check of the configured engine, one line, exit 0/1.
// opa is a STAND-IN (test/fixtures/opa) and the server a loopback STAND-IN; neither is OPA.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRegoSetup } from '../../../src/infrastructure/rego/checkRegoSetup.js';
import { runPolicyCheck } from '../../../src/interfaces/cli/commands/policyCheck.js';
import cases from './policyCheck.cases.json' with { type: 'json' };
import { fullConfig, hermeticEnv, hermeticHome, regoConfig, standin } from './regoTestKit.js';
import { StandinOpaServer } from './standinOpaServer.js';

const home = hermeticHome();
const server = new StandinOpaServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describe('policy check (stand-ins, not OPA)', () => {
  for (const c of cases.cases) {
    it(c.name, async () => {
      const rego = regoConfig({
        opaPath: 'standin' in c ? standin(c.standin!) : (c as { opaPath?: string }).opaPath,
        ...('server' in c ? { mode: 'server' as const, url: `${server.url}/${c.server}` } : {}),
        ...((c as { rego?: object }).rego ?? {}),
      });
      const result = await checkRegoSetup(fullConfig(c.engine as 'native', rego), hermeticEnv(home));
      expect(result.ok).toBe(c.expect.ok);
      expect(result.line).toContain(c.expect.line);
      expect(result.line).not.toContain('\n');
    });
  }
});

function capture() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d) => (text += d));
  return { stream: out, text: () => text };
}

describe('runPolicyCheck reads the user config like interception does', () => {
  async function run(config: object | undefined, args: string[] = []) {
    const h = join(home, `h-${Math.random().toString(36).slice(2)}`);
    mkdirSync(join(h, '.config/shimctl'), { recursive: true });
    if (config) writeFileSync(join(h, '.config/shimctl/config.json'), JSON.stringify(config));
    const stdout = capture();
    const stderr = capture();
    const code = await runPolicyCheck(args, {
      env: hermeticEnv(h),
      cwd: h,
      stdin: new PassThrough(),
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    return { code, out: stdout.text(), err: stderr.text() };
  }

  it('a healthy rego setup: exit 0, one ok line', async () => {
    const r = await run({
      engine: 'rego',
      rego: { policyPaths: [join(home, 'p.rego')], opaPath: standin('opa-allows') },
    });
    expect(r.out).toMatch(/^ok engine rego, opa 0\.0\.0-standin .* valid verdict: allow \(low\)\n$/);
    expect(r.code).toBe(0);
  });

  it('a broken policy: exit 1, one FAIL line saying why', async () => {
    const r = await run({
      engine: 'rego',
      rego: { policyPaths: [join(home, 'p.rego')], opaPath: standin('opa-check-fails') },
    });
    expect(r.out).toMatch(/^FAIL engine rego: the policy does not load \(opa check\): .*rego_parse_error.*\n$/);
    expect(r.code).toBe(1);
  });

  it('an invalid config: exit 1, names the file', async () => {
    const r = await run({ engine: 'opa' });
    expect(r.out).toMatch(/^FAIL config: .*config\.json/);
    expect(r.code).toBe(1);
  });

  it('rejects arguments it does not know', async () => {
    const r = await run(undefined, ['--frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--frobnicate'");
  });
});
