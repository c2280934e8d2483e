import { describe, expect, it } from "vitest";
import { createOutput } from "./output.js";

describe("the CLI's error line", () => {
  it("has one prefix, also for a message that carries its own", () => {
    let text = "";
    const sink = { write: (chunk: string) => (text += chunk) };
    const output = createOutput(sink, sink);
    output.error("no job named x");
    output.error("error: the daemon refused it");
    output.error("kern: error: nested");
    expect(text.split("\n")).toEqual([
      "kern: no job named x",
      "kern: the daemon refused it",
      "kern: nested",
      "",
    ]);
  });
});
