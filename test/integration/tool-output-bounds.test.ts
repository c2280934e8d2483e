// Issue 33 item 8 in the assembled daemon: a long tool result is kept as its head and tail (the
// log, the event stream, the index and the model's next request), the whole of it in a private
// file under .kern/tool-output/ that the entry names; a `read` of a large file returns a bounded
// part and says how to read on.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  readSessionLines,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
} from "../support/test-daemon.js";

const KEEP = 4_096;

function toolEntries(harness: TestDaemon): Array<Record<string, unknown>> {
  const file = readdirSync(join(harness.agentDir, ".kern", "sessions")).find((name) =>
    name.endsWith(".jsonl"),
  );
  return readSessionLines(harness.agentDir, file ?? "").filter((line) => line["role"] === "tool");
}

describe("long tool output (issue 33 item 8)", () => {
  let harness: TestDaemon;
  afterEach(async () => harness?.close());

  it("keeps head and tail everywhere and the whole output in a 0600 file the entry names", async () => {
    harness = await startTestDaemon({ config: { toolOutputKeepBytes: KEEP } });
    // 3 MB: HEADWORD at the start, MIDDLEXWORD in the middle only (made by printf, so the command does not hold it), TAILWORD at the end.
    const command =
      "echo HEADWORD; head -c 1500000 /dev/zero | tr '\\0' a; echo; printf 'MIDDLE%sWORD\\n' X; head -c 1500000 /dev/zero | tr '\\0' b; echo; echo TAILWORD";
    harness.llm.replyToolCall("bash", { command });
    harness.llm.reply("done");
    const { turnId } = await harness.client.sendMessage({ text: "make a lot of output" });
    const events = await harness.turnEvents(turnId);
    const result = events.find((event) => event.type === "tool-result");
    expect(result?.type === "tool-result" && result.output.length).toBeLessThan(KEEP * 2 + 600);
    const [entry] = toolEntries(harness);
    const content = String(entry?.["content"]);
    expect(content.length).toBeLessThan(KEEP * 2 + 600);
    expect(content).toContain("HEADWORD");
    expect(content).toContain("TAILWORD");
    expect(content).not.toContain("MIDDLEXWORD");
    const meta = entry?.["meta"] as { toolOutput?: { bytes: number; file?: string } };
    expect(meta.toolOutput?.bytes).toBeGreaterThan(3_000_000);
    const file = join(harness.agentDir, ".kern", meta.toolOutput?.file ?? "missing");
    expect(content).toContain(`.kern/${meta.toolOutput?.file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(harness.agentDir, ".kern", "tool-output")).mode & 0o777).toBe(0o700);
    const whole = readFileSync(file, "utf8");
    expect(whole).toContain("MIDDLEXWORD");
    expect(Buffer.byteLength(whole)).toBe(meta.toolOutput?.bytes);
    // The model's next request carries the bounded form, with the note.
    const followUp = turnRequests(harness.llm).at(-1);
    const toolMessage = followUp?.messages.find((message) => message.role === "tool");
    expect(String(toolMessage?.content)).toContain("kern cut");
    expect(String(toolMessage?.content)).not.toContain("MIDDLEXWORD");
    // The index holds the bounded form only.
    expect((await harness.client.recall("HEADWORD")).results.length).toBeGreaterThan(0);
    expect((await harness.client.recall("MIDDLEXWORD")).results).toEqual([]);
  }, 60_000);

  it("reads a 100 MB file a bounded part at a time and says how to go on", async () => {
    harness = await startTestDaemon({ config: { readMaxBytes: 65_536 } });
    const big = join(harness.agentDir, "big.txt");
    writeFileSync(big, `${"line of text\n".repeat(8_000_000)}the end\n`);
    harness.llm.replyToolCall("read", { path: "big.txt" });
    harness.llm.replyToolCall("read", { path: "big.txt", offset: 65_525, limit: 26 });
    harness.llm.replyToolCall("read", { path: "big.txt", startLine: 8_000_001 });
    harness.llm.reply("read it");
    const { turnId } = await harness.client.sendMessage({ text: "read the big file" });
    const events = await harness.turnEvents(turnId);
    const outputs = events.flatMap((event) => (event.type === "tool-result" ? [event.output] : []));
    expect(outputs).toHaveLength(3);
    const [first = "", second = "", last = ""] = outputs;
    expect(first.length).toBeLessThan(65_536 + 200);
    expect(first).toContain("showed bytes 0-65536 of 104000008; call read with offset=65536");
    expect(second.startsWith("of text\nline of text\nline \n[…")).toBe(true);
    expect(second).toContain("offset=65551");
    expect(last).toBe("the end");
    expect(toolEntries(harness).every((entry) => String(entry["content"]).length < 70_000)).toBe(
      true,
    );
  }, 60_000);
});
