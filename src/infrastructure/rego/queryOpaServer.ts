import type { EngineAnswer } from './engineFailure.js';
import { engineFailure } from './engineFailure.js';
import { dataApiPath } from './regoQuery.js';

export interface OpaServerOptions {
  base: URL;
  query: string;
  timeoutMs: number;
  /** Bearer token, read from the environment by the caller; never logged. */
  token?: string;
}

/** A verdict is a few hundred bytes; a huge body is a server gone wrong. */
const MAX_BODY_BYTES = 1024 * 1024;

async function readCapped(res: Response): Promise<string | undefined> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `POST {base}/v1/data/<package path>` with `{"input": …}`. Redirects are not followed (a
 * redirect is a failure), the whole exchange (connect, headers, body) shares one deadline.
 */
export async function queryOpaServer(input: unknown, opts: OpaServerOptions): Promise<EngineAnswer> {
  const url = new URL(opts.base.pathname.replace(/\/+$/, '') + dataApiPath(opts.query), opts.base);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ input }),
      redirect: 'manual',
      signal: controller.signal,
    });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      return {
        kind: 'failure',
        verdict: engineFailure(
          'engine.failed',
          `OPA server answered a redirect (${res.status}); redirects are not followed`,
        ),
      };
    }
    const body = await readCapped(res);
    if (body === undefined)
      return {
        kind: 'failure',
        verdict: engineFailure('engine.bad_output', `OPA server answer is larger than ${MAX_BODY_BYTES} bytes`),
      };
    if (!res.ok)
      return {
        kind: 'failure',
        verdict: engineFailure('engine.failed', `OPA server refused the request: HTTP ${res.status} ${body.trim()}`),
      };
    let doc: unknown;
    try {
      doc = JSON.parse(body);
    } catch {
      return {
        kind: 'failure',
        verdict: engineFailure('engine.bad_output', `OPA server answer is not JSON: ${body.trim() || '(empty)'}`),
      };
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      return { kind: 'failure', verdict: engineFailure('engine.bad_output', 'OPA server answer is not a JSON object') };
    }
    return { kind: 'value', value: (doc as { result?: unknown }).result };
  } catch (err) {
    if (controller.signal.aborted) {
      return {
        kind: 'failure',
        verdict: engineFailure('engine.timeout', `OPA server did not answer within ${opts.timeoutMs} ms`),
      };
    }
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: 'failure',
      verdict: engineFailure(
        'engine.failed',
        `OPA server unreachable at ${url.origin}: ${cause?.code ?? cause?.message ?? String(err)}`,
      ),
    };
  } finally {
    clearTimeout(timer);
  }
}
