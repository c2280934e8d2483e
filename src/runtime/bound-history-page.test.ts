import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../kernel/index.js";
import { boundHistoryPage, MESSAGE_CHARS, PAGE_CHARS } from "./bound-history-page.js";

const message = (seq: number, chars: number): SessionMessage => ({
  seq,
  ts: "2026-01-01T00:00:00.000Z",
  role: "tool",
  content: `${seq}:`.padEnd(chars, "x"),
  toolCallId: `call-${seq}`,
});

describe("boundHistoryPage (issue 33 item 8)", () => {
  it("keeps a page of large tool results (one of 20 MB) within its byte bound, newest first", () => {
    const messages = Array.from({ length: 60 }, (_, seq) =>
      message(seq, seq === 59 ? 20_000_000 : 1_000_000),
    );
    const page = boundHistoryPage({ session: "s", messages, hasMore: false });
    const bytes = JSON.stringify(page).length;
    expect(bytes).toBeLessThan(PAGE_CHARS + MESSAGE_CHARS * 2);
    expect(page.hasMore).toBe(true);
    expect(page.messages.at(-1)?.seq).toBe(59);
    expect(page.messages[0]?.content).toContain("characters not shown here");
    expect(page.messages[0]?.content?.startsWith(`${page.messages[0]?.seq}:`)).toBe(true);
  });

  it("returns small pages unchanged", () => {
    const messages = Array.from({ length: 50 }, (_, seq) => message(seq, 100));
    expect(boundHistoryPage({ session: "s", messages, hasMore: false })).toEqual({
      session: "s",
      messages,
      hasMore: false,
    });
  });
});
