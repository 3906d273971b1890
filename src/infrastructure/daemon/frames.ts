/**
 * The wire format between the shim client (C) and the resident review process: a 4-byte
 * big-endian length, one type byte, then NUL-terminated fields. NUL-separated strings because
 * argv and environment entries can never contain NUL, and C splits them with no parser at all.
 *
 *   client → daemon  Q  protocol token sentAtMs mode shell realShell cwd argc args… envc env…
 *                    R  exitCode signalNumber durationMs stdoutBytes stderrBytes truncated timedOut spawnErrno
 *   daemon → client  A  request accepted, sent only when no other answer came within ACCEPT_AFTER_MS
 *                       (any answer stops the client's short answer timeout)
 *                    F  reason: refused or stale; the client falls back to the per-command core
 *                    E  raw bytes for the client's stderr
 *                    X  file argv0 timeoutMs graceMs maxOutputBytes argc args… envc env…
 *                    D  exitCode: the request is complete
 */
export const PROTOCOL = 'shimctl-hotpath/1';
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export type FrameType = 'Q' | 'R' | 'A' | 'F' | 'E' | 'X' | 'D';

export interface Frame {
  type: string;
  body: Buffer;
}

export function encodeFrame(type: FrameType, body: Buffer): Buffer {
  const head = Buffer.allocUnsafe(5);
  head.writeUInt32BE(body.length + 1, 0);
  head[4] = type.charCodeAt(0);
  return Buffer.concat([head, body]);
}

/** Fields as NUL-terminated strings; a field holding NUL cannot be sent (argv/env never do). */
export function encodeFields(fields: ReadonlyArray<string | number>): Buffer {
  // One string, one Buffer: an exec spec carries every environment entry as a field.
  let text = '';
  for (const f of fields) {
    const field = String(f);
    if (field.includes('\0')) throw new Error('a frame field cannot contain NUL');
    text += `${field}\0`;
  }
  return Buffer.from(text, 'utf8');
}

export function decodeFields(body: Buffer): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === 0) {
      out.push(body.toString('utf8', start, i));
      start = i + 1;
    }
  }
  if (start !== body.length) throw new Error('a frame field is not NUL-terminated');
  return out;
}

/** Reassembles frames from stream chunks; throws on a length that is not a frame. */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Frame[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Frame[] = [];
    while (this.pending.length >= 5) {
      const len = this.pending.readUInt32BE(0);
      if (len < 1 || len > MAX_FRAME_BYTES) throw new Error(`bad frame length ${len}`);
      if (this.pending.length < 4 + len) break;
      frames.push({ type: String.fromCharCode(this.pending[4]!), body: this.pending.subarray(5, 4 + len) });
      this.pending = this.pending.subarray(4 + len);
    }
    return frames;
  }
}

/** Reads a count field followed by that many fields, as sent for argv and the environment. */
export function takeList(fields: string[], at: number): { list: string[]; next: number } {
  const raw = fields[at];
  if (raw === undefined || !/^[0-9]{1,7}$/.test(raw)) throw new Error(`bad list count at field ${at}`);
  const n = Number(raw);
  if (at + 1 + n > fields.length) throw new Error(`list at field ${at} runs past the frame`);
  return { list: fields.slice(at + 1, at + 1 + n), next: at + 1 + n };
}
