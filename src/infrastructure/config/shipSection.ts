import type { ShipConfig, ShipTarget } from '../../domain/audit/shipTarget.js';

/**
 * The `audit.ship` section (and the legacy ship.json, same shape): checked by hand like the rest
 * of the config, each refusal naming its field (`audit.ship.targets[0].url`). Returns it with
 * the defaults filled in (otlp `protocol`, `timeoutMs`). `fail` throws the caller's error (the
 * config's SchemaError; this file imports nothing of the schema's, so no import cycle).
 */
export type Fail = (field: string, message: string) => never;

export function parseShipSection(value: unknown, field: string, fail: Fail): ShipConfig {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    fail(field || '(top level)', 'expected an object');
  const raw = value as Record<string, unknown>;
  const at = (k: string): string => (field ? `${field}.${k}` : k);
  for (const k of Object.keys(raw))
    if (k !== 'targets' && k !== 'timeoutMs') fail(at(k), 'unknown key (allowed: targets, timeoutMs)');
  if (!Array.isArray(raw.targets)) fail(at('targets'), '"targets" must be an array');
  const targets = (raw.targets as unknown[]).map((v, i) => parseTarget(v, `${at('targets')}[${i}]`, fail));
  const timeoutMs = raw.timeoutMs === undefined ? 5000 : raw.timeoutMs;
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000)
    fail(at('timeoutMs'), '"timeoutMs" must be an integer from 100 to 600000');
  return { targets, timeoutMs: timeoutMs as number };
}

function parseTarget(value: unknown, where: string, failAt: Fail): ShipTarget {
  const fail = (message: string): never => failAt(where, message);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('expected an object');
  const t = value as Record<string, unknown>;
  const stringMap = (v: unknown): boolean =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
  if (t.type === 'syslog') {
    if (typeof t.host !== 'string' || !Number.isInteger(t.port)) fail('syslog needs "host" and an integer "port"');
    return { type: 'syslog', host: t.host as string, port: t.port as number };
  }
  if (t.type === 'loki') {
    if (typeof t.url !== 'string' || !/^https?:\/\//.test(t.url)) fail('loki needs an http(s) "url"');
    if (t.labels !== undefined && !stringMap(t.labels)) fail('loki "labels" must map names to strings');
    return { type: 'loki', url: t.url as string, ...(t.labels ? { labels: t.labels as Record<string, string> } : {}) };
  }
  if (t.type === 'file') {
    if (typeof t.path !== 'string' || !t.path.startsWith('/')) fail('file needs an absolute "path"');
    return { type: 'file', path: t.path as string };
  }
  if (t.type === 'otlp') {
    if (typeof t.url !== 'string' || !/^https?:\/\//.test(t.url))
      fail('otlp needs an http(s) "url" (the logs endpoint, e.g. http://127.0.0.1:4318/v1/logs)');
    const protocol = t.protocol ?? 'http/protobuf';
    if (protocol !== 'http/protobuf' && protocol !== 'http/json')
      fail('otlp "protocol" must be http/protobuf or http/json');
    if (t.headers !== undefined && !stringMap(t.headers)) fail('otlp "headers" must map names to strings');
    return {
      type: 'otlp',
      url: t.url as string,
      protocol: protocol as 'http/protobuf' | 'http/json',
      ...(t.headers ? { headers: t.headers as Record<string, string> } : {}),
    };
  }
  return fail('"type" must be syslog, loki, otlp or file');
}
