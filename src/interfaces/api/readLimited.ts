import type { Readable } from 'node:stream';

export type LimitedRead = { ok: true; text: string } | { ok: false; tooLarge: boolean; message: string };

/** Reads a stream to its end, stopping as soon as more than `limit` bytes arrived. */
export function readLimited(stream: Readable, limit: number): Promise<LimitedRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: LimitedRead): void => {
      if (done) return;
      done = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      if (!r.ok) stream.pause();
      resolve(r);
    };
    const onData = (chunk: Buffer | string): void => {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += b.length;
      if (size > limit) return finish({ ok: false, tooLarge: true, message: `input is larger than ${limit} bytes` });
      chunks.push(b);
    };
    const onEnd = (): void => {
      const buf = Buffer.concat(chunks);
      // Invalid UTF-8 would silently become U+FFFD and change the command: refuse it instead.
      const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
      try {
        finish({ ok: true, text: text.decode(buf) });
      } catch {
        finish({ ok: false, tooLarge: false, message: 'input is not valid UTF-8' });
      }
    };
    const onError = (err: Error): void =>
      finish({ ok: false, tooLarge: false, message: `cannot read input: ${err.message}` });
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
