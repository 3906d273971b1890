'use strict';
// A pino transport that runs another one (pino-loki, pino-opentelemetry-transport) in pino's
// worker thread and writes down whether the sink accepted what it was sent. Both transports
// swallow a failed push: pino-loki prints it, the OpenTelemetry SDK hands it to its global
// error handler, and each then closes as if all went well, so the shipping cursor moved past
// records the sink never took. Here every outcome goes to `ackFile`, one JSON line each:
//   {"push":true}         an HTTP push the sink answered with 2xx (Loki)
//   {"error":"…"}         a push that failed (a refused connection, a non-2xx answer, a timeout)
//   {"done":true}         the inner transport closed (everything queued was handed to the sink)
// shipOnce counts a chunk as delivered only with "done" and no "error" (and, for Loki, a push):
// a worker that dies or hangs writes no "done" and the cursor stays. Plain CommonJS: pino's
// worker loads it by path, outside the bundle.
const { appendFileSync } = require('node:fs');
const { dirname } = require('node:path');

module.exports = async function shipAck({ kind, inner, innerOptions, ackFile }) {
  const note = (o) => appendFileSync(ackFile, `${JSON.stringify(o)}\n`);
  const reason = (e) => (e?.message ? e.message : String(e));
  if (kind === 'loki') {
    // pino-loki calls the global fetch for each push: watch its answers.
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (...args) => {
      try {
        const res = await realFetch(...args);
        note(res.ok ? { push: true } : { error: `HTTP ${res.status} from the sink` });
        return res;
      } catch (e) {
        note({ error: reason(e.cause ?? e) });
        throw e;
      }
    };
  }
  if (kind === 'otlp') {
    // The SDK reports a failed or timed-out export to @opentelemetry/core's global error handler
    // (the copy the SDK itself loads, hence the resolution from sdk-logs' own directory).
    const sdkLogs = require.resolve('@opentelemetry/sdk-logs', { paths: [dirname(require.resolve(inner))] });
    const core = require(require.resolve('@opentelemetry/core', { paths: [dirname(sdkLogs)] }));
    core.setGlobalErrorHandler((e) => note({ error: reason(e) }));
  }
  // As pino's own worker loads a target: the module, or its default export, or that one's.
  let build = await import(require.resolve(inner));
  if (typeof build === 'object') build = build.default;
  if (typeof build === 'object') build = build.default;
  const stream = await build(innerOptions);
  stream.once('error', (e) => note({ error: reason(e) }));
  stream.once('close', () => note({ done: true }));
  return stream;
};
