import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function macHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of a MAC found in a file with the expected one. */
export function macMatches(key: Buffer, text: string, mac: unknown): boolean {
  if (typeof mac !== 'string' || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(macHex(key, text), 'hex'), Buffer.from(mac, 'hex'));
}
