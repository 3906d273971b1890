// Shared by the audit tests: hermetic homes, records, and secret templates expanded afresh.
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditRecord } from '../../../src/application/ports/auditLog.js';
import { tempDir } from '../../support/tempDirs.js';

export function tempHome(): string {
  return tempDir('shimctl-audit-');
}

/** A hermetic env: HOME is fresh, no XDG_* leaks in from the machine running the tests. */
export function hermeticEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('XDG_')) env[k] = v;
  return { ...env, HOME: home, ...extra };
}

export function record(over: Partial<AuditRecord> = {}): AuditRecord {
  return {
    v: 1,
    ts: new Date().toISOString(),
    id: randomBytes(8).toString('hex'),
    agent: 'claude',
    cwd: '/work/project',
    command: 'git status',
    argv: ['git', 'status'],
    decision: 'allow',
    risk: 'low',
    reasons: [{ code: 'command.allowed', message: 'git status is read-only' }],
    rule_ids: ['git:status'],
    ...over,
  };
}

const ALPHABETS: Record<string, string> = {
  alnum: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  lower: 'abcdefghijklmnopqrstuvwxyz',
  hex: '0123456789abcdef',
  b64: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  url: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-',
  digits: '0123456789',
};

function randomFrom(alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** `{alnum:36}` etc. Mixed alphabets always get one upper, one lower and one digit, as real keys do. */
export function expandSecret(template: string): string {
  return template.replace(/\{(\w+):(\d+)\}/g, (_m, kind: string, len: string) => {
    const n = Number(len);
    if (kind === 'pad') return 'x'.repeat(n);
    const alphabet = ALPHABETS[kind];
    if (!alphabet) throw new Error(`unknown template kind ${kind}`);
    if ((kind === 'alnum' || kind === 'b64' || kind === 'url') && n >= 6) {
      return (
        randomFrom('ABCDEFGHJKLMNPQRSTUVWXYZ', 1) +
        randomFrom('abcdefghijkmnopqrstuvwxyz', 1) +
        randomFrom('23456789', 1) +
        randomFrom(alphabet, n - 3)
      );
    }
    return randomFrom(alphabet, n);
  });
}

export interface SecretCase {
  name: string;
  secret: string;
  command: string;
  argv?: string[];
  cwd?: string;
  envelope?: string;
  reason?: string;
  label?: string;
  /** Adversarial bulk: `$REPEAT` in `command` becomes `text` repeated `times` times. */
  repeat?: { text: string; times: number };
}

/** The case with `$REPEAT` expanded (a 39 KB command is built here, not stored in the file). */
export function withRepeat(c: SecretCase): SecretCase {
  return c.repeat ? { ...c, command: c.command.split('$REPEAT').join(c.repeat.text.repeat(c.repeat.times)) } : c;
}

export function loadJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

export const FIXTURES = join(import.meta.dirname, '../../fixtures/redaction');
