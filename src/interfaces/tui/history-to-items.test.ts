import { describe, expect, it } from "vitest";
import { CUT_OFF, historyToItems } from "./history-to-items.js";

const TS = "2026-01-01T00:00:00.000Z";

describe("historyToItems", () => {
  it("marks a reply cut off mid-stream (meta.partial) and leaves whole replies as they are", () => {
    const items = historyToItems([
      { seq: 0, ts: TS, role: "user", content: "hi", meta: { turnId: "t1" } },
      {
        seq: 1,
        ts: TS,
        role: "assistant",
        content: "Half a",
        meta: { turnId: "t1", partial: true },
      },
      { seq: 2, ts: TS, role: "assistant", content: "Whole.", meta: { turnId: "t2" } },
    ]);
    const texts = items.flatMap((item) => (item.kind === "assistant" ? [item.text] : []));
    expect(texts).toEqual([`Half a ${CUT_OFF}`, "Whole."]);
  });
});
