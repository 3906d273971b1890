import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

/**
 * Passes the first `maxBytes` bytes through, then keeps reading and counting but forwards
 * nothing: draining (rather than killing) means a chatty program finishes normally instead of
 * blocking on a full pipe, while the wall-clock timeout still bounds how long it may run.
 */
export class OutputCap extends Transform {
  total = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }

  get dropped(): number {
    return Math.max(0, this.total - this.maxBytes);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const before = this.total;
    this.total += chunk.length;
    if (before >= this.maxBytes) return done();
    if (this.total <= this.maxBytes) return done(null, chunk);
    done(null, chunk.subarray(0, this.maxBytes - before));
  }
}

export function truncationNote(streamName: 'stdout' | 'stderr', dropped: number): string {
  return `shimctl: output truncated: ${dropped} bytes dropped from ${streamName}\n`;
}
