// Which IP addresses webfetch may not reach unless the operator allows private networks: loopback,
// private (RFC 1918, CGNAT, IPv6 unique local), link-local (which holds the cloud metadata service,
// 169.254.169.254), unspecified, multicast and reserved ranges, and IPv4 inside IPv6. Pure.
import { isIP } from "node:net";

/** [first address, prefix length, what it is] */
const IPV4_BLOCKS: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved (benchmarking)"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function ipv4ToNumber(address: string): number {
  return address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0);
}

function ipv4Block(address: string): string | null {
  const value = ipv4ToNumber(address);
  for (const [first, prefix, what] of IPV4_BLOCKS) {
    const size = 2 ** (32 - prefix);
    const start = ipv4ToNumber(first);
    if (value >= start && value < start + size) return what;
  }
  return null;
}

/** The 8 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const value = ipv4ToNumber(dotted[1]);
    text = text.replace(
      dotted[1],
      `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`,
    );
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [
    ...headGroups,
    ...Array(tail === undefined ? 0 : missing).fill("0"),
    ...tailGroups,
  ];
  return groups.map((group) => Number.parseInt(group || "0", 16));
}

function ipv6Block(address: string): string | null {
  const groups = ipv6Groups(address);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const zeroHead = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
  if (zeroHead && f === 0 && g === 0 && h === 0) return "unspecified";
  if (zeroHead && f === 0 && g === 0 && h === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) reach the IPv4 address.
  if (zeroHead && (f === 0xffff || f === 0)) {
    return ipv4Block(`${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`);
  }
  if (a === 0x64 && b === 0xff9b) return ipv4Block(`${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`);
  if ((a & 0xfe00) === 0xfc00) return "private (unique local)";
  if ((a & 0xffc0) === 0xfe80) return "link-local";
  if ((a & 0xffc0) === 0xfec0) return "private (site-local)";
  if ((a & 0xff00) === 0xff00) return "multicast";
  if (a === 0x2001 && b === 0xdb8) return "reserved (documentation)";
  return null;
}

/** Why `address` is off limits ("loopback", "private", ...), or null for a public address. */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address.split("%")[0] ?? "");
  if (family === 4) return ipv4Block(address);
  if (family === 6) return ipv6Block(address);
  return "not an IP address";
}
