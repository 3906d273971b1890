// An agent script that takes the model's command as an argument (Droid's supervisor) is matched
// only for the named agent, at its own hop, on its exact text and pinned arguments
// (src/domain/shell/envelopes/argvEnvelope.ts, unwrapEnvelope.ts). The end-to-end cases run real
// bash behind the guard (test/hooks/droidSupervisor.test.ts); these pin each condition alone.
import { describe, expect, it } from 'vitest';
import { DROID_SUPERVISOR, DROID_SUPERVISOR_SCRIPT } from '../../../installers/agents/droid.js';
import type { InvocationArgs } from '../../../src/domain/shell/envelopes/argvEnvelope.js';
import { type EnvelopeContext, unwrapEnvelope } from '../../../src/domain/shell/unwrapEnvelope.js';

const CMD = 'touch made.txt';
const ARGS: InvocationArgs = { argv0: 'factory-execute-supervisor', positional: ['4242', '/bin/bash', CMD] };
const CTX: EnvelopeContext = { agent: 'droid', hop: 'agent', args: ARGS, argvEnvelopes: [DROID_SUPERVISOR] };

describe("an argument-taking agent script (Droid's supervisor)", () => {
  it('matches exactly: the argument is the command to review', () => {
    expect(unwrapEnvelope(DROID_SUPERVISOR_SCRIPT, CTX)).toEqual({
      kind: 'envelope',
      name: 'droid-supervisor',
      inner: CMD,
      sourced: [],
      argument: true,
    });
  });

  const misses: Array<[string, string, EnvelopeContext]> = [
    ['at a nested hop', DROID_SUPERVISOR_SCRIPT, { ...CTX, hop: 'nested' }],
    ['for another agent', DROID_SUPERVISOR_SCRIPT, { ...CTX, agent: 'codex' }],
    ['for no named agent', DROID_SUPERVISOR_SCRIPT, { ...CTX, agent: undefined }],
    ['for an empty agent name', DROID_SUPERVISOR_SCRIPT, { ...CTX, agent: '' }],
    ['without the invocation arguments', DROID_SUPERVISOR_SCRIPT, { ...CTX, args: undefined }],
    ['without the scripts', DROID_SUPERVISOR_SCRIPT, { ...CTX, argvEnvelopes: undefined }],
    ['with a trailing newline on the script', `${DROID_SUPERVISOR_SCRIPT}\n`, CTX],
    ['with a command appended to the script', `${DROID_SUPERVISOR_SCRIPT}\ntouch evil`, CTX],
    ['with no $0', DROID_SUPERVISOR_SCRIPT, { ...CTX, args: { positional: ARGS.positional } }],
    ['with another $0', DROID_SUPERVISOR_SCRIPT, { ...CTX, args: { ...ARGS, argv0: 'x' } }],
    [
      'with an extra argument',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: [...ARGS.positional, '; touch evil'] } },
    ],
    [
      'with an argument missing',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: ['4242', '/bin/bash'] } },
    ],
    [
      'with another shell',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: ['4242', '/bin/sh', CMD] } },
    ],
    [
      'with a pid that runs code',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: ['1$(touch evil)', '/bin/bash', CMD] } },
    ],
    [
      'with a pid and a newline (the pattern is anchored)',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: ['1\n', '/bin/bash', CMD] } },
    ],
    [
      'with a pid of 0 or a leading zero',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: ['0', '/bin/bash', CMD] } },
    ],
    [
      'with a pid of more than ten digits',
      DROID_SUPERVISOR_SCRIPT,
      { ...CTX, args: { ...ARGS, positional: ['12345678901', '/bin/bash', CMD] } },
    ],
  ];
  it.each(misses)('is no match %s', (_why, text, ctx) => {
    const m = unwrapEnvelope(text, ctx);
    expect(m.kind === 'envelope' && m.argument === true).toBe(false);
  });
});
