// A real loopback sink that takes the TCP connection and the request and never answers: an OTLP
// receiver that hangs (shipSlowNeighbour.test.ts, residentShipSlowSink.test.ts).
import { createServer, type Server, type Socket } from 'node:net';

export interface SilentSink {
  url: string;
  close(): Promise<void>;
}

/** A sink that takes the TCP connection and the request, and never answers. */
export function silentSink(): Promise<SilentSink> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('data', () => undefined);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}/v1/logs`,
        close: () =>
          new Promise((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    }),
  );
}
