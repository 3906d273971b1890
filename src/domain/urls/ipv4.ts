// IPv4 host parsing with the inet_aton rules that curl, browsers (WHATWG URL) and libc share:
// one to four parts, each decimal, octal (leading 0) or hex (0x), the last part filling the
// remaining bytes. `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` all mean 127.0.0.1.
// ipaddr.js parses these spellings too and is this file's oracle in the tests
// (test/domain/urls/ipDifferential.test.ts); the domain imports no packages, so the ~60 lines live here.

export type IPv4Parse = { kind: 'ipv4'; value: number } | { kind: 'invalid'; why: string } | { kind: 'not-ipv4' };

function parsePart(part: string): number | undefined {
  let text = part;
  let radix = 10;
  if (/^0x/i.test(text)) {
    text = text.slice(2);
    radix = 16;
  } else if (text.length > 1 && text.startsWith('0')) {
    text = text.slice(1);
    radix = 8;
  }
  if (text === '') return 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(text)) return undefined;
  // Values beyond 2^32 only need to be known as "too big"; parseInt keeps enough precision.
  return parseInt(text, radix);
}

/** WHATWG "ends in a number": the host is meant as an IPv4 address, valid or not. */
export function endsInNumber(host: string): boolean {
  const parts = host.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  const last = parts[parts.length - 1]!;
  return /^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/i.test(last);
}

/** Parses an already lower-cased, percent-decoded host. */
export function parseIPv4(host: string): IPv4Parse {
  if (host === '' || !endsInNumber(host)) return { kind: 'not-ipv4' };
  const parts = host.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return { kind: 'invalid', why: 'more than four parts' };
  const numbers: number[] = [];
  for (const part of parts) {
    if (part === '') return { kind: 'invalid', why: 'empty part' };
    const n = parsePart(part);
    if (n === undefined) return { kind: 'invalid', why: `'${part}' is not a number` };
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return { kind: 'invalid', why: 'a part exceeds 255' };
  if (last >= 256 ** (5 - parts.length)) return { kind: 'invalid', why: 'the last part is too large' };
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return { kind: 'ipv4', value };
}

export function formatIPv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}
