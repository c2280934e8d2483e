// The agent sends a file through Telegram (SPEC §15, issue 28 item 6): the `message` tool with a
// path in the agent folder; the real grammY bot uploads it to the fake Bot API as multipart
// sendPhoto (a PNG) or sendDocument (a PDF), and the bytes that arrive are the file's. Paths into
// .kern/ or out of the folder and files over 50 MB are refused with a clear tool error, unsent.
import { copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  answerBackgroundCalls,
  startTestDaemon,
  type TestDaemon,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = 42;
const FIXTURES = join(import.meta.dirname, "../fixtures/media");

describe("sending a file through Telegram", () => {
  let telegram: FakeTelegram;
  let harness: TestDaemon;

  beforeEach(async () => {
    telegram = await startFakeTelegram();
    harness = await startTestDaemon({ telegram });
    answerBackgroundCalls(harness.llm, "- Ann got files.");
    telegram.userSays({ chatId: ANN, text: "hi" });
    const reply = await telegram.waitFor("sendMessage", (call) =>
      /KERN-[A-Z0-9]{4}/.test(call.text ?? ""),
    );
    await harness.client.pairingApprove(/KERN-[A-Z0-9]{4}/.exec(reply.text ?? "")?.[0] ?? "");
    mkdirSync(join(harness.agentDir, "out"), { recursive: true });
  });

  afterEach(async () => {
    await harness.close();
    await telegram.close();
  });

  /** Runs a web turn in which the model calls `message` with `args`; the tool's result. */
  async function messageTool(args: Record<string, unknown>) {
    harness.llm.replyToolCall("message", { user: "Ann", ...args });
    harness.llm.reply("done");
    const { turnId } = await harness.client.sendMessage({ text: "send it", interface: "web" });
    const events = await harness.turnEvents(turnId);
    const result = events.find((event) => event.type === "tool-result");
    if (result?.type !== "tool-result") throw new Error("the turn had no tool result");
    return result;
  }

  it("sends a PNG as a photo with the text as its caption; the bytes arrive unchanged", async () => {
    const path = join(harness.agentDir, "out", "chart.png");
    copyFileSync(join(FIXTURES, "photo.png"), path);
    const result = await messageTool({ text: "Here is the **chart**", file: "out/chart.png" });
    expect(result).toMatchObject({ isError: false, output: "sent chart.png to Ann" });
    const call = await telegram.waitFor("sendPhoto", () => true);
    expect(call.ok).toBe(true);
    expect(call.chatId).toBe(ANN);
    expect(call.file?.bytes.equals(readFileSync(path))).toBe(true);
    expect(call.file?.name).toBe("chart.png");
    expect(call.payload["caption"]).toBe("Here is the <b>chart</b>");
    expect(call.payload["parse_mode"]).toBe("HTML");
  });

  it("sends a PDF as a document, after a text too long for a caption", async () => {
    const path = join(harness.agentDir, "out", "report.pdf");
    copyFileSync(join(FIXTURES, "report.pdf"), path);
    const text = `The report. ${"All figures are checked twice. ".repeat(60)}`;
    const result = await messageTool({ text, file: "out/report.pdf" });
    expect(result).toMatchObject({ isError: false, output: "sent report.pdf to Ann" });
    const call = await telegram.waitFor("sendDocument", () => true);
    expect(call.ok).toBe(true);
    expect(call.file?.bytes.equals(readFileSync(path))).toBe(true);
    expect(call.file?.name).toBe("report.pdf");
    expect(call.payload["caption"]).toBeUndefined();
    const textCall = telegram
      .sent("sendMessage")
      .find((sent) => sent.text?.startsWith("The report."));
    expect(textCall && textCall.at <= call.at).toBe(true); // the text went first
  });

  it("refuses kern's own files, paths outside the folder and files over 50 MB, sending nothing", async () => {
    const big = join(harness.agentDir, "out", "huge.bin");
    writeFileSync(big, "");
    truncateSync(big, 51 * 1024 * 1024); // sparse: the size is checked before a byte is read
    writeFileSync(join(harness.agentDir, "..", "outside.txt"), "not the agent's");
    const refusals: Record<string, string> = {
      ".kern/config.json": "kern's own state",
      "../outside.txt": "outside the agent folder",
      "out/huge.bin": "up to 50 MB",
      "out/missing.png": "ENOENT",
    };
    for (const [file, why] of Object.entries(refusals)) {
      const result = await messageTool({ text: "here", file });
      expect(result.isError, file).toBe(true);
      expect(result.output, file).toContain(why);
    }
    await waitUntil(() => telegram.sent("sendMessage").length > 0, "the pairing reply");
    expect(telegram.sent("sendPhoto")).toEqual([]);
    expect(telegram.sent("sendDocument")).toEqual([]);
    expect(telegram.messages(ANN).some((text) => text === "here")).toBe(false);
  });
});
