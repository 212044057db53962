// Which IP addresses an outbound webhook may reach: only public unicast ones. Loopback, private
// (RFC 1918, unique local), link-local, CGNAT, unspecified, multicast, reserved and documentation
// ranges are refused, in IPv4, IPv6 and IPv4-mapped/compatible IPv6 forms (SSRF protection).
import { isIP } from 'node:net';

/** [first address as a 32-bit number, prefix length] */
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(a: string): number {
  return a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Blocked(address: string): boolean {
  const n = v4ToInt(address);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return n >= start && n < start + size;
  });
}

/** The 8 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
function v6Groups(address: string): number[] | null {
  let a = address.toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (tail) {
    const n = v4ToInt(tail[1]!);
    a = `${a.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest ? rest.split(':') : [];
  const fill = a.includes('::') ? 8 - h.length - r.length : 0;
  const groups = [...h, ...Array(fill).fill('0'), ...r].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function v6Blocked(address: string): boolean {
  const g = v6Groups(address);
  if (!g) return true;
  const [g0, , , , g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return true; // ::
  if (zeroTo(7) && g7 === 1) return true; // ::1
  const embedded = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  if (zeroTo(5) && g5 === 0xffff) return v4Blocked(embedded); // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4Blocked(embedded); // ::ffff:0:a.b.c.d (IPv4-translated)
  if (zeroTo(6)) return v4Blocked(embedded); // ::a.b.c.d (IPv4-compatible, deprecated)
  if (g0 === 0x64 && g[1] === 0xff9b) return v4Blocked(embedded); // 64:ff9b::/96 NAT64
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (g0 === 0x2002) return v4Blocked(`${g[1]! >> 8}.${g[1]! & 0xff}.${g[2]! >> 8}.${g[2]! & 0xff}`); // 6to4 wraps an IPv4
  if (g0 === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true; // 100::/64 discard
  return false;
}

/** True when an outbound request must not go to this address (anything not public unicast, or not an IP at all). */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const kind = isIP(bare.split('%')[0]!);
  if (kind === 4) return v4Blocked(bare);
  if (kind === 6) return v6Blocked(bare);
  return true;
}
