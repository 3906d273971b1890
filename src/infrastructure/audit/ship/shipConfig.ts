import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where records are shipped (issue 14). Read only from the user's config directory
 * (`$XDG_CONFIG_HOME/shimctl/ship.json`), never from a project: a repository cannot add a
 * target or point one elsewhere.
 */
export type ShipTarget =
  | { type: 'syslog'; host: string; port: number }
  | { type: 'loki'; url: string; labels?: Record<string, string> }
  | { type: 'file'; path: string }
  /** OpenTelemetry logs over OTLP/HTTP: `url` is the logs endpoint (a collector's `…:4318/v1/logs`). */
  | { type: 'otlp'; url: string; protocol: 'http/protobuf' | 'http/json'; headers?: Record<string, string> };

export interface ShipConfig {
  targets: ShipTarget[];
  /** Longest a run may take to hand its records over; past it the cursor stays put. */
  timeoutMs: number;
}

export function shipConfigPath(env: Record<string, string | undefined>): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME ?? '', '.config');
  return join(base, 'shimctl', 'ship.json');
}

/** The config, undefined when there is none; throws on a malformed one (named field). */
export function readShipConfig(path: string): ShipConfig | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const raw = JSON.parse(text) as { targets?: unknown; timeoutMs?: unknown };
  if (!Array.isArray(raw.targets)) throw new Error(`${path}: "targets" must be an array`);
  const targets = raw.targets.map((t: Record<string, unknown>, i) => {
    const where = `${path}: targets[${i}]`;
    if (t.type === 'syslog') {
      if (typeof t.host !== 'string' || !Number.isInteger(t.port))
        throw new Error(`${where}: syslog needs "host" and an integer "port"`);
      return { type: 'syslog', host: t.host, port: t.port as number } as const;
    }
    if (t.type === 'loki') {
      if (typeof t.url !== 'string' || !/^https?:\/\//.test(t.url))
        throw new Error(`${where}: loki needs an http(s) "url"`);
      return { type: 'loki', url: t.url, ...(t.labels ? { labels: t.labels as Record<string, string> } : {}) } as const;
    }
    if (t.type === 'file') {
      if (typeof t.path !== 'string' || !t.path.startsWith('/'))
        throw new Error(`${where}: file needs an absolute "path"`);
      return { type: 'file', path: t.path } as const;
    }
    if (t.type === 'otlp') {
      if (typeof t.url !== 'string' || !/^https?:\/\//.test(t.url))
        throw new Error(
          `${where}: otlp needs an http(s) "url" (the logs endpoint, e.g. http://127.0.0.1:4318/v1/logs)`,
        );
      const protocol = t.protocol ?? 'http/protobuf';
      if (protocol !== 'http/protobuf' && protocol !== 'http/json')
        throw new Error(`${where}: otlp "protocol" must be http/protobuf or http/json`);
      if (
        t.headers !== undefined &&
        (typeof t.headers !== 'object' ||
          t.headers === null ||
          Object.values(t.headers).some((v) => typeof v !== 'string'))
      ) {
        throw new Error(`${where}: otlp "headers" must map names to strings`);
      }
      return {
        type: 'otlp',
        url: t.url,
        protocol,
        ...(t.headers ? { headers: t.headers as Record<string, string> } : {}),
      } as const;
    }
    throw new Error(`${where}: "type" must be syslog, loki, otlp or file`);
  });
  const timeoutMs = raw.timeoutMs === undefined ? 5000 : Number(raw.timeoutMs);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000)
    throw new Error(`${path}: "timeoutMs" must be an integer from 100 to 600000`);
  return { targets, timeoutMs };
}
