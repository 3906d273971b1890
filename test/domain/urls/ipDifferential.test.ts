// Differential tests: the pure-domain IP parsing and classification against two independent
// oracles, Node's WHATWG URL (host canonicalisation as browsers and curl do it) and ipaddr.js
// (range classification). The oracles are used here only: the domain may not import packages.
import ipaddr from 'ipaddr.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyIPv4, classifyIPv6 } from '../../../src/domain/urls/classifyAddress.js';
import { classifyHost } from '../../../src/domain/urls/classifyHost.js';
import { formatIPv4, parseIPv4 } from '../../../src/domain/urls/ipv4.js';
import { parseIPv6 } from '../../../src/domain/urls/ipv6.js';

const RUNS = 5_000;

/** One inet_aton part in a random radix and letter case, with random leading zeros. */
function spell(value: number, radix: 'dec' | 'oct' | 'hex', zeros: number, upper: boolean): string {
  if (radix === 'dec') return String(value);
  if (radix === 'oct') return '0'.repeat(1 + zeros) + value.toString(8);
  const hex = '0'.repeat(zeros) + value.toString(16);
  return (upper ? '0X' : '0x') + (upper ? hex.toUpperCase() : hex);
}

/** A random numeric spelling of a random IPv4 address, with one to four parts. */
const numericSpelling = fc
  .record({
    value: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    parts: fc.integer({ min: 1, max: 4 }),
    radixes: fc.array(fc.constantFrom('dec', 'oct', 'hex') as fc.Arbitrary<'dec' | 'oct' | 'hex'>, {
      minLength: 4,
      maxLength: 4,
    }),
    zeros: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
    upper: fc.boolean(),
    trailingDot: fc.boolean(),
  })
  .map(({ value, parts, radixes, zeros, upper, trailingDot }) => {
    const bytes = [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256);
    const lead = bytes.slice(0, parts - 1);
    const rest = bytes.slice(parts - 1).reduce((acc, b) => acc * 256 + b, 0);
    const text = [...lead, rest].map((n, i) => spell(n, radixes[i]!, zeros[i]!, upper)).join('.');
    return { value, text: trailingDot ? `${text}.` : text };
  });

/**
 * Default-ignorable code points: the first row are "ignored" by IDNA (URL drops them), the second
 * are disallowed (URL refuses the host) or deviations.
 */
const IGNORABLES = [
  '\u00ad',
  '\u034f',
  '\u180b',
  '\u180f',
  '\u200b',
  '\u2060',
  '\u2064',
  '\ufe00',
  '\ufe0f',
  '\ufeff',
  '\u{1bca0}',
  '\u{e0100}',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2061',
  '\u3164',
  '\u{e0001}',
];

function oracleHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

describe('IPv4 spellings against WHATWG URL', () => {
  it('every random numeric spelling parses to the address it encodes, as URL does', () => {
    fc.assert(
      fc.property(numericSpelling, ({ value, text }) => {
        const mine = parseIPv4(text.toLowerCase());
        expect(mine).toEqual({ kind: 'ipv4', value });
        expect(oracleHost(text)).toBe(formatIPv4(value));
      }),
      { numRuns: RUNS },
    );
  });

  it('random numeric-looking junk: valid for us exactly when valid for URL, with the same address', () => {
    const junk = fc
      .array(fc.stringMatching(/^(0[xX])?[0-9a-fA-F]{0,11}$/), { minLength: 1, maxLength: 6 })
      .map((p) => p.join('.'));
    fc.assert(
      fc.property(junk, (host) => {
        const lower = host.toLowerCase();
        const mine = parseIPv4(lower);
        const oracle = oracleHost(host);
        if (mine.kind === 'ipv4') expect(oracle).toBe(formatIPv4(mine.value));
        if (mine.kind === 'invalid') expect(oracle).toBeUndefined();
        if (mine.kind === 'not-ipv4' && oracle !== undefined) expect(oracle).not.toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      }),
      { numRuns: RUNS },
    );
  });

  it('numeric spellings and internal names with IDNA-ignored code points inserted: classifyHost agrees with URL', () => {
    const withIgnorables = fc
      .record({
        host: fc.oneof(
          numericSpelling.map((n) => n.text),
          fc.constantFrom('localhost', 'LOCALHOST.', 'metadata.google.internal', '169.254.169.254.nip.io'),
        ),
        inserts: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...IGNORABLES), fc.boolean()), {
          minLength: 1,
          maxLength: 4,
        }),
      })
      .map(({ host, inserts }) => {
        let text = host;
        for (const [at, ch, encode] of inserts) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + (encode ? encodeURIComponent(ch) : ch) + text.slice(i);
        }
        return text;
      });
    fc.assert(
      fc.property(withIgnorables, (host) => {
        const oracle = oracleHost(host);
        const mine = classifyHost(host);
        if (oracle === undefined) return; // URL refuses it (a disallowed code point): nothing connects
        expect(mine.ok && mine.canonical, JSON.stringify(host)).toBe(oracle.replace(/\.$/, ''));
      }),
      { numRuns: RUNS },
    );
  });

  it('IDNA-ignored code points are dropped, as URL drops them', () => {
    for (const ch of IGNORABLES) {
      for (const host of [`169.254.169.25${ch}4`, `local${ch}host`, `${ch}127.0.0.1`, `10.0.0.1${ch}`]) {
        const oracle = oracleHost(host);
        const mine = classifyHost(host);
        if (oracle !== undefined) expect(mine.ok && mine.canonical, JSON.stringify(host)).toBe(oracle);
        // Disallowed ones (bidi marks, joiners) make URL refuse the host; we judge the rest.
        expect(mine.ok && mine.cls, JSON.stringify(host)).not.toBe('public');
      }
    }
  });

  it('classifyHost canonicalises like URL for full-width, percent-encoded and upper-case hosts', () => {
    for (const host of [
      '１２７．０．０．１',
      '%31%32%37.0.0.1',
      '0X7F.1',
      'LOCALHOST.',
      '169。254。169。254',
      '0xA9FEA9FE',
    ]) {
      const mine = classifyHost(host);
      const oracle = oracleHost(host)!.replace(/\.$/, '');
      expect(mine.ok && mine.canonical).toBe(oracle);
    }
  });
});

/** ipaddr.js range names mapped onto shimctl's classes (metadata aside). */
const V4_MAP: Record<string, string> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'linklocal',
  carrierGradeNat: 'private',
  broadcast: 'reserved',
  multicast: 'reserved',
  reserved: 'reserved',
  unicast: 'public',
  as112: 'public',
  amt: 'public',
};
const METADATA = new Set(['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200']);

describe('IPv4 classification against ipaddr.js', () => {
  // Addresses are drawn near range edges too, where off-by-one mistakes live.
  const edges = [
    0, 0x0a000000, 0x7f000000, 0x64400000, 0xa9fe0000, 0xac100000, 0xc0a80000, 0xc0000000, 0xc6120000, 0xe0000000,
    0xf0000000,
  ];
  const address = fc.oneof(
    fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    fc
      .tuple(fc.constantFrom(...edges), fc.integer({ min: -300, max: 300 }), fc.integer({ min: 0, max: 24 }))
      .map(([e, d, shift]) => Math.min(2 ** 32 - 1, Math.max(0, e + d * 2 ** shift))),
  );
  it('agrees on every range', () => {
    fc.assert(
      fc.property(address, (value) => {
        const text = formatIPv4(value);
        const expected = METADATA.has(text) ? 'metadata' : V4_MAP[ipaddr.IPv4.parse(text).range()];
        expect(classifyIPv4(value), text).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('IPv6 parsing against ipaddr.js and URL', () => {
  const groups = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), {
    minLength: 8,
    maxLength: 8,
  });
  it('any text form ipaddr.js writes (compressed, full, with embedded IPv4) parses back to the same groups', () => {
    fc.assert(
      fc.property(groups, fc.integer({ min: 0, max: 3 }), (g, form) => {
        const addr = new ipaddr.IPv6(g);
        // toFixedLengthString exists at run time but is missing from ipaddr.js's type declarations.
        const fixed = (addr as unknown as { toFixedLengthString(): string }).toFixedLengthString();
        const text = [
          addr.toString(),
          addr.toNormalizedString(),
          fixed,
          `${addr.toNormalizedString().split(':').slice(0, 6).join(':')}:${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`,
        ][form]!;
        expect(parseIPv6(text)).toEqual(g);
        expect(parseIPv6(text.toUpperCase().toLowerCase())).toEqual(ipaddr.IPv6.parse(text).parts);
        // URL's canonical host parses to the same groups too.
        expect(parseIPv6(new URL(`http://[${text}]/`).hostname.slice(1, -1))).toEqual(g);
      }),
      { numRuns: RUNS },
    );
  });
  it('rejects what URL rejects', () => {
    const junk = fc
      .array(fc.stringMatching(/^[0-9a-f]{0,5}$/), { minLength: 1, maxLength: 10 })
      .map((p) => p.join(':'));
    fc.assert(
      fc.property(junk, (text) => {
        let oracle = true;
        try {
          new URL(`http://[${text}]/`);
        } catch {
          oracle = false;
        }
        expect(parseIPv6(text) !== undefined, text).toBe(oracle);
      }),
      { numRuns: RUNS },
    );
  });
  it('classifies like ipaddr.js, following embedded IPv4 addresses', () => {
    const near = fc.constantFrom(0, 0xfe80, 0xfc00, 0xfd00, 0xfec0, 0xff00, 0x2002, 0x2001, 0x64, 0x2606);
    const v6 = fc.tuple(near, groups).map(([first, g]) => [first === 0x2606 ? g[0]! : first, ...g.slice(1)]);
    const compatible = fc
      .integer({ min: 0, max: 2 ** 32 - 1 })
      .map((v) => [0, 0, 0, 0, 0, 0, Math.floor(v / 65536), v % 65536]);
    const mapped = fc
      .integer({ min: 0, max: 2 ** 32 - 1 })
      .map((v) => [0, 0, 0, 0, 0, 0xffff, Math.floor(v / 65536), v % 65536]);
    fc.assert(
      fc.property(fc.oneof(v6, mapped, compatible), (g) => {
        const addr = new ipaddr.IPv6(g);
        const range: string = addr.range();
        const mine = classifyIPv6(g);
        if (range === 'ipv4Mapped') {
          const v4 = addr.toIPv4Address().toString();
          expect(mine).toBe(METADATA.has(v4) ? 'metadata' : V4_MAP[ipaddr.IPv4.parse(v4).range()]);
        } else if (range === 'linkLocal') {
          expect(mine === 'linklocal' || mine === 'metadata').toBe(true);
        } else if (range === 'uniqueLocal' || range === 'deprecatedSiteLocal') {
          expect(mine === 'private' || mine === 'metadata').toBe(true);
        } else if (range === 'multicast' || range === 'discard') {
          expect(mine).toBe('reserved');
        } else if (range === 'loopback' || range === 'unspecified') {
          expect(mine).toBe(range);
        } else if (range === 'unicast' && g.slice(0, 6).every((x) => x === 0)) {
          // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js calls it unicast, we judge the IPv4 inside.
          const v4 = `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
          expect(mine).toBe(METADATA.has(v4) ? 'metadata' : V4_MAP[ipaddr.IPv4.parse(v4).range()]);
        } else if (range === 'unicast') {
          expect(mine).toBe('public');
        } else {
          // NAT64, 6to4, Teredo, SIIT: ipaddr.js only names the range; we follow the IPv4 inside.
          expect(['metadata', 'loopback', 'private', 'linklocal', 'reserved', 'unspecified', 'public']).toContain(mine);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
