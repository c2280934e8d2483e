// Discord through the real daemon (issue 47 item 5, must-show 4): unmodified discord.js against the
// local fake of Discord's REST API and gateway (test/fakes/fake-discord.ts says what it covers), the
// fake LLM answering. A DM gets a pairing code; after `kern pair CODE` the user's message reaches
// the model and the reply arrives by edits of one message; a photo reaches the model as an image
// part, a voice message is transcribed and a PDF read; the same turn is in the web's event stream;
// in the server only the allowed channel counts, and there only a message that mentions the bot;
// a slow photo in one DM delays no other DM.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DESCRIBE_IMAGE_PROMPT } from "../../src/plugins/media/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import { type FakeDiscord, GUILD_CHANNEL_ID, startFakeDiscord } from "../fakes/fake-discord.js";
import { imagePartsOf } from "../fakes/fake-llm-server.js";
import { runKern } from "../support/run-kern.js";
import {
  answerBackgroundCalls,
  lastUserText,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = { id: "100000000000000042", name: "Ann" };
const CODE = /KERN-[A-Z0-9]{4}/;
const REPLY = `Lighthouses guide ships. ${"The beam turns all night long. ".repeat(12)}The end.`;

const isDescription = (request: { messages: ReadonlyArray<{ content?: unknown }> }) =>
  String(request.messages[0]?.content).startsWith(DESCRIBE_IMAGE_PROMPT.slice(0, 30));

describe("Discord through the daemon", () => {
  let discord: FakeDiscord;
  let harness: TestDaemon;

  beforeEach(async () => {
    discord = await startFakeDiscord();
    harness = await startTestDaemon({
      env: { DISCORD_BOT_TOKEN: discord.token },
      config: {
        vision: true,
        transcriptionModel: "whisper-1",
        pluginConfig: {
          discord: { apiRoot: discord.apiRoot, channel: GUILD_CHANNEL_ID, editIntervalMs: 200 },
        },
      },
    });
    answerBackgroundCalls(harness.llm, "- Ann wrote on Discord.");
    await discord.connected();
  });

  afterEach(async () => {
    await harness.close();
    await discord.close();
  });

  async function pairAnn(): Promise<string> {
    const dm = discord.userSaysDm(ANN, "hello?");
    const reply = await discord.waitForCall(
      "POST",
      new RegExp(`/channels/${dm}/messages$`),
      (call) => CODE.test(call.content ?? ""),
    );
    expect(reply.content).toContain("kern pair");
    expect(turnRequests(harness.llm)).toHaveLength(0); // nothing of a stranger reaches the model
    const code = CODE.exec(reply.content ?? "")?.[0] ?? "";
    expect((await runKern(["pair", code, harness.agentDir])).code).toBe(0);
    await discord.waitForCall("POST", new RegExp(`/channels/${dm}/messages$`), (call) =>
      (call.content ?? "").includes("approved"),
    );
    return dm;
  }

  it("pairs a DM, then streams the reply by edits; the turn is in the web's event stream", async () => {
    const dm = await pairAnn();
    const events: StreamEvent[] = [];
    const stop = new AbortController();
    const reading = (async () => {
      for await (const event of harness.client.events(stop.signal)) events.push(event);
    })().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    harness.llm.reply(REPLY, { pieces: 6, pieceDelayMs: 250 });
    discord.userSaysDm(ANN, "tell me about lighthouses");
    const turn = await waitUntil(
      () =>
        turnRequests(harness.llm).find((request) => lastUserText(request).includes("lighthouses")),
      "Ann's turn",
    );
    expect(turn).toBeDefined();
    const messages = new RegExp(`/channels/${dm}/messages/(\\d+)$`);
    const final = await discord.waitForCall(
      "PATCH",
      messages,
      (call) => call.content === REPLY.trim(),
    );
    const edits = discord.sent("PATCH", messages);
    expect(edits.length).toBeGreaterThanOrEqual(2);
    // One message, edited in place: every edit names the id of the first send of the reply.
    const first = discord
      .sent("POST", new RegExp(`/channels/${dm}/messages$`))
      .find((call) => REPLY.startsWith((call.content ?? "").slice(0, 20)));
    expect(first).toBeDefined();
    expect(new Set(edits.map((call) => call.path)).size).toBe(1);
    expect(final.content).toBe(REPLY.trim());
    expect(discord.sent("POST", new RegExp(`/channels/${dm}/typing$`)).length).toBeGreaterThan(0);
    await waitUntil(
      () => events.some((event) => event.type === "turn-end" && event.text === REPLY),
      "the turn in the web's event stream",
    );
    const start = events.find((event) => event.type === "turn-start");
    expect(start?.type === "turn-start" && start.envelope.interface).toBe("discord");
    stop.abort();
    await reading;
  });

  it("takes a photo in a DM to the model as an image part with its caption", async () => {
    harness.llm.when(isDescription, () => "A blue rectangle with a white square.");
    await pairAnn();
    const png = readFileSync(join(import.meta.dirname, "../fixtures/media/photo.png"));
    discord.userSendsFileDm(
      ANN,
      { name: "photo.png", type: "image/png", bytes: png },
      "what is it?",
    );
    const turn = await waitUntil(
      () => turnRequests(harness.llm).find((request) => !isDescription(request)),
      "the photo's turn",
    );
    const images = imagePartsOf(turn);
    expect(images).toHaveLength(1);
    expect(images[0]?.bytes.equals(png)).toBe(true);
    expect(images[0]?.text).toContain("what is it?");
  });

  it("transcribes a voice message and takes a document's text", async () => {
    await pairAnn();
    harness.llm.transcriptions.reply = "The keys are under the blue lighthouse mat.";
    const ogg = readFileSync(join(import.meta.dirname, "../fixtures/media/voice-note.ogg"));
    discord.userSendsFileDm(ANN, {
      name: "voice-message.ogg",
      type: "audio/ogg",
      bytes: ogg,
      voiceSeconds: 4,
    });
    const voice = await waitUntil(
      () =>
        turnRequests(harness.llm).find((request) => lastUserText(request).includes("lighthouse")),
      "the voice message's turn",
    );
    expect(lastUserText(voice)).toContain("[voice 0:04]");
    const pdf = readFileSync(join(import.meta.dirname, "../fixtures/media/report.pdf"));
    discord.userSendsFileDm(
      ANN,
      { name: "report.pdf", type: "application/pdf", bytes: pdf },
      "file it",
    );
    const document = await waitUntil(
      () =>
        turnRequests(harness.llm).find((request) => lastUserText(request).includes("report.pdf")),
      "the PDF's turn",
    );
    expect(lastUserText(document)).toContain("zephyr turbine");
    expect(lastUserText(document)).toContain("file it");
  });

  it("sends a file the agent's message tool names, with the text beside it", async () => {
    const dm = await pairAnn();
    mkdirSync(join(harness.agentDir, "out"), { recursive: true });
    copyFileSync(
      join(import.meta.dirname, "../fixtures/media/photo.png"),
      join(harness.agentDir, "out/chart.png"),
    );
    harness.llm.replyToolCall("message", {
      user: "Ann",
      text: "Here is the **chart**",
      file: "out/chart.png",
    });
    harness.llm.reply("done");
    const { turnId } = await harness.client.sendMessage({ text: "send it", interface: "web" });
    const result = (await harness.turnEvents(turnId)).find((event) => event.type === "tool-result");
    expect(result).toMatchObject({ isError: false, output: "sent chart.png to Ann" });
    const sent = await discord.waitForCall(
      "POST",
      new RegExp(`/channels/${dm}/messages$`),
      (call) => call.files.length > 0,
    );
    expect(sent.files).toEqual(["chart.png"]);
    expect(sent.content).toBe("Here is the **chart**");
  });

  it("answers in the allowed server channel only when mentioned", async () => {
    await pairAnn();
    discord.userSaysInGuild(ANN, "chatter not for the bot", { mention: false });
    discord.userSaysInGuild(ANN, "elsewhere", { mention: true, channelId: "900000000000000999" });
    discord.userSaysInGuild(ANN, "what time is it", { mention: true });
    const turn = await waitUntil(
      () =>
        turnRequests(harness.llm).find((request) => lastUserText(request).includes("what time")),
      "the mention's turn",
    );
    expect(lastUserText(turn)).not.toContain("<@");
    await discord.waitForCall("POST", new RegExp(`/channels/${GUILD_CHANNEL_ID}/messages$`));
    const texts = turnRequests(harness.llm).map(lastUserText).join("\n");
    expect(texts).not.toContain("chatter not for the bot");
    expect(texts).not.toContain("elsewhere");
  });

  it("answers another DM while a photo is being described, and keeps each chat's order", async () => {
    const bob = { id: "100000000000000043", name: "Bob" };
    await pairAnn();
    const bobDm = discord.userSaysDm(bob, "hi");
    const reply = await discord.waitForCall(
      "POST",
      new RegExp(`/channels/${bobDm}/messages$`),
      (call) => CODE.test(call.content ?? ""),
    );
    await harness.client.pairingApprove(CODE.exec(reply.content ?? "")?.[0] ?? "");
    harness.llm.when(isDescription, () => ({
      kind: "text" as const,
      text: "Blue.",
      delayMs: 4000,
    }));
    const png = readFileSync(join(import.meta.dirname, "../fixtures/media/photo.png"));
    discord.userSendsFileDm(ANN, { name: "slow.png", type: "image/png", bytes: png }, "the photo");
    discord.userSaysDm(ANN, "after the photo");
    await waitUntil(() => harness.llm.requests.find(isDescription), "the description request");
    const turns = () => turnRequests(harness.llm).filter((request) => !isDescription(request));
    const turnOf = (words: string) =>
      turns().findIndex((request) => lastUserText(request).includes(words));
    const askedAt = Date.now();
    discord.userSaysDm(bob, "bob meanwhile");
    await waitUntil(() => turnOf("bob meanwhile") >= 0, "Bob's turn", 3000);
    expect(Date.now() - askedAt).toBeLessThan(2000);
    expect(turnOf("after the photo")).toBe(-1);
    await waitUntil(() => turnOf("after the photo") >= 0, "Ann's second turn");
    expect(turnOf("the photo")).toBeLessThan(turnOf("after the photo"));
  });
});
