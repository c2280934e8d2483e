// Files in the web chat against the real daemon (SPEC §15, issue 28 must-show 2): a real PNG
// pasted into the message box, a real PDF dropped on the chat and a file that is not what it
// claims picked with the paperclip; the upload route takes the first two, refuses the third with
// the daemon's message beside it, and the message goes to the fake model with the image part and
// the PDF's text. The chat shows the image (loaded) and the PDF's chip, live and after a reload,
// at 1280 and 390 px.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DESCRIBE_IMAGE_PROMPT } from "../../src/plugins/media/index.js";
import { imagePartsOf } from "../fakes/fake-llm-server.js";
import { describeInBrowser, saveScreenshot } from "../support/browser.js";
import { type TestDaemon, turnRequests, waitUntil } from "../support/test-daemon.js";
import { startWebDaemonPage, type WebDaemonPage } from "../support/web-daemon-page.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/media");
const MB = 1024 * 1024;
const PNG = readFileSync(join(FIXTURES, "photo.png"));
const PDF = readFileSync(join(FIXTURES, "report.pdf"));
const PDF_TEXT = "zephyr turbine output rose by 14 percent";
const CAPTION = "what do these two say?";
const DESCRIPTION = "A blue rectangle with a white square in its upper left corner.";
const OGG = readFileSync(join(FIXTURES, "voice-note.ogg"));
const TRANSCRIPT = "The parcel with the blue lighthouse keys arrives on Thursday morning.";

const isDescription = (request: { messages: ReadonlyArray<{ content?: unknown }> }) =>
  String(request.messages[0]?.content).startsWith(DESCRIBE_IMAGE_PROMPT.slice(0, 30));

/** Hands files to the page as a paste into the message box or a drop on the chat. */
async function giveFiles(
  page: Page,
  how: "paste" | "drop",
  file: { name: string; type: string; bytes: Buffer },
): Promise<void> {
  await page.evaluate(
    ({ how, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      if (how === "paste") {
        const input = document.querySelector(".composer-input");
        input?.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
        return;
      }
      const target = document.querySelector(".messages");
      for (const kind of ["dragenter", "dragover", "drop"]) {
        target?.dispatchEvent(
          new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    { how, name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  );
}

describeInBrowser("web chat with files on the real daemon", () => {
  let web: WebDaemonPage;
  let harness: TestDaemon;
  let page: Page;
  let watched: WebDaemonPage["watched"];

  beforeAll(async () => {
    web = await startWebDaemonPage(
      {
        config: {
          vision: true,
          transcriptionModel: "whisper-1",
          // small limits, so a too-large file is a few MB, not 60
          media: { maxBytes: { image: 2 * MB, voice: 2 * MB, audio: 2 * MB, document: 2 * MB } },
        },
      },
      (started) => {
        started.llm.when(isDescription, () => DESCRIPTION);
        started.llm.transcriptions.reply = TRANSCRIPT;
      },
    );
    ({ harness, page, watched } = web);
  }, 60_000);

  afterAll(async () => {
    await web?.close();
  });

  /** Uploads and intake (a description call, a PDF's text) take a while on a busy machine. */
  const SLOW = { timeout: 30_000 };

  /** A reloaded chat: an empty tray, whatever a test before left in it. */
  async function freshChat(): Promise<void> {
    await page.reload();
    await page.locator(".connection.open").waitFor();
    await page.locator(".composer-input").waitFor();
  }

  /** The daemon's own refusal of bytes that are not the PDF they claim to be. */
  async function serverRefusal(bytes: Buffer): Promise<string> {
    const answer = await fetch(new URL("/upload", harness.url), {
      method: "POST",
      headers: {
        authorization: `Bearer ${harness.token}`,
        "content-type": "application/pdf",
        "x-kern-file-name": "contract.pdf",
      },
      body: new Uint8Array(bytes),
    });
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("KERN_MEDIA_TYPE_MISMATCH");
    return body.error.message;
  }

  async function expectFilesShown(message: ReturnType<Page["locator"]>): Promise<void> {
    const image = message.locator(".attachment.image img");
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), SLOW)
      .toBeGreaterThan(0);
    expect(await message.locator(".attachment.image").getAttribute("href")).toMatch(
      /^\/media\/[0-9a-f]{16}\.png$/,
    );
    const chip = message.locator(".attachment.document");
    await expect.poll(() => chip.locator(".document-name").textContent(), SLOW).toBe("report.pdf");
    expect(await chip.locator(".document-details").textContent()).toContain("2 pages");
    expect(await message.locator(".bubble .plain").textContent()).toBe(CAPTION);
  }

  it("uploads a pasted PNG and a dropped PDF, refuses a false one, and sends the message with both", async () => {
    await freshChat();
    await giveFiles(page, "paste", { name: "screen.png", type: "image/png", bytes: PNG });
    await giveFiles(page, "drop", { name: "report.pdf", type: "application/pdf", bytes: PDF });
    const fake = Buffer.from("this is plain text, not a PDF\n".repeat(20));
    await page
      .locator("input.file-picker")
      .setInputFiles({ name: "contract.pdf", mimeType: "application/pdf", buffer: fake });
    const tray = page.locator(".attachment-tray");
    await expect.poll(() => tray.locator(".upload.ready").count(), SLOW).toBe(2);
    const failed = tray.locator(".upload.failed");
    await failed.waitFor(SLOW);
    expect(await failed.locator(".upload-status").textContent()).toBe(await serverRefusal(fake));
    await expect // the PNG's preview has loaded from the daemon
      .poll(
        () =>
          tray
            .locator(".upload-preview img")
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        SLOW,
      )
      .toBeGreaterThan(0);
    await saveScreenshot(page, "media-tray");

    const before = turnRequests(harness.llm).filter((request) => !isDescription(request)).length;
    await page.locator(".composer-input").fill(CAPTION);
    await page.keyboard.press("Enter");
    const turn = page.locator(".turn").last();
    await turn.locator(".message.assistant:not(.live)").waitFor();
    await expectFilesShown(turn.locator(".message.user"));
    expect(await tray.locator(".upload").count()).toBe(1); // the refused file stays, with its reason

    const request = await waitUntil(
      () => turnRequests(harness.llm).filter((candidate) => !isDescription(candidate))[before],
      "the turn's model request",
      15_000,
    );
    const [image] = imagePartsOf(request);
    expect(image?.bytes.equals(PNG)).toBe(true);
    expect(image?.text).toContain(PDF_TEXT);
    expect(image?.text).toContain(CAPTION);
    expect(image?.text).toContain("[document report.pdf, 2 pages]");

    await page.locator(".messages").evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await saveScreenshot(page, "media-chat");
    expect(watched.errors).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
  }, 120_000);

  it("shows the files from the stored history after a reload, at phone width too", async () => {
    const messages = page.locator(".messages .message.user.with-files");
    if ((await messages.count()) === 0) {
      // stands alone: send one message with both files first
      await giveFiles(page, "paste", { name: "screen.png", type: "image/png", bytes: PNG });
      await giveFiles(page, "drop", { name: "report.pdf", type: "application/pdf", bytes: PDF });
      await expect.poll(() => page.locator(".upload.ready").count(), SLOW).toBe(2);
      await page.locator(".composer-input").fill(CAPTION);
      await page.keyboard.press("Enter");
      await page.locator(".turn").last().locator(".message.assistant:not(.live)").waitFor();
    }
    await page.reload();
    await page.locator(".connection.open").waitFor();
    const stored = page.locator(".messages .message.user.with-files").last();
    await expectFilesShown(stored);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(".messages").evaluate((list) => list.scrollTo(0, list.scrollHeight));
    const box = await stored.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true); // nothing runs off screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "media-chat-phone");
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(watched.errors).toEqual([]);
  }, 120_000);

  it("plays an attached audio file and shows its transcript", async () => {
    await freshChat();
    await page
      .locator("input.file-picker")
      .setInputFiles({ name: "voice-note.ogg", mimeType: "audio/ogg", buffer: OGG });
    await page.locator(".attachment-tray .upload.ready").waitFor(SLOW);
    await page.locator(".composer-input").focus();
    await page.keyboard.press("Enter");
    const message = page.locator(".turn").last().locator(".message.user");
    const audio = message.locator(".attachment.audio");
    await audio.waitFor();
    await expect.poll(() => audio.locator(".transcript").textContent(), SLOW).toBe(TRANSCRIPT);
    await expect // the player has read the file's header from the daemon
      .poll(
        () =>
          audio.locator("audio").evaluate((element) => (element as HTMLAudioElement).readyState),
        SLOW,
      )
      .toBeGreaterThan(0);
    expect(await message.locator(".bubble").count()).toBe(0); // no caption, no empty bubble
    await page.locator(".turn").last().locator(".message.assistant:not(.live)").waitFor();
    await page.locator(".messages").evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await saveScreenshot(page, "media-audio");
  }, 120_000);

  it("shows an upload's progress, then the daemon's refusal of a file over the limit", async () => {
    await freshChat();
    await page.evaluate(() => {
      const seen = { progress: false };
      Object.assign(window, { kernUpload: seen });
      new MutationObserver(() => {
        if (document.querySelector(".attachment-tray .upload.uploading progress"))
          seen.progress = true;
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    const big = Buffer.alloc(6 * MB, "too large for this daemon\n");
    await page
      .locator("input.file-picker")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: big });
    const failed = page.locator(".attachment-tray .upload.failed");
    await expect.poll(() => failed.count(), SLOW).toBe(1);
    const status = await failed.last().locator(".upload-status").textContent();
    expect(status).toContain("2 MB"); // the daemon's message names the limit
    expect(await failed.last().locator(".upload-status").getAttribute("role")).toBe("alert");
    const seen = await page.evaluate(
      () => (window as unknown as { kernUpload: { progress: boolean } }).kernUpload.progress,
    );
    expect(seen).toBe(true);
    await saveScreenshot(page, "media-too-large");
  }, 120_000);
});
