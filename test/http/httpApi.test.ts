// The local HTTP API over real HTTP: the security checks, decide's contract (compared with
// `decide --json` run as a process), audit pages and stream, stats, approvals (answered from a
// clean process, refused from inside an agent session), and every response against the
// OpenAPI file in docs/.
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, hermeticEnv, SYSTEM_PATH } from '../install/cliHarness.js';
import { approvalHome } from '../approvals/approvalHarness.js';
import type { ApprovalHome } from '../approvals/approvalHarness.js';
import { startServer } from './httpServer.js';
import type { RunningServer } from './httpServer.js';

const OPENAPI = JSON.parse(readFileSync(join(ROOT, 'docs', 'http-api.openapi.json'), 'utf8'));
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new (Ajv as unknown as new (o: object) => import('ajv').default)({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'openapi', components: OPENAPI.components }, 'openapi');
/** The response schema the OpenAPI file gives for this operation and status. */
function validate(path: string, method: string, status: number, body: unknown): void {
  const op = OPENAPI.paths[path]?.[method];
  expect(op, `${method} ${path} is in docs/http-api.openapi.json`).toBeTruthy();
  let resp = op.responses[String(status)];
  expect(resp, `${method} ${path} documents status ${status}`).toBeTruthy();
  if (resp.$ref) resp = OPENAPI.components.responses[resp.$ref.split('/').pop()];
  const schema = resp.content['application/json'].schema;
  const check = ajv.compile({ $ref: `openapi${schema.$ref ?? ''}` });
  expect(check(body), `${method} ${path} ${status}: ${JSON.stringify(check.errors)}`).toBe(true);
}

/** A raw request with headers fetch will not let us set (Host). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let b = '';
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: b }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

let h: ApprovalHome;
let s: RunningServer;
beforeAll(async () => {
  h = approvalHome();
  s = await startServer(h.home);
}, 120_000);
afterAll(async () => {
  await s?.stop();
}, 60_000);

describe('HTTP API security', () => {
  it('/health is open; every other path is 401 without the token, and with a wrong one', async () => {
    const health = await s.call('/health', { auth: false });
    expect(health.status).toBe(200);
    validate('/health', 'get', 200, await health.json());
    for (const [path, method] of [
      ['/v1/audit', 'GET'],
      ['/v1/stats', 'GET'],
      ['/v1/approvals', 'GET'],
      ['/v1/decide', 'POST'],
      ['/v1/approvals/x', 'POST'],
      ['/v1/audit/stream', 'GET'],
      ['/nope', 'GET'],
    ] as const) {
      const r = await s.call(path, { method, auth: false });
      expect(r.status, `${method} ${path}`).toBe(401);
      const wrong = await s.call(path, { method, auth: false, headers: { authorization: `Bearer ${'0'.repeat(64)}` } });
      expect(wrong.status, `${method} ${path} wrong token`).toBe(401);
    }
  });

  it('refuses a Host that is not the loopback address and port (DNS rebinding), even with the token', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${s.port}`,
      `127.0.0.1:${s.port + 1}`,
      '127.0.0.1',
      `localhost.evil.example:${s.port}`,
    ]) {
      const r = await raw(s.port, '/v1/stats', { host, authorization: `Bearer ${s.token}` });
      expect(r.status, host).toBe(421);
      expect(JSON.parse(r.body).error.code).toBe('http.host_refused');
    }
    expect((await raw(s.port, '/health', { host: `localhost:${s.port}` })).status).toBe(200);
  });

  it('judges a percent-encoded path as the route it reaches: only the bearer token mints login codes', async () => {
    // A dashboard session (cookie + CSRF) must not mint codes through `/v1/%75i/login-codes`.
    const code = await (await s.call('/v1/ui/login-codes', { method: 'POST' })).json();
    const login = await fetch(code.url, { redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await fetch(`${s.url}/`, { headers: { cookie } })).text();
    const csrf = /name="shimctl-csrf" content="([0-9a-f]{64})"/.exec(page)![1]!;
    for (const path of ['/v1/ui/login-codes', '/v1/%75i/login-codes', '/v1/u%69/login-codes', '/%761/ui/login-codes']) {
      const r = await s.call(path, { method: 'POST', auth: false, headers: { cookie, 'x-shimctl-csrf': csrf } });
      expect(r.status, path).toBe(401);
    }
    expect((await s.call('/v1/%75i/login-codes', { method: 'POST' })).status).toBe(200);
  });

  it('refuses a state-changing request from a foreign Origin and sends no CORS header', async () => {
    const body = JSON.stringify({ api_version: 1, command: 'ls', cwd: '/tmp' });
    const foreign = await s.call('/v1/decide', {
      method: 'POST',
      body,
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('http.origin_refused');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await s.call('/v1/decide', {
      method: 'POST',
      body,
      headers: { origin: s.url, 'content-type': 'application/json' },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the token file is owner-only and the review refuses commands that read it', () => {
    const file = join(h.stateDir, 'http', 'shimctl-http.token');
    expect(spawnSync('stat', ['-c', '%a', file], { encoding: 'utf8' }).stdout.trim()).toBe('600');
    for (const command of [
      `cat ${file}`,
      `cp ${file} /tmp/t`,
      `grep -r . ${join(h.stateDir, 'http')}`,
      `base64 ${file}`,
    ]) {
      const d = spawnSync(process.execPath, [join(ROOT, 'bin', 'shimctl.cjs'), 'decide', '--json'], {
        input: JSON.stringify({ api_version: 1, command, cwd: h.workspace }),
        env: hermeticEnv(h.home, SYSTEM_PATH),
        encoding: 'utf8',
      });
      expect(JSON.parse(d.stdout).decision, command).toBe('block');
    }
  });
});

describe('POST /v1/decide', () => {
  const CASES = [
    JSON.stringify({ api_version: 1, command: 'ls -la', cwd: '/tmp' }),
    JSON.stringify({ api_version: 1, command: 'rm -rf /', cwd: '/tmp' }),
    JSON.stringify({ api_version: 1, command: 'cd src && ls | head -3', cwd: '/tmp' }),
    JSON.stringify({ api_version: 1, argv: ['git', 'push', '--force'], cwd: '/tmp', agent: 'claude' }),
    '{"api_version":1,"command":"ls"}',
    '{not json',
    JSON.stringify({ api_version: 2, command: 'ls', cwd: '/tmp' }),
    '',
  ];
  it('answers exactly what `decide --json` prints, with 200 for a verdict and 400 for a malformed request', async () => {
    for (const body of CASES) {
      const r = await s.call('/v1/decide', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      const text = await r.text();
      const viaCli = spawnSync(process.execPath, [join(ROOT, 'bin', 'shimctl.cjs'), 'decide', '--json'], {
        input: body,
        env: hermeticEnv(h.home, SYSTEM_PATH),
        encoding: 'utf8',
      });
      expect(text, body).toBe(viaCli.stdout);
      expect(r.status, body).toBe(viaCli.status === 2 ? 400 : 200);
      validate('/v1/decide', 'post', r.status, JSON.parse(text));
    }
  }, 240_000);
});

describe('audit and stats', () => {
  const log = () => join(h.stateDir, 'audit', 'audit.jsonl');
  const rec = (seq: number, agent: string, decision: string) =>
    JSON.stringify({
      v: 2,
      seq,
      ts: new Date(Date.now() - (100 - seq) * 1000).toISOString(),
      id: `r${seq}`,
      agent,
      decision,
      risk: 'low',
      reasons: [{ code: decision === 'block' ? 'path.protected' : 'command.allowed', message: 'm' }],
      rule_ids: [],
      cwd: '/w',
      command: `echo ${seq}`,
    });
  beforeAll(() => {
    mkdirSync(join(h.stateDir, 'audit'), { recursive: true, mode: 0o700 });
    writeFileSync(
      log(),
      `${Array.from({ length: 25 }, (_, i) => rec(i + 1, i % 2 ? 'codex' : 'claude', i % 5 === 0 ? 'block' : 'allow')).join('\n')}\n`,
      { mode: 0o600 },
    );
  });

  it('pages newest first with a cursor until next is null, with the tail filters', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    for (let i = 0; i < 10; i++) {
      const r = await s.call(`/v1/audit?limit=10${before ? `&before=${before}` : ''}`);
      const page = await r.json();
      validate('/v1/audit', 'get', 200, page);
      seen.push(...page.records.map((x: { seq: number }) => x.seq));
      before = page.next;
      if (before === null) break;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
    const blocks = await (await s.call('/v1/audit?decision=block&agent=claude')).json();
    expect(blocks.records.map((x: { seq: number }) => x.seq)).toEqual([21, 11, 1]);
    const text = await (await s.call('/v1/audit?text=echo%2017')).json();
    expect(text.records.map((x: { seq: number }) => x.seq)).toEqual([17]);
    for (const bad of ['limit=0', 'limit=5000', 'decision=maybe', 'since=yesterday', 'before=-1', 'color=red']) {
      const r = await s.call(`/v1/audit?${bad}`);
      expect(r.status, bad).toBe(400);
      validate('/v1/audit', 'get', 400, await r.json());
    }
  });

  it('counts by agent, decision and reason over a window', async () => {
    const r = await s.call('/v1/stats?since=1h');
    const stats = await r.json();
    validate('/v1/stats', 'get', 200, stats);
    expect(stats.total).toBe(25);
    expect(stats.byDecision).toEqual({ allow: 20, block: 5 });
    expect(stats.byAgent).toEqual({ claude: 13, codex: 12 });
    expect(stats.byReason['path.protected']).toBe(5);
  });

  it('streams new records as server-sent events, and keeps streaming after the log is rotated', async () => {
    const ctl = new AbortController();
    const r = await s.call('/v1/audit/stream?agent=gemini', { signal: ctl.signal });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = r.body!.getReader();
    let buf = '';
    const next = async (want: RegExp): Promise<string> => {
      const until = Date.now() + 20_000;
      while (!want.test(buf)) {
        if (Date.now() > until) throw new Error(`no event matching ${want} in ${buf}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buf += Buffer.from(value).toString('utf8');
      }
      return buf;
    };
    await next(/shimctl audit stream/);
    appendFileSync(log(), `${rec(26, 'codex', 'allow')}\n${rec(27, 'gemini', 'ask')}\n`);
    await next(/"seq":27/);
    expect(buf).not.toContain('"seq":26');
    renameSync(log(), `${log()}.1`);
    writeFileSync(log(), `${rec(28, 'gemini', 'block')}\n`, { mode: 0o600 });
    await next(/"seq":28/);
    const data = buf
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
    expect(data.map((d) => d.seq)).toEqual([27, 28]);
    ctl.abort();
  });
});

describe('approvals', () => {
  it('lists a pending request; an approval from a clean process lets the waiting command run', async () => {
    const w = h.shim('mytool build --web');
    const [p] = await h.waitForPending(1);
    const list = await (await s.call('/v1/approvals')).json();
    validate('/v1/approvals', 'get', 200, list);
    expect(list.pending.map((x: { id: string }) => x.id)).toContain(p!.id);
    const r = await s.call(`/v1/approvals/${p!.id}`, {
      method: 'POST',
      body: JSON.stringify({ action: 'approve' }),
      headers: { 'content-type': 'application/json', origin: s.url },
    });
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(200);
    validate('/v1/approvals/{id}', 'post', 200, body);
    const done = await w.done;
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('mytool ran: build --web');
  });

  it('a denial makes the waiting command exit 126 without running', async () => {
    const w = h.shim('mytool deploy --web');
    const [p] = await h.waitForPending(1);
    const r = await s.call(`/v1/approvals/${p!.id}`, {
      method: 'POST',
      body: JSON.stringify({ action: 'deny', reason: 'not today' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    const done = await w.done;
    expect(done.status).toBe(126);
    expect(h.ran()).not.toContain('deploy --web');
  });

  it('refuses an answer sent from inside an agent session (its process tree), with the token', async () => {
    const w = h.shim('mytool selfapprove');
    const [p] = await h.waitForPending(1);
    const script = `fetch(process.argv[1], { method: 'POST', headers: { authorization: 'Bearer ' + process.argv[2], 'content-type': 'application/json' }, body: '{"action":"approve"}' }).then(async (r) => { console.log(r.status + ' ' + await r.text()); })`;
    for (const env of [
      { SHIMCTL_SESSION: 'agent-session' },
      { PATH: `${join(h.home, '.local', 'share', 'shimctl', 'shims')}:${SYSTEM_PATH}` },
    ]) {
      const child = spawn(process.execPath, ['-e', script, `${s.url}/v1/approvals/${p!.id}`, s.token], {
        env: { ...hermeticEnv(h.home, SYSTEM_PATH), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      await new Promise((r) => child.on('close', r));
      expect(out, JSON.stringify(env)).toMatch(/^403 .*approvals\.answer_refused/);
      validate('/v1/approvals/{id}', 'post', 403, JSON.parse(out.slice(4)));
    }
    expect((await (await s.call('/v1/approvals')).json()).pending.map((x: { id: string }) => x.id)).toContain(p!.id);
    w.kill('SIGTERM');
    await w.done;
  });

  it('rejects malformed answers with 400 and unknown ids with 409', async () => {
    for (const body of [
      '{',
      '[]',
      '{"action":"maybe"}',
      '{"action":"approve","scope":"command"}',
      '{"action":"approve","reason":"x"}',
      '{"action":"deny","extra":1}',
    ]) {
      const r = await s.call('/v1/approvals/abc', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, body).toBe(400);
    }
    const r = await s.call('/v1/approvals/no-such-id', {
      method: 'POST',
      body: '{"action":"approve"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(409);
    validate('/v1/approvals/{id}', 'post', 409, await r.json());
  });
});

describe('rules, timeline and login codes', () => {
  it('answer in their documented shapes', async () => {
    const rules = await s.call('/v1/rules');
    validate('/v1/rules', 'get', 200, await rules.json());
    const t = await s.call('/v1/timeline?since=1h&buckets=6');
    const timeline = await t.json();
    validate('/v1/timeline', 'get', 200, timeline);
    expect(timeline.buckets).toBe(6);
    expect((await s.call('/v1/timeline?buckets=0')).status).toBe(400);
    const code = await s.call('/v1/ui/login-codes', { method: 'POST' });
    validate('/v1/ui/login-codes', 'post', 200, await code.json());
  });
});

describe('the OpenAPI file matches the running server', () => {
  it('every documented path and method is served (not 404), and an undocumented one is 404', async () => {
    for (const [path, ops] of Object.entries(OPENAPI.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) {
        const url = path.replace('{id}', 'some-id');
        const ctl = new AbortController();
        const r = await s.call(url, {
          method: method.toUpperCase(),
          body: method === 'post' ? '{}' : undefined,
          headers: { 'content-type': 'application/json' },
          signal: ctl.signal,
        });
        expect(r.status, `${method} ${path}`).not.toBe(404);
        ctl.abort();
      }
    }
    expect((await s.call('/v1/undocumented')).status).toBe(404);
    expect(Object.keys(OPENAPI.paths).sort()).toEqual([
      '/health',
      '/v1/approvals',
      '/v1/approvals/{id}',
      '/v1/audit',
      '/v1/audit/stream',
      '/v1/decide',
      '/v1/rules',
      '/v1/stats',
      '/v1/timeline',
      '/v1/ui/login-codes',
    ]);
  });
});
