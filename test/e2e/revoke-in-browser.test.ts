// Issue 46 must-show 2, the web half: the Remove button of the Pairing page in a real Chromium,
// against a real daemon and the fake Bot API. A paired member is listed; Remove (after its
// confirm dialog) unpairs him; his next message reaches no model and gets the pairing
// instructions again, and the page no longer lists him.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
} from "../support/browser.js";
import { kernProcess } from "../support/kern-process.js";
import { type LiveDaemon, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests, waitUntil } from "../support/test-daemon.js";

const MAX = 77;
const CODE = /KERN-[A-Z0-9]{4}/;

describeInBrowser("the web Pairing page's Remove button on a real daemon", () => {
  const agent = useProcessAgent("kern-revoke-web-");
  let telegram: FakeTelegram;
  let live: LiveDaemon;
  let browser: BrowserSession;
  let page: Page;
  const dialogs: string[] = [];

  /** What the bot sent Max after `text`, once an answer came and 400 ms passed without more. */
  async function say(text: string): Promise<string> {
    const before = telegram.messages(MAX).length;
    telegram.userSays({ chatId: MAX, text, firstName: "Max" });
    await waitUntil(() => telegram.messages(MAX).length > before, `an answer to ${text}`, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    return telegram.messages(MAX).slice(before).join("\n");
  }

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const env = { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot };
    [live, browser] = await Promise.all([startLiveDaemon(agent.dir, env), launchBrowser()]);
    const code = CODE.exec(await say("hello"))?.[0] ?? "";
    const paired = await kernProcess(["pair", code, agent.dir]);
    expect(paired.code, paired.stderr).toBe(0);
    page = await browser.context.newPage();
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await logInThroughForm(page, live.url, live.token);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
  }, 60_000);

  it("unpairs: the next message reaches no model and gets a pairing code", async () => {
    agent.llm.reply("Hello Max.");
    const before = turnRequests(agent.llm).length;
    await say("hi again"); // paired: this one reaches the model
    expect(turnRequests(agent.llm).length).toBe(before + 1);
    await page.getByRole("link", { name: "Pairing" }).click();
    const item = page.locator(`.pairing-item[data-user="telegram:${MAX}"]`);
    await item.waitFor();
    await saveScreenshot(page, "web-pairing");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, "web-pairing-phone");
    const box = await item.getByRole("button", { name: "Remove" }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390); // on a phone's screen
    await page.setViewportSize({ width: 1280, height: 820 });
    await item.getByRole("button", { name: "Remove" }).click();
    await item.waitFor({ state: "detached" });
    expect(dialogs).toEqual([expect.stringContaining("Remove Max?")]);

    const requests = turnRequests(agent.llm).length;
    const reply = await say("what did I tell you?");
    expect(reply).toMatch(CODE);
    expect(reply).toContain("shares its memory");
    expect(turnRequests(agent.llm)).toHaveLength(requests);
    const listed = JSON.parse((await kernProcess(["pair", agent.dir, "--json"])).stdout) as {
      paired: unknown[];
    };
    expect(listed.paired).toEqual([]);
  }, 60_000);
});
