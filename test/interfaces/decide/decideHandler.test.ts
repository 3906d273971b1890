import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecideDeps } from '../../../src/application/decide/decideUseCase.js';
import type { ConfigOutcome } from '../../../src/application/ports/configSource.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { ReviewRequest } from '../../../src/domain/reviewRequest.js';
import type { Verdict } from '../../../src/domain/verdict.js';
import { verdict } from '../../../src/domain/verdict.js';
import { handleDecide } from '../../../src/interfaces/api/handleDecide.js';
import { MAX_REQUEST_BYTES } from '../../../src/interfaces/api/parseDecideRequest.js';
import { malformedRequest } from './malformedArbitrary.js';

interface MalformedCase {
  name: string;
  input: string;
  code: string;
}
const here = new URL('.', import.meta.url).pathname;
const malformed = JSON.parse(readFileSync(join(here, 'malformed.cases.json'), 'utf8')) as MalformedCase[];

/** FAKE deps: a config source, host facts and native review we control, to test the plumbing only. */
function fakeDeps(
  answer: Verdict | ((req: ReviewRequest) => Verdict),
  config?: ConfigOutcome,
): DecideDeps & { seen: ReviewRequest[] } {
  const seen: ReviewRequest[] = [];
  return {
    seen,
    env: { HOME: '/home/fake' },
    configSource: { load: () => config ?? { kind: 'ok', config: defaultConfig(), sources: [], warnings: [] } },
    hostFacts: {
      facts: () => ({
        home: '/home/fake',
        realpath: (p) => p,
        resolveCommand: () => undefined,
        fileId: () => undefined,
      }),
    },
    regoEngine: () => {
      throw new Error('not used');
    },
    nativeReview: (req) => {
      seen.push(req);
      return { verdict: typeof answer === 'function' ? answer(req) : answer, trace: [] };
    },
  };
}

const ALLOW = verdict('allow', 'low', 'command.allowed', 'fake allow', 'fake:allow');
const ASK = verdict('ask', 'medium', 'command.unknown', 'fake ask');
const BLOCK = verdict('block', 'high', 'command.blocked', 'fake block', 'fake:block');
const errorShape = {
  api_version: 1,
  error: { code: expect.stringMatching(/^request\./), message: expect.any(String) },
};

describe('decide handler (in process, fake review)', () => {
  it.each(malformed.map((c) => [c.name, c] as const))('malformed: %s -> exit 2', async (_n, c) => {
    const deps = fakeDeps(ALLOW);
    const r = await handleDecide(c.input, deps);
    expect(r.exitCode).toBe(2);
    const body = JSON.parse(r.body);
    expect(body).toEqual(errorShape);
    expect(body.error.code).toBe(c.code);
    expect(deps.seen).toEqual([]); // nothing reached review
  });

  it.each([
    ['allow', ALLOW, 0],
    ['ask', ASK, 0],
    ['block', BLOCK, 1],
  ] as const)('%s verdict: exit %i, body is exactly the verdict', async (_n, v, code) => {
    const r = await handleDecide(
      JSON.stringify({ api_version: 1, command: 'x y', cwd: '/w', agent: 'claude' }),
      fakeDeps(v),
    );
    expect(r.exitCode).toBe(code);
    expect(JSON.parse(r.body)).toEqual({ api_version: 1, ...v });
    expect(Object.keys(JSON.parse(r.body))).toEqual(['api_version', 'decision', 'risk', 'reasons', 'rule_ids']);
  });

  it('passes command, argv, cwd and agent through unchanged', async () => {
    const deps = fakeDeps(ALLOW);
    await handleDecide(
      JSON.stringify({ api_version: 1, argv: ['git', 'status;push'], cwd: '/w', agent: 'gemini' }),
      deps,
    );
    await handleDecide(JSON.stringify({ cwd: '/a b', command: "echo 'a;b'", api_version: 1 }), deps);
    expect(deps.seen).toEqual([
      { argv: ['git', 'status;push'], cwd: '/w', agent: 'gemini' },
      { command: "echo 'a;b'", cwd: '/a b' },
    ]);
  });

  it.each([
    [
      'invalid',
      { kind: 'invalid', file: '/p/.shimctlrc', field: 'rules[0].decision', message: 'expected allow|ask|block' },
      'config.invalid',
    ],
    ['unreadable', { kind: 'unreadable', file: '/p/.shimctlrc', message: 'is a FIFO' }, 'config.unreadable'],
  ] as const)('config %s: block even when the review would allow, never reviewed', async (_n, cfg, code) => {
    const deps = fakeDeps(ALLOW, cfg as ConfigOutcome);
    const r = await handleDecide(JSON.stringify({ api_version: 1, command: 'ls', cwd: '/w' }), deps);
    expect(r.exitCode).toBe(1);
    const body = JSON.parse(r.body);
    expect(body.decision).toBe('block');
    expect(body.reasons[0].code).toBe(code);
    expect(body.reasons[0].message).toContain('/p/.shimctlrc');
    expect(deps.seen).toEqual([]);
  });

  it('a review that throws becomes an internal.error block', async () => {
    const deps = fakeDeps(() => {
      throw new Error('boom');
    });
    const r = await handleDecide(JSON.stringify({ api_version: 1, command: 'ls', cwd: '/w' }), deps);
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.body)).toMatchObject({ decision: 'block', reasons: [{ code: 'internal.error' }] });
  });

  it('a deps factory that throws (no HOME) still answers block, and malformed input still gets 2', async () => {
    const boom = () => {
      throw new Error('HOME is not set');
    };
    const r = await handleDecide(JSON.stringify({ api_version: 1, command: 'ls', cwd: '/w' }), boom);
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.body)).toMatchObject({ decision: 'block', reasons: [{ code: 'internal.error' }] });
    expect((await handleDecide('{', boom)).exitCode).toBe(2);
  });

  it('oversized request: too_large', async () => {
    const r = await handleDecide(
      JSON.stringify({ api_version: 1, command: 'echo ' + 'a'.repeat(MAX_REQUEST_BYTES), cwd: '/' }),
      fakeDeps(ALLOW),
    );
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.body).error.code).toBe('request.too_large');
  });
});

describe('property: any malformed request gets exit 2 and never reaches review', () => {
  it('holds for 2000 generated requests', async () => {
    await fc.assert(
      fc.asyncProperty(malformedRequest, async (input) => {
        const deps = fakeDeps(ALLOW);
        const r = await handleDecide(input, deps);
        expect(r.exitCode).toBe(2);
        expect(JSON.parse(r.body)).toEqual(errorShape);
        expect(deps.seen).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('and every well-formed request reaches review exactly once', async () => {
    const wellFormed = fc.record({
      api_version: fc.constant(1),
      command: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      cwd: fc
        .string()
        .map((s) => `/${s}`)
        .filter((s) => !s.includes('\u0000')),
    });
    await fc.assert(
      fc.asyncProperty(wellFormed, async (req) => {
        const deps = fakeDeps(BLOCK);
        const r = await handleDecide(JSON.stringify(req), deps);
        expect(r.exitCode).toBe(1);
        expect(deps.seen).toEqual([{ command: req.command, cwd: req.cwd }]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('topLevelKeys (duplicate detection)', () => {
  it('agrees with JSON.parse on the key set of any JSON object, and nested keys never count', async () => {
    const { topLevelKeys } = await import('../../../src/interfaces/api/topLevelKeys.js');
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 }), fc.boolean(), (obj, pretty) => {
        const text = JSON.stringify(obj, null, pretty ? 2 : undefined);
        expect(topLevelKeys(text)).toEqual(Object.keys(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });
});
