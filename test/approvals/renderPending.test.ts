import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PendingRequest } from '../../src/domain/approvals/pendingRequest.js';
import { detailLines, listEntry } from '../../src/interfaces/cli/approvals/renderPending.js';

const ACTIVE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
const now = new Date('2026-11-29T12:00:00Z');

function request(over: Partial<PendingRequest> = {}): PendingRequest {
  return {
    id: '3f2a9c1e-0000-4000-8000-000000000000',
    agent: 'claude',
    session: 's',
    cwd: '/w',
    command: 'mytool build',
    hop: 'agent',
    pid: 1,
    createdAt: '2026-11-29T11:59:30Z',
    verdict: {
      decision: 'ask',
      risk: 'medium',
      reasons: [{ code: 'command.unknown', message: 'not in the policy' }],
      rule_ids: [],
    },
    ...over,
  };
}

describe('pending request rendering', () => {
  it('shows agent, age, risk, cwd, the full command and the first reason that asked', () => {
    const lines = listEntry({ request: request(), authentic: true, stale: false }, 0, true, now);
    expect(lines).toEqual([
      '> 1. 3f2a9c1e  claude  30s ago  risk medium  in /w',
      '     $ mytool build',
      '     why: command.unknown: not in the policy',
    ]);
  });

  it("puts the model's command first for an envelope, and keeps the exact text in the details", () => {
    const r = request({
      command: "source snap || true && eval 'mytool build' < /dev/null",
      reviewed: 'mytool build',
      envelope: 'claude',
    });
    const list = listEntry({ request: r, authentic: true, stale: false }, 0, false, now).join('\n');
    expect(list).toContain('$ mytool build\n');
    expect(list).toContain('inside the claude envelope');
    const details = detailLines(r, now).join('\n');
    expect(details).toContain("command:  source snap || true && eval 'mytool build' < /dev/null");
    expect(details).toContain('reviewed: mytool build');
  });

  it('skips permissive reasons when choosing the one that explains the ask', () => {
    const r = request({
      verdict: {
        decision: 'ask',
        risk: 'high',
        reasons: [
          { code: 'command.allowed', message: 'ls is fine' },
          { code: 'env.code_injection', message: 'LD_PRELOAD' },
        ],
        rule_ids: [],
      },
    });
    expect(listEntry({ request: r, authentic: true, stale: false }, 0, false, now)[2]).toBe(
      '     why: env.code_injection: LD_PRELOAD',
    );
  });

  it('never emits an active or invisible character, whatever any field holds', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(text, text, text, text, text, text, (agent, cwd, command, reviewed, code, message) => {
        const r = request({
          agent,
          cwd,
          command,
          reviewed,
          envelope: agent,
          session: message,
          verdict: { decision: 'ask', risk: 'medium', reasons: [{ code: code as never, message }], rule_ids: [code] },
        });
        const all = [...listEntry({ request: r, authentic: true, stale: false }, 0, true, now), ...detailLines(r, now)];
        return all.every((l) => !ACTIVE.test(l));
      }),
      { numRuns: 1000 },
    );
  });
});
