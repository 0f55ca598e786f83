// Which IP addresses a fetch may reach without the user's say-so: public unicast only. Loopback, private,
// link-local, carrier-grade NAT, multicast, documentation and reserved ranges are "private" (no SSRF into the
// user's machine or network). IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are judged by it.

export type AddressClass = 'public' | 'private' | 'invalid';

/** [first octet(s) as a number, prefix length] for IPv4 ranges that are not public. */
const IPV4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
];

const IPV4_RANGES = IPV4_BLOCKED.map(([base, bits]) => ({ base: ipv4ToNumber(base)!, mask: bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0 }));

export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = ipv4ToNumber(bare);
  if (v4 !== undefined) return classifyIpv4(v4);
  const v6 = parseIpv6(bare);
  if (v6 === undefined) return 'invalid';
  return classifyIpv6(v6);
}

/** 127.0.0.0/8 and ::1 (also as IPv4-mapped `::ffff:127.x.y.z`): the local machine itself, not its network. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = ipv4ToNumber(bare);
  if (v4 !== undefined) return v4 >>> 24 === 127;
  const v6 = parseIpv6(bare);
  if (v6 === undefined) return false;
  if (v6.slice(0, 7).every((x) => x === 0) && v6[7] === 1) return true;
  return v6.slice(0, 5).every((x) => x === 0) && v6[5] === 0xffff && v6[6]! >>> 8 === 127;
}

export function isIpLiteral(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipv4ToNumber(bare) !== undefined || parseIpv6(bare) !== undefined;
}

function classifyIpv4(value: number): AddressClass {
  for (const range of IPV4_RANGES) if (((value & range.mask) >>> 0) === range.base) return 'private';
  return 'public';
}

function classifyIpv6(h: readonly number[]): AddressClass {
  const embedded = (hi: number, lo: number) => classifyIpv4(((h[hi]! << 16) | h[lo]!) >>> 0);
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'private'; // ::
  if (zeros(0, 7) && h[7] === 1) return 'private'; // ::1
  if (zeros(0, 5) && h[5] === 0xffff) return embedded(6, 7); // ::ffff:a.b.c.d
  if (zeros(0, 6)) return embedded(6, 7); // ::a.b.c.d (deprecated IPv4-compatible)
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return embedded(6, 7); // NAT64
  if (h[0] === 0x2002) return embedded(1, 2); // 6to4
  const first = h[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return 'private'; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'private'; // site-local fec0::/10
  if ((first & 0xff00) === 0xff00) return 'private'; // multicast
  if (first === 0x2001 && h[1] === 0x0db8) return 'private'; // documentation
  if (first === 0x0100 && zeros(1, 4)) return 'private'; // discard 100::/64
  if (first === 0x2001 && h[1]! < 0x0200) return 'private'; // 2001::/23 IETF protocol assignments (Teredo, ORCHID...)
  return 'public';
}

function ipv4ToNumber(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    value = value * 256 + n;
  }
  return value >>> 0;
}

/** Eight 16-bit groups, or undefined when `text` is not an IPv6 address. A zone (`%eth0`) is ignored. */
function parseIpv6(text: string): number[] | undefined {
  let body = text.split('%')[0]!.toLowerCase();
  if (!body.includes(':')) return undefined;
  const lastColon = body.lastIndexOf(':');
  const last = body.slice(lastColon + 1);
  if (last.includes('.')) {
    // A dotted IPv4 tail (`::ffff:127.0.0.1`) is two groups.
    const v4 = ipv4ToNumber(last);
    if (v4 === undefined) return undefined;
    body = `${body.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const explicit = head.length + rest.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return undefined;
  const parse = (g: string) => parseInt(g, 16);
  return [...head.map(parse), ...new Array<number>(8 - explicit).fill(0), ...rest.map(parse)];
}
