// Which IP addresses webfetch may not reach unless the operator allows private networks: every
// address ipaddr.js does not class as public unicast — loopback, private (RFC 1918, CGNAT, IPv6
// unique local), link-local (which holds the cloud metadata service, 169.254.169.254),
// unspecified, broadcast, multicast, reserved, benchmarking and documentation ranges — and IPv4
// inside IPv6 (mapped, compatible, NAT64, 6to4) by the IPv4 address it reaches. The check runs
// at connect time on the resolved address too (guarded-fetch.ts). Pure.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** ipaddr.js's range names, in words a refusal can show. */
const REASONS: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local (cloud metadata)",
  loopback: "loopback",
  carrierGradeNat: "private (carrier-grade NAT)",
  private: "private",
  uniqueLocal: "private (unique local)",
  deprecatedSiteLocal: "private (site-local)",
  benchmarking: "reserved (benchmarking)",
  reserved: "reserved",
};

/** The IPv4 address an IPv6 one reaches, for the forms that embed one. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const parts = address.parts;
  const tail = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeroHead = parts.slice(0, 6).every((part) => part === 0);
  // ::a.b.c.d (compatible; :: and ::1 are IPv6's own) and 64:ff9b::/96 (NAT64, rfc6052).
  if (zeroHead && (parts[6] !== 0 || (parts[7] ?? 0) > 1))
    return tail(parts[6] ?? 0, parts[7] ?? 0);
  if (address.range() === "rfc6052") return tail(parts[6] ?? 0, parts[7] ?? 0);
  if (address.range() === "6to4") return tail(parts[1] ?? 0, parts[2] ?? 0); // 2002:AABB:CCDD::
  return null;
}

/** Why `address` is off limits ("loopback", "private", ...), or null for a public address. */
export function blockedAddressReason(address: string): string | null {
  const text = address.split("%")[0] ?? "";
  // node:net is strict (ipaddr.js would read "1.2.3" as classful 1.2.0.3).
  if (isIP(text) === 0) return "not an IP address";
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6") parsed = embeddedIpv4(parsed as ipaddr.IPv6) ?? parsed;
  const range = parsed.range();
  if (range === "unicast") return null;
  return REASONS[range] ?? `reserved (${range})`;
}
