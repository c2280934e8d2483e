import { describe, expect, it } from "vitest";
import { createSseParser } from "./create-sse-parser.js";
import { toStreamEvent } from "./read-event-stream.js";

describe("createSseParser", () => {
  it("dispatches an event at the blank line that ends it", () => {
    const parser = createSseParser();
    expect(parser.push('event: text-delta\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push("\n")).toEqual([{ event: "text-delta", data: '{"a":1}' }]);
  });

  it("ignores comment lines such as heartbeats", () => {
    const parser = createSseParser();
    expect(parser.push(": heartbeat\n\n:ping\n\ndata: x\n\n")).toEqual([
      { event: "message", data: "x" },
    ]);
  });

  it("joins multi-line data and handles every line ending, even split across chunks", () => {
    const parser = createSseParser();
    const out = [
      ...parser.push("data: one\r"),
      ...parser.push("\ndata: two\r\n\r"),
      ...parser.push("\nevent: e\rdata:three\r\r"),
    ];
    expect(out).toEqual([
      { event: "message", data: "one\ntwo" },
      { event: "e", data: "three" },
    ]);
  });

  it("keeps an incomplete line until the rest arrives", () => {
    const parser = createSseParser();
    expect(parser.push("da")).toEqual([]);
    expect(parser.push("ta: hel")).toEqual([]);
    expect(parser.push("lo\n\n")).toEqual([{ event: "message", data: "hello" }]);
  });
});

describe("toStreamEvent", () => {
  it("validates the payload against the protocol schema", () => {
    const event = toStreamEvent({
      event: "text-delta",
      data: JSON.stringify({ type: "text-delta", turnId: "t1", text: "hi" }),
    });
    expect(event).toEqual({ type: "text-delta", turnId: "t1", text: "hi" });
  });

  it("takes the type from the event name when the payload has none", () => {
    const event = toStreamEvent({ event: "text-delta", data: '{"turnId":"t1","text":"hi"}' });
    expect(event?.type).toBe("text-delta");
  });

  it("skips unknown event types and broken JSON", () => {
    expect(toStreamEvent({ event: "x", data: '{"type":"future-event"}' })).toBeNull();
    expect(toStreamEvent({ event: "message", data: "{not json" })).toBeNull();
    expect(toStreamEvent({ event: "text-delta", data: '{"type":"text-delta"}' })).toBeNull();
  });
});
