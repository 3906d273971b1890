import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, makeHome, runCli } from './cliHarness.js';

let h: ReturnType<typeof makeHome>;
beforeAll(() => ensureBuilt());
beforeEach(() => {
  h = makeHome();
  mkdirSync(h.home, { recursive: true });
});
afterEach(() => h.cleanup());

const decide = (input: string | Buffer, opts: { cwd?: string; env?: Record<string, string> } = {}) =>
  runCli(['decide', '--json'], { env: opts.env ?? h.env, cwd: opts.cwd, input });
const req = (o: object) => JSON.stringify({ api_version: 1, cwd: h.home, ...o });

describe('shimctl decide --json (real CLI, temp HOME)', () => {
  it.each([
    ['invalid JSON', '{"api_version":1,', 'request.invalid_json'],
    ['unknown field', '{"api_version":1,"command":"ls","cwd":"/","allow":true}', 'request.unknown_field'],
    ['relative cwd', '{"api_version":1,"command":"ls","cwd":"."}', 'request.relative_cwd'],
    ['empty command', '{"api_version":1,"command":"","cwd":"/"}', 'request.empty_command'],
    ['wrong api_version', '{"api_version":0,"command":"ls","cwd":"/"}', 'request.api_version'],
    ['wrong type', '{"api_version":1,"argv":"ls","cwd":"/"}', 'request.wrong_type'],
  ])('%s: exit 2 with an error object', (_n, input, code) => {
    const r = decide(input);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ api_version: 1, error: { code, message: expect.any(String) } });
  });

  it('oversized input: exit 2 too_large, without reading it all', () => {
    const r = decide(Buffer.alloc(300 * 1024, 0x61));
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('request.too_large');
  });

  it('invalid UTF-8: exit 2', () => {
    const r = decide(
      Buffer.concat([
        Buffer.from('{"api_version":1,"cwd":"/","command":"ls '),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    );
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('request.read_failed');
  });

  it('an unknown option is a usage error (exit 2)', () => {
    const r = runCli(['decide', '--yolo'], { env: h.env, input: req({ command: 'ls' }) });
    expect(r.status).toBe(2);
  });

  it('a command substitution is refused with syntax.substitution: block, exit 1', () => {
    const r = decide(req({ command: 'cat $(cat notes.txt) | sh' }));
    expect(r.status).toBe(1);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({ api_version: 1, decision: 'block' });
    expect(body.reasons.map((x: { code: string }) => x.code)).toContain('syntax.substitution');
  });

  it('the response has exactly the verdict fields', () => {
    const body = JSON.parse(decide(req({ command: 'ls; id' })).stdout);
    expect(Object.keys(body)).toEqual(['api_version', 'decision', 'risk', 'reasons', 'rule_ids']);
    expect(['low', 'medium', 'high', 'critical']).toContain(body.risk);
  });

  it('never executes the command', () => {
    const marker = join(h.root, 'marker');
    for (const input of [
      req({ command: `touch ${marker}` }),
      req({ argv: ['touch', marker] }),
      req({ command: `bash -c 'touch ${marker}'` }),
    ]) {
      const r = decide(input);
      expect([0, 1]).toContain(r.status);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('an invalid user config blocks everything, naming file and field', () => {
    const file = join(h.home, '.config', 'shimctl', 'config.json');
    mkdirSync(join(h.home, '.config', 'shimctl'), { recursive: true });
    writeFileSync(file, '{"rules":[{"id":"a:b","command":"ls","decision":"yes"}]}');
    const r = decide(req({ command: 'ls' }));
    expect(r.status).toBe(1);
    const body = JSON.parse(r.stdout);
    expect(body.decision).toBe('block');
    expect(body.reasons[0].code).toBe('config.invalid');
    expect(body.reasons[0].message).toContain(file);
    expect(body.reasons[0].message).toContain('rules[0].decision');
  });

  it('an unreadable project config (a directory) blocks with config.unreadable', () => {
    const proj = join(h.root, 'proj');
    mkdirSync(join(proj, '.git'), { recursive: true });
    mkdirSync(join(proj, '.shimctlrc.json'));
    const r = decide(JSON.stringify({ api_version: 1, command: 'ls', cwd: proj }));
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).reasons[0].code).toBe('config.unreadable');
  });

  it("never runs a project's cosmiconfig meta config (.config/config.js in the process cwd)", () => {
    const proj = join(h.root, 'proj');
    const marker = join(h.root, 'meta-ran');
    mkdirSync(join(proj, '.config'), { recursive: true });
    mkdirSync(join(proj, '.git'));
    writeFileSync(
      join(proj, '.config', 'config.js'),
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); module.exports = {};`,
    );
    writeFileSync(join(proj, 'package.json'), JSON.stringify({ cosmiconfig: { searchPlaces: ['x.js'] } }));
    const r = decide(JSON.stringify({ api_version: 1, command: 'ls', cwd: proj }), { cwd: proj });
    expect([0, 1]).toContain(r.status);
    expect(existsSync(marker)).toBe(false);
  });

  it('without HOME: still a block verdict (exit 1), never an allow', () => {
    const r = decide(JSON.stringify({ api_version: 1, command: 'ls', cwd: '/' }), { env: { PATH: h.env.PATH! } });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'block', reasons: [{ code: 'internal.error' }] });
  });
});

describe('generated malformed requests through the real CLI', () => {
  it('a sample of 8 from the property generator: each exit 2 with an error object', async () => {
    const fc = (await import('fast-check')).default;
    const { malformedRequest } = await import('./malformedArbitrary.js');
    for (const input of fc.sample(malformedRequest, { numRuns: 8, seed: 20261129 })) {
      const r = decide(input);
      expect(r.status, input).toBe(2);
      expect(JSON.parse(r.stdout).error.code).toMatch(/^request\./);
    }
  });
});
