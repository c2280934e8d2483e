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

  it("shows a message's files as one line each, the transcript and the caption, not the stored text", () => {
    const stored = [
      "[image photo.png]",
      "(image description: a terminal with an error)",
      "[voice 0:42]",
      "The keys arrive on Thursday.",
      "[document report.pdf, 12 pages]",
      "Quarterly report … six thousand characters of it",
      "what is this?",
    ].join("\n");
    const file = (id: string, ext: string) => `.kern/media/${id}.${ext}`;
    const items = historyToItems([
      {
        seq: 0,
        ts: TS,
        role: "user",
        content: stored,
        meta: {
          turnId: "t1",
          interface: "telegram",
          name: "Ann",
          caption: "what is this?",
          attachments: [
            {
              id: "a1",
              kind: "image",
              mediaType: "image/png",
              name: "photo.png",
              file: file("a1", "png"),
              bytes: 122_880,
            },
            {
              id: "a2",
              kind: "voice",
              mediaType: "audio/ogg",
              name: "voice.ogg",
              file: file("a2", "ogg"),
              bytes: 18_000,
              durationSeconds: 42,
              transcript: "The keys arrive on Thursday.",
            },
            {
              id: "a3",
              kind: "document",
              mediaType: "application/pdf",
              name: "report.pdf",
              file: file("a3", "pdf"),
              bytes: 3_300_000,
              pages: 12,
            },
          ],
        },
      },
      {
        seq: 1,
        ts: TS,
        role: "user",
        content: "[image old.png]\nno caption kept",
        meta: { turnId: "t2" },
      },
    ]);
    const texts = items.flatMap((item) => (item.kind === "user" ? [item.text] : []));
    expect(texts[0]?.split("\n")).toEqual([
      "[image photo.png 120 KB]",
      "[voice 0:42 18 KB]",
      "The keys arrive on Thursday.",
      "[document report.pdf 12 pages 3.1 MB]",
      "what is this?",
    ]);
    expect(texts[1]).toBe("[image old.png]\nno caption kept"); // a message from before captions were kept
  });
});
