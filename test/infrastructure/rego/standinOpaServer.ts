// A loopback HTTP STAND-IN for an OPA server (not OPA): each behaviour lives under its own path
// prefix, so one server serves every case: `http://127.0.0.1:PORT/<behaviour>` is the base URL.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const verdictOf = (value: unknown) => JSON.stringify({ result: value });
const ALLOW = {
  decision: 'allow',
  risk: 'low',
  reasons: [{ code: 'command.allowed', message: 'stand-in server allows' }],
  rule_ids: ['standin:allow'],
};
const BLOCK = {
  decision: 'block',
  risk: 'high',
  reasons: [{ code: 'rego.standin_block', message: 'stand-in server blocks' }],
  rule_ids: ['standin:block'],
};

type Behaviour = (req: IncomingMessage, res: ServerResponse, server: StandinOpaServer) => void;

const BEHAVIOURS: Record<string, Behaviour> = {
  allow: (_q, res) => res.end(verdictOf(ALLOW)),
  block: (_q, res) => res.end(verdictOf(BLOCK)),
  'needs-token': (q, res) => {
    if (q.headers.authorization !== 'Bearer s3cret-standin-token')
      return void res.writeHead(401).end('{"code":"unauthorized","message":"bad token"}');
    res.end(verdictOf(ALLOW));
  },
  'status-500': (_q, res) => void res.writeHead(500).end('{"code":"internal_error","message":"stand-in broke"}'),
  'status-404': (_q, res) => void res.writeHead(404).end('{"code":"resource_not_found"}'),
  redirect: (_q, res, s) => void res.writeHead(307, { location: `${s.url}/allow/v1/data/shimctl/verdict` }).end(),
  'redirect-302': (_q, res, s) => void res.writeHead(302, { location: `${s.url}/allow/v1/data/shimctl/verdict` }).end(),
  'slow-headers': (_q, res) => void setTimeout(() => res.end(verdictOf(ALLOW)), 5000).unref(),
  'slow-body': (_q, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"result": ');
    setTimeout(() => res.end(`${JSON.stringify(ALLOW)}}`), 5000).unref();
  },
  garbage: (_q, res) => res.end('<html>proxy error</html>'),
  empty: (_q, res) => res.end(''),
  undefined: (_q, res) => res.end('{}'),
  array: (_q, res) => res.end('[{"result": {}}]'),
  'wrong-shape': (_q, res) => res.end(verdictOf({ decision: 'allow' })),
  'unknown-decision': (_q, res) => res.end(verdictOf({ decision: 'approve', risk: 'low', reasons: [] })),
  huge: (_q, res) => {
    res.writeHead(200);
    res.end(`{"result": "${'a'.repeat(2 * 1024 * 1024)}"}`);
  },
  'hang-up': (q) => q.socket.destroy(),
};

export class StandinOpaServer {
  readonly seen: SeenRequest[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const behaviour = BEHAVIOURS[(req.url ?? '').split('/')[1] ?? ''];
        if (behaviour) behaviour(req, res, this);
        else res.writeHead(599).end('no such stand-in behaviour');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A loopback port with nothing listening: bind, note the port, close. */
export async function closedLoopbackPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
