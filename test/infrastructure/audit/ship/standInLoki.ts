// A STAND-IN receiver for Loki's push API (POST /loki/api/v1/push, JSON), on loopback, served
// from a worker thread (httpSinkWorker.mjs says why): not Loki, but it decodes exactly what
// pino-loki sends, so the test can count what arrived. `delayMs` makes it answer slowly: a
// push counts as arrived only once it is answered.
import { startHttpSink } from './otlpReceiver.js';
import type { HttpSink } from './otlpReceiver.js';

export interface StandInLoki {
  url: string;
  lines: string[];
  port: number;
  close(): Promise<void>;
  listen(): Promise<void>;
  /** Pushes read in full so far, answered or not. */
  received(): number;
  /** Answer with `status` from now on (a failing sink: 500); `ok` restores the normal answer. */
  fail(status: number | 'ok'): void;
}

export async function startStandInLoki(port = 0, delayMs = 0): Promise<StandInLoki> {
  const lines: string[] = [];
  let sink: HttpSink | undefined;
  const out: StandInLoki = {
    url: '',
    lines,
    port,
    async listen() {
      sink = await startHttpSink(
        { port: out.port, path: '/loki/api/v1/push', status: 204, contentTypeOut: 'text/plain', bodyOut: '', delayMs },
        (_type, body) => {
          const push = JSON.parse(body.toString('utf8')) as { streams: { values: [string, string][] }[] };
          for (const s of push.streams) for (const [, line] of s.values) lines.push(line);
        },
      );
      out.port = sink.port;
      out.url = `http://127.0.0.1:${out.port}`;
    },
    received: () => sink?.received() ?? 0,
    fail(status) {
      sink?.setStatus(status === 'ok' ? 204 : status);
    },
    close: async () => {
      await sink?.close();
    },
  };
  await out.listen();
  return out;
}
