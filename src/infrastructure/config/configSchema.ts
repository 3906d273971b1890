/**
 * The shape of a config file, checked by hand so every error names the field
 * (`rules[2].decision: expected allow|ask|block`). Unknown keys are errors: a typo in a
 * security config must not silently do nothing.
 */
import type { ConfigRule, LoopbackPolicy, PrivatePolicy } from '../../domain/policyConfig.js';
import { LOOPBACK_POLICIES, PRIVATE_POLICIES } from '../../domain/policyConfig.js';
import { DECISIONS, RISKS } from '../../domain/verdict.js';
import type { Mode } from '../../domain/modes/mode.js';
import { MODES } from '../../domain/modes/mode.js';
import { ShimctlError } from '../../application/shimctlError.js';
import type { ShipConfig } from '../../domain/audit/shipTarget.js';
import { parseShipSection } from './shipSection.js';

/** A config file after validation: every field optional, nothing merged yet. */
export interface ConfigFileContent {
  engine?: 'native' | 'rego' | 'both';
  rules?: ConfigRule[];
  protectedPaths?: string[];
  roots?: string[];
  disabledRules?: string[];
  urls?: { allowSchemes?: string[]; allowHosts?: string[]; loopback?: LoopbackPolicy; private?: PrivatePolicy };
  approvals?: { enabled?: boolean; timeoutSeconds?: number; answerWithoutTerminal?: boolean; sessionTtlHours?: number };
  http?: { serveInDaemon?: boolean; port?: number };
  execution?: { timeoutSeconds?: number; graceSeconds?: number; maxOutputBytes?: number; envAllow?: string[] };
  /** `ship`: user and managed files only (a project's `audit` is ignored); normalised by validateConfigFile. */
  audit?: { maxBytes?: number; keep?: number; retentionDays?: number; warnMiBPerHour?: number; ship?: ShipConfig };
  nested?: 'review' | 'passthrough';
  syntax?: 'structured' | 'strict';
  /** User: the default mode. Project: can only move toward plan. Managed: the ceiling (docs/modes.md). */
  mode?: Mode;
  rego?: {
    mode?: 'eval' | 'server';
    policyPaths?: string[];
    query?: string;
    url?: string;
    tokenEnv?: string;
    timeoutMs?: number;
    opaPath?: string;
  };
}

export class SchemaError extends ShimctlError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('config.invalid', message);
  }
}

type Check = (value: unknown, field: string) => void;

const fail = (field: string, message: string): never => {
  throw new SchemaError(field, message);
};
const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

const string =
  (opts: { nonEmpty?: boolean; pattern?: RegExp; patternText?: string } = {}): Check =>
  (v, f) => {
    if (typeof v !== 'string') fail(f, `expected a string, got ${describe(v)}`);
    const s = v as string;
    if (opts.nonEmpty && s.trim() === '') fail(f, 'must not be empty');
    if (s.includes('\u0000')) fail(f, 'must not contain NUL');
    if (opts.pattern && !opts.pattern.test(s)) fail(f, `expected ${opts.patternText ?? opts.pattern.source}`);
  };
const oneOf =
  (values: readonly string[]): Check =>
  (v, f) => {
    if (typeof v !== 'string' || !values.includes(v)) fail(f, `expected ${values.join('|')}`);
  };
const bool: Check = (v, f) => {
  if (typeof v !== 'boolean') fail(f, `expected true or false, got ${describe(v)}`);
};
const integer =
  (min: number, max: number): Check =>
  (v, f) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) fail(f, `expected an integer, got ${describe(v)}`);
    if ((v as number) < min || (v as number) > max) fail(f, `expected an integer from ${min} to ${max}`);
  };
const arrayOf =
  (item: Check, maxItems = 10_000): Check =>
  (v, f) => {
    if (!Array.isArray(v)) fail(f, `expected an array, got ${describe(v)}`);
    const a = v as unknown[];
    if (a.length > maxItems) fail(f, `at most ${maxItems} entries`);
    a.forEach((x, i) => item(x, `${f}[${i}]`));
  };
const object =
  (shape: Record<string, Check>, required: string[] = []): Check =>
  (v, f) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      fail(f || '(top level)', `expected an object, got ${describe(v)}`);
    const o = v as Record<string, unknown>;
    const at = (k: string): string => (f ? `${f}.${k}` : k);
    for (const k of Object.keys(o)) {
      if (!Object.hasOwn(shape, k)) fail(at(k), `unknown key (allowed: ${Object.keys(shape).join(', ')})`);
    }
    for (const k of required) if (o[k] === undefined) fail(at(k), 'is required');
    for (const [k, check] of Object.entries(shape)) if (o[k] !== undefined) check(o[k], at(k));
  };

const word = string({ nonEmpty: true });
const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const DAY = 24 * 3600;

const ruleCheck = object(
  {
    id: string({
      pattern: RULE_ID,
      patternText: 'an id of letters, digits, `.`, `_`, `:`, `-` (e.g. `team:no-force-push`)',
    }),
    command: word,
    subcommand: arrayOf(word, 16),
    args: arrayOf(string(), 256),
    argsContain: arrayOf(word, 64),
    cwd: string({
      pattern: /^(\/|~\/|~$)/,
      patternText: 'an absolute directory (or one starting with `~/`), `/**` at the end for everything below it',
    }),
    agent: word,
    session: word,
    decision: oneOf(DECISIONS),
    risk: oneOf(RISKS),
    reason: string(),
    lifts: arrayOf(word, 64),
    maxRisk: oneOf(RISKS),
    pin: object(
      {
        root: string({ pattern: /^\//, patternText: 'an absolute directory' }),
        digest: string({ pattern: /^[0-9a-f]{64}$/, patternText: 'a SHA-256 in hex (written by approve --always)' }),
      },
      ['root', 'digest'],
    ),
    savedAt: string({
      pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
      patternText: 'a UTC time like 2026-12-01T23:00:00.000Z (written by approve --always)',
    }),
  },
  ['id', 'command', 'decision'],
);

const fileCheck = object({
  engine: oneOf(['native', 'rego', 'both']),
  rules: arrayOf(ruleCheck),
  protectedPaths: arrayOf(word),
  roots: arrayOf(word),
  disabledRules: arrayOf(word),
  urls: object({
    allowSchemes: arrayOf(
      string({ pattern: /^[a-z][a-z0-9+.-]*$/, patternText: 'a lower-case URL scheme without `:`' }),
    ),
    allowHosts: arrayOf(word),
    loopback: oneOf(LOOPBACK_POLICIES),
    private: oneOf(PRIVATE_POLICIES),
  }),
  approvals: object({
    enabled: bool,
    timeoutSeconds: integer(1, DAY),
    answerWithoutTerminal: bool,
    sessionTtlHours: integer(1, 24 * 365),
  }),
  http: object({ serveInDaemon: bool, port: integer(0, 65535) }),
  execution: object({
    timeoutSeconds: integer(1, 7 * DAY),
    graceSeconds: integer(0, 3600),
    maxOutputBytes: integer(1, 2 ** 40),
    envAllow: arrayOf(
      string({ pattern: /^[A-Za-z_][A-Za-z0-9_]*\*?$/, patternText: 'a variable name, optionally ending in `*`' }),
    ),
  }),
  audit: object({
    maxBytes: integer(1024, 2 ** 40),
    keep: integer(0, 1000),
    retentionDays: integer(0, 3650),
    warnMiBPerHour: integer(1, 2 ** 20),
    ship: (v, f) => void parseShipSection(v, f, fail),
  }),
  nested: oneOf(['review', 'passthrough']),
  syntax: oneOf(['structured', 'strict']),
  mode: oneOf(MODES),
  rego: object({
    mode: oneOf(['eval', 'server']),
    policyPaths: arrayOf(word),
    query: word,
    url: word,
    tokenEnv: string({ pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, patternText: 'an environment variable name' }),
    timeoutMs: integer(1, 600_000),
    opaPath: word,
  }),
});

/** Throws `SchemaError` naming the first bad field; on success the value has the file shape. */
export function validateConfigFile(value: unknown): ConfigFileContent {
  fileCheck(value, '');
  let content = value as ConfigFileContent;
  // The shipping section with its defaults filled in (the file's own object is left as read).
  if (content.audit?.ship !== undefined)
    content = {
      ...content,
      audit: { ...content.audit, ship: parseShipSection(content.audit.ship, 'audit.ship', fail) },
    };
  const ids = new Set<string>();
  content.rules?.forEach((r, i) => {
    if (ids.has(r.id)) fail(`rules[${i}].id`, `duplicate rule id '${r.id}'`);
    ids.add(r.id);
  });
  return content;
}
