// A NO_REPLY job or heartbeat turn in the web chat, in a real headless Chromium: one collapsed
// line (a <details> whose summary is the line and whose body is the prompt), live and from
// history; no prompt bubble, no NO_REPLY card (issue 48 item 2).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { HistoryPage, SessionMessage } from "../../src/kernel/index.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
  startWebHarness,
  type WebHarness,
} from "../support/browser.js";
import { RichFakeRuntime } from "../support/rich-fake-runtime.js";

const PROMPT = "Read HEARTBEAT.md and check each item. Is last night's backup there?";

/** The rich fake's history with a silent job turn as its newest messages. */
class SilentHistoryRuntime extends RichFakeRuntime {
  override async history(options: { before?: number; limit: number }): Promise<HistoryPage> {
    const page = await super.history(options);
    if (options.before !== undefined) return page;
    const seq = (page.messages.at(-1)?.seq ?? 0) + 1;
    const ts = "2026-03-28T07:00:00.000Z";
    const silent: SessionMessage[] = [
      {
        seq,
        ts,
        role: "user",
        content: `[via job backups, 2026-03-28T07:00Z]\n${PROMPT}`,
        meta: { interface: "job", name: "backups", turnId: "t-job", kind: "job" },
      },
      {
        seq: seq + 1,
        ts,
        role: "assistant",
        content: "NO_REPLY",
        meta: { turnId: "t-job", silent: true },
      },
    ];
    return { ...page, messages: [...page.messages, ...silent] };
  }
}

describeInBrowser("web chat: silent turns", () => {
  let runtime: SilentHistoryRuntime;
  let harness: WebHarness;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    runtime = new SilentHistoryRuntime();
    [harness, browser] = await Promise.all([startWebHarness(runtime), launchBrowser()]);
    page = await browser.context.newPage();
    await logInThroughForm(page, harness.url);
    await page.getByRole("link", { name: "Chat" }).click();
    await page.locator(".connection.open").waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it("shows a silent job turn from history as one collapsed line that expands to its prompt", async () => {
    const line = page.locator("details.silent-turn").filter({ hasText: "job backups" });
    await line.waitFor();
    expect(await line.locator("summary").textContent()).toContain(
      "· job backups: nothing to report (NO_REPLY)",
    );
    expect(await line.getAttribute("open")).toBeNull();
    expect(await page.locator(".message").filter({ hasText: "HEARTBEAT.md" }).count()).toBe(0);
    expect(await page.locator(".message.assistant").filter({ hasText: "NO_REPLY" }).count()).toBe(
      0,
    );
    const box = await line.boundingBox();
    expect(box?.height ?? 999).toBeLessThan(40);
    expect(await line.locator(".silent-prompt").isVisible()).toBe(false);
    await line.locator("summary").click();
    await expect.poll(() => line.locator(".silent-prompt").isVisible()).toBe(true);
    expect(await line.locator(".silent-prompt").textContent()).toBe(PROMPT);
  });

  it("collapses a live heartbeat turn to one line when it ends NO_REPLY", async () => {
    const envelope = { interface: "heartbeat", text: PROMPT, ts: new Date().toISOString() };
    runtime.emit({ type: "turn-start", turnId: "t-beat", envelope });
    runtime.emit({ type: "text-delta", turnId: "t-beat", text: "NO_REPLY" });
    const turn = page.locator('[data-turn-id="t-beat"]');
    await turn.locator(".message.user").waitFor();
    runtime.emit({
      type: "turn-end",
      turnId: "t-beat",
      text: "NO_REPLY",
      stopReason: "end",
      silent: true,
      kind: "heartbeat",
    });
    const line = turn.locator("details.silent-turn");
    await line.waitFor();
    expect(await line.locator("summary").textContent()).toContain(
      "· heartbeat: nothing to report (NO_REPLY)",
    );
    expect(await turn.locator(".message").count()).toBe(0);
    await saveScreenshot(page, "silent-turns");
    expect(await line.locator(".silent-prompt").isVisible()).toBe(false);
    await line.locator("summary").click();
    await expect.poll(() => line.locator(".silent-prompt").isVisible()).toBe(true);
    expect(await line.locator(".silent-prompt").textContent()).toBe(PROMPT);
  });
});
