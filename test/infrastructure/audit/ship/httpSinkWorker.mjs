// A loopback HTTP sink in a worker thread: it answers every POST to its path with the status and
// body it was given and hands each request (path, content type, raw body) to the thread that started it.
// Why a thread: pino's transport.end() blocks the calling thread (Atomics.wait) until its
// transports close, and a transport that waits for its HTTP responses would wait on a server
// in that same blocked thread.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, status, contentTypeOut, bodyOut, delayMs = 0 } = workerData;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== path) return void res.writeHead(404).end();
    // With `delayMs`, a slow receiver: the request counts as received only when it is answered.
    setTimeout(() => {
      const body = Buffer.concat(chunks);
      parentPort.postMessage({ contentType: String(req.headers['content-type'] ?? ''), body }, [body.buffer]);
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
  if (m === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
