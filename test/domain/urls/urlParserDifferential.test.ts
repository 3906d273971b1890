// The host we judge must be the host a real client connects to. Random URLs assembled from
// parser-confusion pieces (backslashes, several `@`, missing slashes, fragments) are fed to both
// parseUrl and Node's WHATWG URL; the host URL picks must be classified at least as strictly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { classifyHost } from '../../../src/domain/urls/classifyHost.js';
import { judgeUrls } from '../../../src/domain/urls/judgeUrls.js';
import { parseUrl } from '../../../src/domain/urls/parseUrl.js';
import { DECISIONS } from '../../../src/domain/verdict.js';

const hosts = [
  'example.com',
  '169.254.169.254',
  '2852039166',
  '0x7f.1',
  '127.1',
  '[::1]',
  '[::ffff:a9fe:a9fe]',
  'LOCALHOST.',
  '%31%30.0.0.1',
  'good.com',
  '10.1',
  'metadata.google.internal',
];
/** Default-ignorable code points: IDNA drops the first ones, refuses the host for the last ones. */
const ignorables = [
  '\u00ad',
  '\u200b',
  '\u2060',
  '\ufeff',
  '\ufe0f',
  '\u034f',
  '\u180b',
  '\u{e0100}',
  '%C2%AD',
  '%E2%80%8B',
  '\u200d',
  '\u200e',
];
/** A host from the list, sometimes with ignorable code points slipped in anywhere. */
const host = fc.oneof(
  fc.constantFrom(...hosts),
  fc
    .tuple(
      fc.constantFrom(...hosts),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...ignorables)), { minLength: 1, maxLength: 3 }),
    )
    .map(([h, inserts]) =>
      inserts.reduce((text, [at, ch]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + ch + text.slice(i);
      }, h),
    ),
);
const url = fc
  .record({
    scheme: fc.constantFrom('http', 'https', 'HTTP', 'hTtPs'),
    slashes: fc.constantFrom('//', '/', '', '\\\\', '/\\', '///'),
    userinfo: fc.constantFrom('', 'a@', 'a:b@', 'good.com@', 'a@b@', 'x:y@good.com@'),
    host,
    port: fc.constantFrom('', ':80', ':8080', ':'),
    tail: fc.constantFrom('', '/', '/x', '\\x', '?q=1', '#f', '#@good.com', '?@good.com', '/@good.com', '\\@good.com'),
  })
  .map((p) => `${p.scheme}:${p.slashes}${p.userinfo}${p.host}${p.port}${p.tail}`);

describe('parseUrl against WHATWG URL', () => {
  it('the primary host canonicalises to exactly the host URL connects to', () => {
    fc.assert(
      fc.property(url, (text) => {
        let oracle: string;
        try {
          oracle = new URL(text).hostname;
        } catch {
          return; // URL refuses it; curl would too, or we flag it malformed
        }
        const parsed = parseUrl(text)!;
        const mine = classifyHost(parsed.host!);
        expect(mine.ok, text).toBe(true);
        if (!mine.ok) return;
        const strip = (h: string): string => h.replace(/\.$/, '');
        if (oracle.startsWith('[')) expect(mine.canonical).toMatch(/^\[/);
        else expect(mine.canonical, text).toBe(strip(oracle));
      }),
      { numRuns: 5_000 },
    );
  });

  it('a URL whose real host is internal is never allowed, whatever the decoration', () => {
    fc.assert(
      fc.property(url, (text) => {
        let oracle: string;
        try {
          oracle = new URL(text).hostname;
        } catch {
          return;
        }
        const real = classifyHost(oracle.replace(/\.$/, ''));
        fc.pre(real.ok && real.cls !== 'public');
        const v = judgeUrls([text], defaultConfig());
        // Loopback, private and unspecified hosts ask (a plain read needs the client's options,
        // which a bare URL does not have); metadata, link-local and reserved ones are refused.
        const floor = ['loopback', 'private', 'unspecified'].includes(real.cls) ? 'ask' : 'block';
        expect(DECISIONS.indexOf(v.decision), `${text} -> ${oracle}`).toBeGreaterThanOrEqual(DECISIONS.indexOf(floor));
      }),
      { numRuns: 5_000 },
    );
  });
});
