import { describe, expect, it } from "vitest";
import { boundToolOutput } from "./bound-tool-output.js";

const WHERE = "The whole output is kept in .kern/tool-output/s/t-c.txt.";

describe("boundToolOutput", () => {
  it("returns output within twice keepBytes unchanged", () => {
    const output = "x".repeat(2_048);
    expect(boundToolOutput(output, 1_024, WHERE)).toEqual({
      text: output,
      bytes: 2_048,
      cut: false,
    });
  });

  it("keeps the first and last keepBytes of a 20 MB output and says how much was cut and where", () => {
    const output = `HEAD${"m".repeat(20_000_000)}TAIL`;
    const bounded = boundToolOutput(output, 8_192, WHERE);
    expect(bounded.cut).toBe(true);
    expect(bounded.bytes).toBe(20_000_008);
    expect(bounded.text.startsWith("HEAD")).toBe(true);
    expect(bounded.text.endsWith("TAIL")).toBe(true);
    expect(Buffer.byteLength(bounded.text)).toBeLessThan(8_192 * 2 + 400);
    expect(bounded.text).toContain("cut 19,983,624 of 20,000,008 bytes");
    expect(bounded.text).toContain(WHERE);
  });

  it("never splits a multi-byte character or a surrogate pair at either cut", () => {
    const output = "€😀".repeat(50_000); // 3 + 4 bytes each
    const bounded = boundToolOutput(output, 1_000, WHERE);
    expect(bounded.text).not.toContain("\uFFFD");
    const [head = "", tail = ""] = bounded.text.split(/\n\[…[^\]]*\]\n/);
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(1_000);
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(1_000);
    expect(Buffer.byteLength(head)).toBeGreaterThan(990);
    expect(output.startsWith(head)).toBe(true);
    expect(output.endsWith(tail)).toBe(true);
    expect(/^[\uDC00-\uDFFF]/.test(tail)).toBe(false);
    expect(/[\uD800-\uDBFF]$/.test(head)).toBe(false);
  });
});
