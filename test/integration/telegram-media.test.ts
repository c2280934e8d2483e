// Photos, voice notes and documents through Telegram into the real daemon (SPEC §15, issue 28):
// the fake Bot API serves real files through getFile and its download path; the fake LLM describes
// the photo, transcribes the voice note at /v1/audio/transcriptions and answers the turns.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DESCRIBE_IMAGE_PROMPT } from "../../src/plugins/media/index.js";
import { imagePartsOf } from "../fakes/fake-llm-server.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { runKern } from "../support/run-kern.js";
import {
  answerBackgroundCalls,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = 42;
const FIXTURES = join(import.meta.dirname, "../fixtures/media");
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const TRANSCRIPT = "The parcel with the blue lighthouse keys arrives on Thursday morning.";
const DESCRIPTION = "A blue rectangle with a white square in its upper left corner.";

const isDescription = (request: { messages: ReadonlyArray<{ content?: unknown }> }) =>
  String(request.messages[0]?.content).startsWith(DESCRIBE_IMAGE_PROMPT.slice(0, 30));

describe("Telegram media through the daemon", () => {
  let telegram: FakeTelegram;
  let harness: TestDaemon;

  beforeEach(async () => {
    telegram = await startFakeTelegram();
    harness = await startTestDaemon({
      telegram,
      config: { vision: true, transcriptionModel: "whisper-1" },
    });
    answerBackgroundCalls(harness.llm, "- Ann sent files.");
    harness.llm.when(isDescription, () => DESCRIPTION);
    telegram.userSays({ chatId: ANN, text: "hi" });
    const reply = await telegram.waitFor("sendMessage", (call) =>
      /KERN-[A-Z0-9]{4}/.test(call.text ?? ""),
    );
    await harness.client.pairingApprove(/KERN-[A-Z0-9]{4}/.exec(reply.text ?? "")?.[0] ?? "");
  });

  afterEach(async () => {
    await harness.close();
    await telegram.close();
  });

  const turnsAfterDescription = () =>
    turnRequests(harness.llm).filter((request) => !isDescription(request));

  it("sends a photo to the model as an image part with its caption, described once", async () => {
    const png = fixture("photo.png");
    telegram.userSendsFile({ chatId: ANN, kind: "photo", bytes: png, caption: "what is this?" });
    const turn = await waitUntil(() => turnsAfterDescription()[0], "the photo's turn", 15_000);
    const images = imagePartsOf(turn);
    expect(images).toHaveLength(1);
    expect(images[0]?.mediaType).toBe("image/png");
    expect(images[0]?.bytes.equals(png)).toBe(true);
    expect(images[0]?.text).toContain("what is this?");
    expect(images[0]?.text).toMatch(/\[image photo-[0-9a-f]{4}\.png\]/);
    expect(images[0]?.text).toContain(`(image description: ${DESCRIPTION})`);
    // The description request itself carried the image; the log carries words, not bytes.
    const description = harness.llm.requests.find(isDescription);
    expect(description && imagePartsOf(description)[0]?.bytes.equals(png)).toBe(true);
    const log = readSessionText(harness.agentDir);
    expect(log).toContain(DESCRIPTION);
    expect(log).not.toContain(png.toString("base64").slice(0, 40));
    const stored = readdirSync(join(harness.agentDir, ".kern/media"));
    const image = stored.find((name) => name.endsWith(".png")) ?? "";
    expect(statSync(join(harness.agentDir, ".kern/media", image)).mode & 0o777).toBe(0o600);
    expect(stored.some((name) => name.startsWith(".tmp-"))).toBe(false);
  });

  it("transcribes a voice note at intake; the transcript is the message and recall finds it", async () => {
    harness.llm.transcriptions.reply = TRANSCRIPT;
    const ogg = fixture("voice-note.ogg");
    telegram.userSendsFile({
      chatId: ANN,
      kind: "voice",
      bytes: ogg,
      mimeType: "audio/ogg",
      duration: 4,
    });
    const turn = await waitUntil(() => turnsAfterDescription()[0], "the voice note's turn", 15_000);
    const sent = harness.llm.transcriptions.requests;
    expect(sent).toHaveLength(1);
    expect(sent[0]?.model).toBe("whisper-1");
    expect(Buffer.from(sent[0]?.bytes ?? []).equals(ogg)).toBe(true);
    expect(String(turn.messages.at(-1)?.content)).toContain(`[voice 0:04]\n${TRANSCRIPT}`);
    expect(readSessionText(harness.agentDir)).toContain(TRANSCRIPT);
    const recall = await runKern(["recall", "lighthouse keys parcel", harness.agentDir]);
    expect(recall.code).toBe(0);
    expect(recall.stdout).toContain("[voice 0:04]");
    expect(recall.stdout).toContain("arrives on Thursday morning");
  });

  it("extracts a PDF's text at intake; recall finds it and the text is kept beside the file", async () => {
    telegram.userSendsFile({
      chatId: ANN,
      kind: "document",
      bytes: fixture("report.pdf"),
      fileName: "report.pdf",
      mimeType: "application/pdf",
      caption: "for the files",
    });
    const turn = await waitUntil(() => turnsAfterDescription()[0], "the PDF's turn", 15_000);
    const text = String(turn.messages.at(-1)?.content);
    expect(text).toContain("[document report.pdf, 2 pages]");
    expect(text).toContain("zephyr turbine output rose by 14 percent");
    expect(text).toContain("for the files");
    const recall = await runKern(["recall", "zephyr turbine maintenance", harness.agentDir]);
    expect(recall.code).toBe(0);
    expect(recall.stdout).toContain("[document report.pdf, 2 pages]");
    expect(recall.stdout).toContain("is due in March");
    const media = readdirSync(join(harness.agentDir, ".kern/media"));
    const textFile = media.find((name) => name.endsWith(".txt")) ?? "";
    expect(readFileSync(join(harness.agentDir, ".kern/media", textFile), "utf8")).toContain(
      "maintenance of the zephyr turbine is due in March",
    );
  });

  it("refuses a file whose bytes are not what it claims, and logs nothing for it", async () => {
    telegram.userSendsFile({
      chatId: ANN,
      kind: "document",
      bytes: fixture("photo.png"),
      fileName: "contract.pdf",
      mimeType: "application/pdf",
    });
    const refusal = await telegram.waitFor("sendMessage", (call) =>
      (call.text ?? "").includes("KERN_MEDIA_TYPE_MISMATCH"),
    );
    expect(refusal.text).toContain("image/png");
    expect(turnRequests(harness.llm)).toHaveLength(0);
    expect(readSessionText(harness.agentDir)).not.toContain("contract.pdf");
    const mediaDir = join(harness.agentDir, ".kern/media");
    expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([]);
  });

  it("keeps the caption of a document it cannot read: the turn gets it with why (issue 48 item 13)", async () => {
    telegram.userSendsFile({
      chatId: ANN,
      kind: "document",
      bytes: Buffer.from("PK\u0003\u0004 a word file, zipped"),
      fileName: "minutes.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      caption: "summarise the minutes please",
    });
    const turn = await waitUntil(() => turnsAfterDescription()[0], "the document's turn", 15_000);
    const text = String(turn.messages.at(-1)?.content);
    expect(text).toMatch(
      /\[document minutes\.docx\]\n\(not read: .+\)\nsummarise the minutes please/,
    );
    expect(readSessionText(harness.agentDir)).toContain("summarise the minutes please");
  });
});

function readSessionText(agentDir: string): string {
  const dir = join(agentDir, ".kern/sessions");
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), "utf8"))
    .join("\n");
}
