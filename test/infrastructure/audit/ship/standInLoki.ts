// A STAND-IN receiver for Loki's push API (POST /loki/api/v1/push, JSON), on loopback: not
// Loki, but it decodes exactly what pino-loki sends, so the test can count what arrived.
import { createServer } from 'node:http';
import type { Server } from 'node:http';

export interface StandInLoki { url: string; lines: string[]; port: number; close(): Promise<void>; listen(): Promise<void> }

export async function startStandInLoki(port = 0): Promise<StandInLoki> {
  const lines: string[] = [];
  let server: Server;
  const make = (): Server => createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/loki/api/v1/push') {
        const push = JSON.parse(body) as { streams: { values: [string, string][] }[] };
        for (const s of push.streams) for (const [, line] of s.values) lines.push(line);
        res.writeHead(204).end();
      } else res.writeHead(404).end();
    });
  });
  const out: StandInLoki = {
    url: '', lines, port,
    async listen() {
      server = make();
      await new Promise<void>((r) => server.listen(out.port, '127.0.0.1', r));
      out.port = (server.address() as { port: number }).port;
      out.url = `http://127.0.0.1:${out.port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  await out.listen();
  return out;
}
