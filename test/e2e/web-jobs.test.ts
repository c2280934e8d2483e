// Issue 48 item 5, Must show 8: the Jobs page in Chromium at 1280 and 390 px. Each row offers the
// buttons its state allows (a done job no Pause), no button's label wraps, Delete asks first, and
// the screenshots docs/screenshots/web-jobs{,-phone}.png come from here (test-output/screenshots).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { FakeJobs } from "../fakes/fake-jobs.js";
import { FakeRuntime } from "../fakes/fake-runtime.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
  startWebHarness,
  type WebHarness,
} from "../support/browser.js";

const DESKTOP = { width: 1280, height: 820 };
const PHONE = { width: 390, height: 844 };

/** Each row's state and the labels of its buttons, in order. */
async function rows(page: Page): Promise<Record<string, { state: string; buttons: string[] }>> {
  return page.evaluate(() => {
    const result: Record<string, { state: string; buttons: string[] }> = {};
    for (const item of Array.from(document.querySelectorAll<HTMLElement>(".job-item"))) {
      result[item.dataset["job"] ?? ""] = {
        state: item.dataset["state"] ?? "",
        buttons: Array.from(item.querySelectorAll("button")).map((b) => b.textContent ?? ""),
      };
    }
    return result;
  });
}

/** The labels of the page's buttons whose text takes more than one line. */
async function wrappedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".jobs-body button"))
      .filter((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const tops = new Set(
          Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
        );
        return tops.size > 1;
      })
      .map((button) => button.textContent ?? ""),
  );
}

/** Where a row's buttons sit against its text: beside it (desktop) or below it (phone). */
async function actionsPlacement(page: Page, job: string): Promise<"beside" | "below"> {
  const item = page.locator(`.job-item[data-job="${job}"]`);
  const main = await item.locator(".job-main").boundingBox();
  const actions = await item.locator(".job-actions").boundingBox();
  if (!main || !actions) throw new Error(`row ${job} is not drawn`);
  return actions.y >= main.y + main.height - 1 ? "below" : "beside";
}

const EXPECTED = {
  "backup-check": { state: "scheduled", buttons: ["Run now", "Pause", "Delete"] },
  "inbox-digest": { state: "running", buttons: ["Pause", "Delete"] },
  "weekly-review": { state: "paused", buttons: ["Resume", "Run now", "Delete"] },
  "dentist-reminder": { state: "done", buttons: ["Delete"] },
};

describeInBrowser("web jobs page", () => {
  let harness: WebHarness;
  let browser: BrowserSession;
  let page: Page;
  const jobs = new FakeJobs();

  beforeAll(async () => {
    [harness, browser] = await Promise.all([
      startWebHarness(new FakeRuntime(), { jobs }),
      launchBrowser(),
    ]);
    page = await browser.context.newPage();
    await logInThroughForm(page, harness.url);
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  beforeEach(() => {
    jobs.jobs = new FakeJobs().jobs;
    jobs.calls.length = 0;
  });

  /** Each test opens the page afresh (the login cookie stays) on the Jobs view. */
  async function openJobs(viewport: { width: number; height: number }): Promise<void> {
    await page.setViewportSize(viewport);
    await page.goto(`${harness.url}#/jobs`);
    await page.reload();
    await page.locator(".job-item").first().waitFor();
  }

  it("offers each state's buttons beside the text at 1280 px, none wrapping", async () => {
    await openJobs(DESKTOP);
    expect(await rows(page)).toEqual(EXPECTED);
    expect(await wrappedButtons(page)).toEqual([]);
    for (const job of Object.keys(EXPECTED))
      expect(await actionsPlacement(page, job)).toBe("beside");
    await saveScreenshot(page, "web-jobs");
  });

  it("puts the buttons under the text at 390 px, none wrapping, nothing sideways", async () => {
    await openJobs(PHONE);
    expect(await rows(page)).toEqual(EXPECTED);
    expect(await wrappedButtons(page)).toEqual([]);
    for (const job of Object.keys(EXPECTED))
      expect(await actionsPlacement(page, job)).toBe("below");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
    // Issue 48 item 13: the header took 260 px of the phone's 844; two rows now.
    const header = await page.locator(".app-header").boundingBox();
    expect(header?.height).toBeLessThanOrEqual(90);
    await saveScreenshot(page, "web-jobs-phone");
  });

  it("asks before deleting: Cancel keeps the job, Delete removes it", async () => {
    await openJobs(DESKTOP);
    const row = page.locator('.job-item[data-job="backup-check"]');
    await row.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row.locator(".job-confirm").textContent()).toBe("Delete backup-check?");
    expect(await row.locator("button").allTextContents()).toEqual(["Delete", "Cancel"]);
    expect(await wrappedButtons(page)).toEqual([]);
    await saveScreenshot(page, "web-jobs-confirm");
    await row.getByRole("button", { name: "Cancel" }).click();
    expect(await row.locator("button").allTextContents()).toEqual(EXPECTED["backup-check"].buttons);
    expect(jobs.calls).toEqual([]);

    await row.getByRole("button", { name: "Delete" }).click();
    await row.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.locator(".job-item").count()).toBe(3);
    expect(jobs.calls).toEqual(["remove backup-check"]);
  });

  it("pauses a scheduled job, which then offers Resume", async () => {
    await openJobs(DESKTOP);
    const row = page.locator('.job-item[data-job="backup-check"]');
    await row.getByRole("button", { name: "Pause" }).click();
    await expect.poll(() => row.getAttribute("data-state")).toBe("paused");
    expect(await row.locator("button").allTextContents()).toEqual(["Resume", "Run now", "Delete"]);
    expect(jobs.calls).toEqual(["pause backup-check"]);
  });
});
