import type { PolicyTestCase } from '../../application/decide/runPolicyTests.js';
import { isReasonCode } from '../../domain/reasonCodes.js';
import { DECISIONS, RISKS } from '../../domain/verdict.js';
import type { Decision, Risk } from '../../domain/verdict.js';
import { errorMessage } from '../../application/shimctlError.js';
import { ShimctlError } from '../../application/shimctlError.js';

export type ParsedTests = { ok: true; cases: PolicyTestCase[] } | { ok: false; line: number; message: string };

const CASE_FIELDS = new Set(['name', 'command', 'argv', 'cwd', 'agent', 'expect']);
const EXPECT_FIELDS = new Set(['decision', 'risk', 'codes', 'rule_ids']);

class LineError extends ShimctlError {
  constructor(message: string) {
    super('policy_test.line', message);
  }
}
const fail = (message: string): never => {
  throw new LineError(message);
};
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown, field: string): string[] => {
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) fail(`${field}: expected an array of strings`);
  return v as string[];
};

function parseCase(value: unknown, line: number, defaultCwd: string): PolicyTestCase {
  if (!isObject(value)) fail('expected a JSON object');
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!CASE_FIELDS.has(k)) fail(`unknown field '${k}' (allowed: ${[...CASE_FIELDS].join(', ')})`);
  if ('command' in o === 'argv' in o) fail('give exactly one of command and argv');
  const c: PolicyTestCase = { line, request: { cwd: defaultCwd }, expect: { decision: 'allow' } };
  if ('command' in o) {
    if (typeof o.command !== 'string' || o.command.trim() === '') fail('command: expected a non-empty string');
    c.request.command = o.command as string;
  } else {
    const argv = strings(o.argv, 'argv');
    if (argv.length === 0 || argv[0]!.trim() === '')
      fail('argv: expected a non-empty array whose first word is not empty');
    c.request.argv = argv;
  }
  if ('cwd' in o) {
    if (typeof o.cwd !== 'string' || !o.cwd.startsWith('/')) fail('cwd: expected an absolute path');
    c.request.cwd = o.cwd as string;
  }
  if ('agent' in o) {
    if (typeof o.agent !== 'string' || o.agent === '') fail('agent: expected a non-empty string');
    c.request.agent = o.agent as string;
  }
  if ('name' in o) {
    if (typeof o.name !== 'string') fail('name: expected a string');
    c.name = o.name as string;
  }
  if (!('expect' in o)) fail('expect is required');
  const e = o.expect;
  if (typeof e === 'string') {
    if (!DECISIONS.includes(e as Decision)) fail(`expect: expected ${DECISIONS.join('|')}`);
    c.expect = { decision: e as Decision };
  } else if (isObject(e)) {
    for (const k of Object.keys(e))
      if (!EXPECT_FIELDS.has(k)) fail(`expect.${k}: unknown field (allowed: ${[...EXPECT_FIELDS].join(', ')})`);
    if (!DECISIONS.includes(e.decision as Decision)) fail(`expect.decision: expected ${DECISIONS.join('|')}`);
    c.expect = { decision: e.decision as Decision };
    if ('risk' in e) {
      if (!RISKS.includes(e.risk as Risk)) fail(`expect.risk: expected ${RISKS.join('|')}`);
      c.expect.risk = e.risk as Risk;
    }
    if ('codes' in e) {
      const codes = strings(e.codes, 'expect.codes');
      // A typo in a code would make the case pass or fail for the wrong reason.
      for (const [i, code] of codes.entries())
        if (!isReasonCode(code)) fail(`expect.codes[${i}]: unknown reason code '${code}'`);
      c.expect.codes = codes;
    }
    if ('rule_ids' in e) c.expect.rule_ids = strings(e.rule_ids, 'expect.rule_ids');
  } else fail('expect: expected "allow"|"ask"|"block" or {decision, risk?, codes?, rule_ids?}');
  return c;
}

/** JSON Lines: one case per line; blank lines and lines starting with `#` are skipped. */
export function parsePolicyTests(text: string, defaultCwd: string): ParsedTests {
  const cases: PolicyTestCase[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '' || raw.startsWith('#')) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      return { ok: false, line: i + 1, message: `not valid JSON: ${errorMessage(err)}` };
    }
    try {
      cases.push(parseCase(value, i + 1, defaultCwd));
    } catch (err) {
      if (err instanceof LineError) return { ok: false, line: i + 1, message: err.message };
      throw err;
    }
  }
  if (cases.length === 0) return { ok: false, line: 0, message: 'no test cases in the file' };
  return { ok: true, cases };
}
