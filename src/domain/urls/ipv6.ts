// IPv6 literal parsing (RFC 4291 text forms, including an embedded dotted IPv4 tail and a zone
// id, which is dropped: `fe80::1%25eth0` is still link-local). Returns eight 16-bit groups.

function parseEmbeddedIPv4(text: string): [number, number] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^[0-9]{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  const b = parts.map(Number);
  return [b[0]! * 256 + b[1]!, b[2]! * 256 + b[3]!];
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const out: number[] = [];
  const pieces = text.split(':');
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (i === pieces.length - 1 && piece.includes('.')) {
      const tail = parseEmbeddedIPv4(piece);
      if (!tail) return undefined;
      out.push(...tail);
    } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
    else return undefined;
  }
  return out;
}

/** `text` without brackets. Undefined when it is not a valid IPv6 address. */
export function parseIPv6(text: string): number[] | undefined {
  const zone = text.indexOf('%');
  const addr = zone >= 0 ? text.slice(0, zone) : text;
  const halves = addr.split('::');
  if (halves.length > 2) return undefined;
  if (halves.length === 1) {
    const groups = parseGroups(addr);
    return groups && groups.length === 8 ? groups : undefined;
  }
  const head = parseGroups(halves[0]!);
  const tail = parseGroups(halves[1]!);
  // A tail with an embedded IPv4 may only come last; parseGroups enforces that per half.
  if (!head || !tail || halves[0]!.includes('.')) return undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

export function formatIPv6(groups: number[]): string {
  return groups.map((g) => g.toString(16)).join(':');
}
