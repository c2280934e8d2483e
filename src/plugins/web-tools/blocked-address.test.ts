import { describe, expect, it } from "vitest";
import { blockedAddressReason } from "./blocked-address.js";

describe("blockedAddressReason", () => {
  it("lets public addresses through", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450::1"])
      expect(blockedAddressReason(address), address).toBeNull();
  });

  it("refuses each class of address that is not public, saying which", () => {
    const cases: Array<[string, RegExp]> = [
      ["127.0.0.1", /loopback/],
      ["::1", /loopback/],
      ["10.1.2.3", /private/],
      ["172.20.0.1", /private/],
      ["192.168.1.1", /private/],
      ["100.64.0.9", /carrier-grade NAT/],
      ["169.254.169.254", /cloud metadata/],
      ["fe80::1%eth0", /link-local/],
      ["fd12:3456::1", /unique local/],
      ["0.0.0.0", /unspecified/],
      ["::", /unspecified/],
      ["255.255.255.255", /broadcast/],
      ["224.0.0.1", /multicast/],
      ["ff02::1", /multicast/],
      ["198.18.0.1", /reserved/],
      ["240.0.0.1", /reserved/],
      ["2001:db8::1", /reserved/],
    ];
    for (const [address, reason] of cases)
      expect(blockedAddressReason(address), address).toMatch(reason);
  });

  it("reads IPv4 inside IPv6 as the IPv4 address it reaches", () => {
    expect(blockedAddressReason("::ffff:127.0.0.1")).toMatch(/loopback/);
    expect(blockedAddressReason("::ffff:7f00:1")).toMatch(/loopback/);
    expect(blockedAddressReason("::127.0.0.1")).toMatch(/loopback/);
    expect(blockedAddressReason("64:ff9b::a9fe:a9fe")).toMatch(/cloud metadata/);
    expect(blockedAddressReason("2002:c0a8:0101::1")).toMatch(/private/);
    expect(blockedAddressReason("::ffff:8.8.8.8")).toBeNull();
  });

  it("refuses what is no IP address", () => {
    expect(blockedAddressReason("example.com")).toBe("not an IP address");
    expect(blockedAddressReason("1.2.3")).toBe("not an IP address");
  });
});
