// The Memory view's six tabs in a real headless Chromium, each showing data from the runtime.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
  startWebHarness,
  type WebHarness,
  watchPage,
} from "../support/browser.js";
import { RichFakeRuntime } from "../support/rich-fake-runtime.js";

describeInBrowser("web memory view", () => {
  let runtime: RichFakeRuntime;
  let harness: WebHarness;
  let browser: BrowserSession;
  let page: Page;
  let watched: ReturnType<typeof watchPage>;

  beforeAll(async () => {
    runtime = new RichFakeRuntime();
    [harness, browser] = await Promise.all([startWebHarness(runtime), launchBrowser()]);
    page = await browser.context.newPage();
    watched = watchPage(page);
    await logInThroughForm(page, harness.url);
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function openTab(name: string, id = name.toLowerCase()): Promise<void> {
    await page.getByRole("link", { name: "Memory" }).click();
    await page.getByRole("tab", { name }).click();
    await page.locator(`.tab-panel .tab-${id}`).waitFor();
  }

  it("Sessions: lists sessions with counts and role mix, marks the live one, charts activity", async () => {
    await openTab("Sessions");
    expect(await page.locator(".session").count()).toBe(2);
    const live = page.locator(".session.live");
    expect(await live.locator(".badge.live").textContent()).toBe("live");
    expect(await live.locator(".facts").textContent()).toContain("2,140");
    expect(await live.locator(".legend").textContent()).toContain("assistant");
    expect(await page.locator(".bar-chart rect.bar").count()).toBeGreaterThan(20);
    expect(await page.locator(".bar-chart rect.bar.live").count()).toBe(8);
    await saveScreenshot(page, "memory-sessions");
  });

  it("Segments: draws the L0/L1/L2 timeline, shows a segment's summary and compression", async () => {
    await openTab("Segments");
    const rows = page.locator(".timeline-row");
    expect(await rows.locator(".level-label").allInnerTexts()).toEqual(["L2 1", "L1 10", "L0 107"]);
    expect(await page.locator(".segment-block").count()).toBe(118);
    await page.locator('.segment-block[data-segment-id="seg_L1_002"]').click();
    const detail = page.locator(".segment-detail-body");
    await detail.waitFor();
    expect(await detail.locator(".facts").textContent()).toContain("400–599");
    expect(await detail.locator(".facts").textContent()).toMatch(/Compression\s*12\.\d×/);
    expect(await detail.locator(".summary strong").first().textContent()).toContain("Lisbon");
    expect(await detail.locator(".children .chip").count()).toBe(10);
    await saveScreenshot(page, "memory-segments");
  });

  it("Segments: filters to what is in context and expands collapsible groups", async () => {
    await page.getByRole("button", { name: /In context/ }).click();
    expect(await page.locator(".segment-list .segment-line").count()).toBe(6);
    expect(await page.locator(".only-context .segment-block.in-context").count()).toBe(6);
    await page.getByRole("button", { name: "All" }).click();
    const group = page.locator("details.segment-group").first();
    await group.locator("summary .child-count").click();
    await expect.poll(() => group.locator(".segment-children > *").count()).toBe(10);
  });

  it("Notes: renders the summary and regenerates it", async () => {
    await openTab("Notes");
    const summary = page.locator(".notes-summary");
    expect(await summary.locator("strong").textContent()).toBe("May 14-18");
    expect(await page.locator(".card code", { hasText: "notes/2026-03-27.md" }).count()).toBe(1);
    await saveScreenshot(page, "memory-notes");
    await page.getByRole("button", { name: "Regenerate" }).click();
    await page.locator(".notes-summary", { hasText: "Regenerated just now" }).waitFor();
  });

  it("Working memory: says when there is none yet, then shows it after Refresh", async () => {
    const view = runtime.workingMemoryView;
    runtime.workingMemoryView = null;
    await openTab("Working memory", "working");
    const empty = page.locator(".working-empty");
    expect(await empty.locator(".empty-title").textContent()).toBe(
      "No working memory yet — it is written after each turn.",
    );
    expect(await page.locator(".error-box").count()).toBe(0);
    runtime.workingMemoryView = view;
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.locator(".working-sections").waitFor();
  });

  it("Working memory: shows its five sections, when it was written and by what", async () => {
    await openTab("Working memory", "working");
    const overview = page.locator(".working-overview .facts");
    expect(await overview.textContent()).toContain("model fake-model");
    expect(await overview.textContent()).toContain("message 2,139");
    expect(await overview.locator("time").getAttribute("datetime")).toBe(
      "2026-03-27T18:15:42.318Z",
    );
    const sections = page.locator(".working-section");
    const titles = await sections.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("data-section")),
    );
    expect(titles).toEqual([
      "Task State",
      "Decisions",
      "Files & Code",
      "Important Context",
      "User Preferences",
    ]);
    expect(await sections.locator("h2 .badge").allTextContents()).toEqual(["2", "2", "1", "1"]);
    for (const title of ["Task State", "Decisions", "Files & Code"]) {
      await expect.poll(() => sections.filter({ hasText: title }).isVisible()).toBe(true);
    }
    const task = page.locator(".working-task-state");
    expect(await task.textContent()).toContain("Verify a restore of knowledge/");
    const decisions = page.locator(".working-decisions li");
    expect(await decisions.count()).toBe(4);
    expect(await decisions.nth(1).textContent()).toContain("reason: deduplication");
    expect(await page.locator(".working-decisions code").textContent()).toBe(
      "restic forget --keep-daily 7 --keep-weekly 5",
    );
    expect(await page.locator(".working-files-code code").allTextContents()).toEqual([
      "knowledge/backups.md",
      "/etc/systemd/system/restic-backup.timer",
    ]);
    expect(await page.locator(".working-important-context").textContent()).toContain("412 GB");
    expect(await page.locator(".working-user-preferences").textContent()).toContain("short");
    const raw = page.locator("details.working-raw");
    expect(await raw.locator(".section-body").isVisible()).toBe(false);
    await raw.locator("summary").click();
    expect(await raw.locator(".section-body").textContent()).toContain(
      "## Decisions\n- 2026-03-26",
    );
    await raw.locator("summary").click();
    await page.locator(".memory-view").evaluate((element) => element.scrollTo(0, 0));
    await saveScreenshot(page, "memory-working");
  });

  it("Recall: shows index stats and search results with score, session and range", async () => {
    await openTab("Recall");
    expect(await page.locator(".facts").textContent()).toContain("Vectors");
    await page.getByRole("searchbox", { name: "Search query" }).fill("restic backups");
    await page.getByRole("button", { name: "Search" }).click();
    const results = page.locator(".recall-result");
    await results.first().waitFor();
    expect(await results.count()).toBeGreaterThan(1);
    expect(await results.first().locator("mark").first().textContent()).toMatch(/restic|backups/i);
    expect(await results.first().locator(".result-meta").textContent()).toMatch(
      /score .*messages? \d+(–\d+)?/s,
    );
    await saveScreenshot(page, "memory-recall");
  });

  it("Context: splits the system prompt into tagged sections with token bars", async () => {
    await openTab("Context");
    const sections = page.locator("details.prompt-section");
    expect(await sections.count()).toBe(10);
    const tags = await sections.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("data-tag")),
    );
    expect(tags).toEqual(
      expect.arrayContaining([
        "document",
        "notes_summary",
        "tools",
        "working_memory",
        "conversation_summary",
      ]),
    );
    expect(await sections.first().locator(".section-label").textContent()).toBe("AGENTS.md");
    expect(await sections.first().locator(".section-tokens").textContent()).toMatch(/^\d+ tok$/);
    // system, summary, messages, the room autoRecall keeps for a turn's <recall> block, free
    expect(await page.locator(".stack .stack-part").count()).toBe(5);
    expect(await page.locator(".stacked .legend").textContent()).toContain("recall room 2,009");
    await sections.first().locator("summary").click();
    await expect
      .poll(() => sections.first().locator(".section-body").textContent())
      .toContain("stateful agent");
    await saveScreenshot(page, "memory-context");
  });

  it("Pairing: approves a waiting Telegram user", async () => {
    const pending = await runtime.pairing.request({
      channel: "telegram",
      userId: "4411",
      chatId: "4411",
      name: "Ann",
    });
    await page.getByRole("link", { name: "Pairing" }).click();
    const badge = page.locator(".main-nav .nav-badge");
    await expect.poll(() => badge.textContent()).toBe("1"); // the nav says someone is waiting
    expect(await badge.isVisible()).toBe(true);
    const item = page.locator(`.pairing-item[data-code="${pending.code}"]`);
    await item.getByRole("button", { name: "Approve" }).click();
    await page.locator(".pairing-item", { hasText: "paired" }).waitFor();
    expect((await runtime.pairing.list()).paired.map((user) => user.name)).toEqual(["Ann"]);
    await page.getByRole("link", { name: "Chat" }).click();
    await expect.poll(() => badge.isVisible()).toBe(false);
  });

  it("ran without CSP violations or page errors", () => {
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });
});
