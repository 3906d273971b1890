// What an IP address reaches. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64,
// 6to4, Teredo) are classified by that IPv4 address, because that is where packets go.

export type AddressClass = 'metadata' | 'loopback' | 'private' | 'linklocal' | 'reserved' | 'unspecified' | 'public';

const ip = (a: number, b: number, c: number, d: number): number => ((a * 256 + b) * 256 + c) * 256 + d;

/**
 * AWS/GCP/Azure/OpenStack, AWS ECS task, AWS EKS pod identity, Alibaba Cloud, and Azure's WireServer
 * (168.63.129.16: a public address every Azure VM reaches as its host's agent endpoint; attack pass 5).
 */
const METADATA_V4 = new Set([
  ip(169, 254, 169, 254),
  ip(169, 254, 170, 2),
  ip(169, 254, 170, 23),
  ip(100, 100, 100, 200),
  ip(168, 63, 129, 16),
]);

type Range = [number, number, AddressClass];
const cidr = (base: number, bits: number, cls: AddressClass): Range => [base, 2 ** (32 - bits), cls];

const V4_RANGES: Range[] = [
  cidr(ip(0, 0, 0, 0), 8, 'unspecified'),
  cidr(ip(127, 0, 0, 0), 8, 'loopback'),
  cidr(ip(10, 0, 0, 0), 8, 'private'),
  cidr(ip(172, 16, 0, 0), 12, 'private'),
  cidr(ip(192, 168, 0, 0), 16, 'private'),
  cidr(ip(169, 254, 0, 0), 16, 'linklocal'), // link-local: where cloud metadata lives beyond the known addresses
  cidr(ip(100, 64, 0, 0), 10, 'private'), // carrier-grade NAT
  cidr(ip(192, 0, 0, 0), 24, 'reserved'),
  cidr(ip(192, 0, 2, 0), 24, 'reserved'),
  cidr(ip(192, 88, 99, 0), 24, 'reserved'),
  cidr(ip(198, 18, 0, 0), 15, 'reserved'),
  cidr(ip(198, 51, 100, 0), 24, 'reserved'),
  cidr(ip(203, 0, 113, 0), 24, 'reserved'),
  cidr(ip(224, 0, 0, 0), 4, 'reserved'), // multicast
  cidr(ip(240, 0, 0, 0), 4, 'reserved'), // includes 255.255.255.255
];

export function classifyIPv4(value: number): AddressClass {
  if (METADATA_V4.has(value)) return 'metadata';
  for (const [base, size, cls] of V4_RANGES) if (value >= base && value < base + size) return cls;
  return 'public';
}

const v4Of = (hi: number, lo: number): number => hi * 65536 + lo;
const zeros = (g: number[], from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 address stands for, if it carries one. */
export function embeddedIPv4(g: number[]): number | undefined {
  if (zeros(g, 0, 5) && g[5] === 0xffff) return v4Of(g[6]!, g[7]!); // ::ffff:a.b.c.d mapped
  if (zeros(g, 0, 4) && g[4] === 0xffff && g[5] === 0) return v4Of(g[6]!, g[7]!); // ::ffff:0:a.b.c.d (SIIT)
  if (zeros(g, 0, 6) && !(g[6] === 0 && g[7]! <= 1)) return v4Of(g[6]!, g[7]!); // ::a.b.c.d compatible
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(g, 2, 6)) return v4Of(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return v4Of(g[1]!, g[2]!); // 6to4
  if (g[0] === 0x2001 && g[1] === 0) return v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff); // Teredo client
  return undefined;
}

export function classifyIPv6(g: number[]): AddressClass {
  if (zeros(g, 0, 8)) return 'unspecified';
  if (zeros(g, 0, 7) && g[7] === 1) return 'loopback';
  // fd00:ec2::254, the AWS Nitro metadata endpoint over IPv6.
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zeros(g, 2, 7) && g[7] === 0x254) return 'metadata';
  const v4 = embeddedIPv4(g);
  if (v4 !== undefined) return classifyIPv4(v4);
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return 'linklocal'; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'private'; // site-local fec0::/10 (deprecated, still routed locally)
  if (first === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private'; // local-use NAT64 64:ff9b:1::/48
  if ((first & 0xff00) === 0xff00) return 'reserved'; // multicast
  if (first === 0x100 && zeros(g, 1, 4)) return 'reserved'; // discard 100::/64
  return 'public';
}
