import { describe, expect, it } from "vitest";
import { countItemRows, countTextRows, displayWidth } from "./live-rows.js";

describe("rows the live transcript takes", () => {
  it("wraps by words like the terminal, cutting a word longer than the row", () => {
    expect(countTextRows("", 10)).toBe(1);
    expect(countTextRows("a\nb\n", 10)).toBe(3);
    expect(countTextRows("aaaa bbbb cccc", 10)).toBe(2);
    expect(countTextRows("x".repeat(25), 10)).toBe(3);
    expect(countTextRows(`ab ${"x".repeat(25)}`, 10)).toBe(4);
  });

  it("counts wide characters twice", () => {
    expect(displayWidth("日本")).toBe(4);
    expect(countTextRows("日本語日本語", 10)).toBe(2);
  });

  it("counts a 200-line markdown reply as 200 rows, and a user message with its margin", () => {
    const reply = Array.from({ length: 200 }, (_, index) => `- line ${index + 1}`).join("\n");
    expect(
      countItemRows({ kind: "assistant", id: 1, turnId: "t", text: reply }, 80),
    ).toBeGreaterThanOrEqual(200);
    const user = {
      kind: "user" as const,
      id: 2,
      turnId: null,
      text: "hi",
      from: null,
      localId: 1,
      pending: true,
      failed: null,
    };
    expect(countItemRows(user, 80)).toBe(2);
  });
});
