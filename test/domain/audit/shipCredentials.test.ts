// Which audit.ship targets make their config file a secret (paths:audit-sink-credentials).
import { describe, expect, it } from 'vitest';
import { shipHoldsCredentials, urlHoldsCredentials } from '../../../src/domain/audit/shipCredentials.js';
import type { ShipTarget } from '../../../src/domain/audit/shipTarget.js';

const otlp = (url: string, headers?: Record<string, string>): ShipTarget => ({
  type: 'otlp',
  url,
  protocol: 'http/protobuf',
  ...(headers ? { headers } : {}),
});

const cases: Array<[string, ShipTarget[], boolean]> = [
  ['an Authorization header', [otlp('http://127.0.0.1:4318/v1/logs', { Authorization: 'Bearer t' })], true],
  ['any header (a name says nothing)', [otlp('http://127.0.0.1:4318/v1/logs', { 'x-team': 'infra' })], true],
  ['no headers', [otlp('http://127.0.0.1:4318/v1/logs')], false],
  ['an empty header map', [otlp('http://127.0.0.1:4318/v1/logs', {})], false],
  ['user:password in an otlp URL', [otlp('https://u:p@otlp.invalid/v1/logs')], true],
  ['a token as the user of a loki URL', [{ type: 'loki', url: 'https://TOKEN@loki.invalid' }], true],
  ['a key in the query', [{ type: 'loki', url: 'https://loki.invalid/push?api_key=k' }], true],
  ['an @ in the path is not userinfo', [{ type: 'loki', url: 'https://loki.invalid/a@b' }], false],
  ['loki labels', [{ type: 'loki', url: 'http://127.0.0.1:3100', labels: { team: 'infra' } }], false],
  ['syslog', [{ type: 'syslog', host: '127.0.0.1', port: 514 }], false],
  ['a file', [{ type: 'file', path: '/var/log/copy.jsonl' }], false],
  ['the second target', [{ type: 'file', path: '/x' }, otlp('http://h/v1/logs', { a: 'b' })], true],
  ['no targets', [], false],
];

describe('shipHoldsCredentials', () => {
  it.each(cases)('%s', (_name, targets, expected) => {
    expect(shipHoldsCredentials({ targets, timeoutMs: 5000 })).toBe(expected);
  });
  it('no ship section holds none', () => expect(shipHoldsCredentials(undefined)).toBe(false));
  it.each([
    ['http://h:3100', false],
    ['http://h:3100/?', false],
    ['http://h:3100?x=1', true],
    ['HTTPS://u@h', true],
    ['http://h/p#x', false],
  ])('urlHoldsCredentials(%s)', (url, expected) => expect(urlHoldsCredentials(url)).toBe(expected));
});
