// Issue 46 must-show 3, the web half: the Work page's Approve button in a real Chromium, against
// a real daemon and the fake Bot API. A member's `bash` call parks; the Work page lists it with
// who asked and what it would run; the file it would write does not exist until Approve is
// pressed, then it does and the row leaves the waiting list. Screenshots at 1280 and 390 px go
// to test-output/screenshots (docs/screenshots/web-approval{,-phone}.png come from there).
import { existsSync } from "node:fs";
import { join } from "node:path";
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
import { pairTelegramMember } from "../support/telegram-operator.js";
import { waitUntil } from "../support/test-daemon.js";

const MAX = 77;

describeInBrowser("the web Work page's Approve button on a real daemon", () => {
  const agent = useProcessAgent("kern-approve-web-");
  let telegram: FakeTelegram;
  let live: LiveDaemon;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const env = { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot };
    [live, browser] = await Promise.all([startLiveDaemon(agent.dir, env), launchBrowser()]);
    await pairTelegramMember(telegram, agent.dir, MAX);
    page = await browser.context.newPage();
    await logInThroughForm(page, live.url, live.token);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
  }, 60_000);

  it("lists the member's parked call, and runs it only when Approve is pressed", async () => {
    const target = join(agent.dir, "approved.txt");
    agent.llm.replyToolCall("bash", { command: "echo approved > approved.txt" });
    agent.llm.reply("I asked the operator for that.");
    telegram.userSays({ chatId: MAX, text: "please write approved.txt", firstName: "Max" });
    await waitUntil(
      () => telegram.messages(MAX).includes("I asked the operator for that."),
      "the member's reply",
      20_000,
    );

    await page.getByRole("link", { name: "Memory" }).click();
    await page.getByRole("tab", { name: "Work", exact: true }).click();
    const row = page.locator('[data-state="pending"]');
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("bash");
    expect(text).toContain("echo approved > approved.txt");
    expect(text).toContain("Max");
    await saveScreenshot(page, "web-approval");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, "web-approval-phone");
    // On a phone the buttons are on the screen, not cut off past its edge by a wide table.
    for (const name of ["Approve", "Deny"]) {
      const box = await row.getByRole("button", { name }).boundingBox();
      expect(box && box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await page.setViewportSize({ width: 1280, height: 820 });
    expect(existsSync(target)).toBe(false);

    agent.llm.reply("Done: the file is written.");
    await row.getByRole("button", { name: "Approve" }).click();
    await waitUntil(() => existsSync(target), "the approved call to run", 20_000);
    await page.locator('[data-state="pending"]').waitFor({ state: "detached" });
    await waitUntil(
      () => telegram.messages(MAX).includes("Done: the file is written."),
      "the approval turn's reply to the member",
      20_000,
    );
  }, 90_000);
});
