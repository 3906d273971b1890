// The hot-path bundle's stand-in for node:crypto: same answers as the real module, UUIDs with the
// RFC 4122 version 4 layout, and the real module loaded only when something needs it.
import * as real from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as lazy from '../../src/interfaces/hotpath/lazyCrypto.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('lazyCrypto', () => {
  it('makes version-4 UUIDs from /dev/urandom before node:crypto is loaded', () => {
    expect(lazy.cryptoLoaded()).toBe(false);
    const ids = Array.from({ length: 200 }, () => lazy.randomUUID());
    expect(lazy.cryptoLoaded()).toBe(false);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(200);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    expect(lazy.uuidFromBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(lazy.uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('delegates hashes, MACs, comparisons and random bytes to the real module', () => {
    expect(lazy.createHash('sha256').update('x').digest('hex')).toBe(
      real.createHash('sha256').update('x').digest('hex'),
    );
    expect(lazy.cryptoLoaded()).toBe(true);
    expect(lazy.createHmac('sha256', 'k').update('x').digest('hex')).toBe(
      real.createHmac('sha256', 'k').update('x').digest('hex'),
    );
    expect(lazy.timingSafeEqual(Buffer.from('ab'), Buffer.from('ab'))).toBe(true);
    expect(lazy.timingSafeEqual(Buffer.from('ab'), Buffer.from('ac'))).toBe(false);
    expect(() => lazy.timingSafeEqual(Buffer.from('a'), Buffer.from('ab'))).toThrow();
    expect(lazy.randomBytes(32)).toHaveLength(32);
    // Once loaded, ids come from the real generator, still version 4.
    expect(lazy.randomUUID()).toMatch(UUID_V4);
  });
});
