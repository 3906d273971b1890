// OPA server mode against a loopback HTTP STAND-IN for OPA (not OPA). No traffic leaves 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegoEngine } from '../../../src/infrastructure/rego/createRegoEngine.js';
import { parseServerUrl } from '../../../src/infrastructure/rego/opaServerUrl.js';
import { sampleEngineInput } from '../../../src/infrastructure/rego/sampleEngineInput.js';
import cases from './serverStandin.cases.json' with { type: 'json' };
import { FAIL_CLOSED, hermeticEnv, hermeticHome, regoConfig } from './regoTestKit.js';
import { StandinOpaServer, closedLoopbackPort } from './standinOpaServer.js';

const home = hermeticHome();
const input = sampleEngineInput('/tmp');
const server = new StandinOpaServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

const serverEngine = (url: string, extra: Partial<Parameters<typeof regoConfig>[0]> = {}, env = hermeticEnv(home)) =>
  createRegoEngine(regoConfig({ mode: 'server', url, timeoutMs: 1500, ...extra }), env);

describe('OPA server mode (loopback stand-in, not OPA)', () => {
  for (const c of cases.cases) {
    it(`when the server ${c.name}`, async () => {
      const v = await serverEngine(`${server.url}/${c.behaviour}`).evaluate(input, { cwd: '/tmp' });
      expect(v.decision).toBe(c.expect.decision);
      expect(v.reasons[0]!.code).toBe(c.expect.code);
      if (c.expect.decision === 'block' && c.expect.code.startsWith('engine.')) expect(v).toMatchObject(FAIL_CLOSED);
      if ('messageContains' in c.expect) expect(v.reasons[0]!.message).toContain(c.expect.messageContains);
    });
  }

  it('POSTs {"input": …} to /v1/data/<package path> under the base URL', async () => {
    const before = server.seen.length;
    await serverEngine(`${server.url}/allow`, { query: 'data.team.shell.verdict' }).evaluate(input, { cwd: '/tmp' });
    const req = server.seen[before]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/allow/v1/data/team/shell/verdict');
    expect(JSON.parse(req.body)).toEqual({ input });
    expect(req.headers['content-type']).toBe('application/json');
  });

  it('never follows a redirect (the target is not requested)', async () => {
    const before = server.seen.length;
    const v = await serverEngine(`${server.url}/redirect`).evaluate(input, { cwd: '/tmp' });
    expect(v.decision).toBe('block');
    expect(server.seen.slice(before).map((r) => r.url)).toEqual(['/redirect/v1/data/shimctl/verdict']);
  });

  it('sends the bearer token from the named variable, and never puts it in a verdict', async () => {
    const env = hermeticEnv(home, { SHIMCTL_OPA_TOKEN: 's3cret-standin-token' });
    const ok = await serverEngine(`${server.url}/needs-token`, { tokenEnv: 'SHIMCTL_OPA_TOKEN' }, env).evaluate(input, {
      cwd: '/tmp',
    });
    expect(ok.decision).toBe('allow');
    const wrong = await serverEngine(
      `${server.url}/needs-token`,
      { tokenEnv: 'SHIMCTL_OPA_TOKEN' },
      hermeticEnv(home, { SHIMCTL_OPA_TOKEN: 'wrong-token-value' }),
    ).evaluate(input, { cwd: '/tmp' });
    expect(wrong.reasons[0]!.code).toBe('engine.failed');
    expect(JSON.stringify(wrong)).not.toContain('wrong-token-value');
  });

  it('fails closed when the token variable is named but not set', async () => {
    const before = server.seen.length;
    const v = await serverEngine(`${server.url}/allow`, { tokenEnv: 'SHIMCTL_OPA_TOKEN' }).evaluate(input, {
      cwd: '/tmp',
    });
    expect(v).toMatchObject(FAIL_CLOSED);
    expect(v.reasons[0]!.message).toContain('SHIMCTL_OPA_TOKEN');
    expect(server.seen.length).toBe(before);
  });

  it('a slow server is abandoned at the deadline, not waited for', async () => {
    const started = Date.now();
    const v = await serverEngine(`${server.url}/slow-headers`, { timeoutMs: 200 }).evaluate(input, { cwd: '/tmp' });
    expect(v.reasons[0]!.code).toBe('engine.timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a refused connection (nothing listening) fails closed', async () => {
    const port = await closedLoopbackPort();
    const v = await serverEngine(`http://127.0.0.1:${port}`).evaluate(input, { cwd: '/tmp' });
    expect(v).toMatchObject(FAIL_CLOSED);
    expect(v.reasons[0]!.code).toBe('engine.failed');
    expect(v.reasons[0]!.message).toContain('ECONNREFUSED');
  });

  // These URLs are refused before any connection is attempted: no traffic is sent anywhere.
  for (const [url, why] of [
    ['http://10.1.2.3:8181', 'plain http'],
    ['http://opa.example.internal:8181', 'plain http'],
    ['http://user:pw@127.0.0.1:8181', 'credentials'],
    ['ftp://127.0.0.1/', 'scheme'],
    ['not a url', 'not a URL'],
    ['http://127.0.0.1:8181/?x=1', 'query'],
  ]) {
    it(`refuses rego.url ${url} (${why})`, async () => {
      const v = await serverEngine(url!).evaluate(input, { cwd: '/tmp' });
      expect(v).toMatchObject(FAIL_CLOSED);
      expect(v.reasons[0]!.code).toBe('engine.failed');
      expect(v.reasons[0]!.message).toContain(why);
    });
  }

  for (const url of [
    'http://127.0.0.1:8181',
    'http://127.0.0.2:8181/opa',
    'http://localhost:8181',
    'http://[::1]:8181',
    'https://opa.example.com',
    'https://10.1.2.3:8443',
  ]) {
    it(`accepts rego.url ${url} (loopback http, or https)`, () => {
      expect(parseServerUrl(url).kind).toBe('ok');
    });
  }
  for (const url of [
    'http://127.0.0.1.nip.io:8181',
    'http://[::ffff:10.0.0.1]:8181',
    'http://0.0.0.0:8181',
    'http://localhost.evil.com:8181',
  ]) {
    it(`refuses rego.url ${url} (looks local, is not loopback)`, () => {
      expect(parseServerUrl(url).kind).toBe('bad');
    });
  }
});
