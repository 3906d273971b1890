// A loopback HTTP sink in a worker thread: it answers every POST to its path with the status and
// body it was given (the status can be changed while it runs) and hands each request (content type,
// raw body, the status it was answered with) to the thread that started it.
// Why a thread: pino's transport.end() blocks the calling thread (Atomics.wait) until its
// transports close, and a transport that waits for its HTTP responses would wait on a server
// in that same blocked thread.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, contentTypeOut, bodyOut, delayMs = 0 } = workerData;
// The answer can change while it runs (a sink that fails, then recovers): see setStatus.
let status = workerData.status;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== path) return void res.writeHead(404).end();
    // Read in full, not answered yet: a test can kill the sender while its push is in flight.
    parentPort.postMessage({ received: true });
    // With `delayMs`, a slow receiver: the request counts as received only when it is answered.
    setTimeout(() => {
      const body = Buffer.concat(chunks);
      // The status goes with the request: only a 2xx answer means the sink took it.
      parentPort.postMessage({ contentType: String(req.headers['content-type'] ?? ''), body, status }, [body.buffer]);
      // A protobuf request gets its empty response message (an empty body) in its own encoding.
      const proto = req.headers['content-type']?.includes('protobuf');
      res
        .writeHead(status, { 'content-type': proto ? 'application/x-protobuf' : contentTypeOut })
        .end(proto ? '' : bodyOut);
    }, delayMs);
  });
});
server.listen(port, '127.0.0.1', () => parentPort.postMessage({ listening: server.address().port }));
parentPort.on('message', (m) => {
  if (typeof m === 'object' && m.status) status = m.status;
  if (m === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
