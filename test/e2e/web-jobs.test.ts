// Issue 48 item 5, Must show 8: the Jobs page in Chromium at 1280 and 390 px. Each row offers the
// buttons its state allows (a done job no Pause), no button's label wraps, Delete asks first; the
// recent runs are listed newest first with times in the agent's zone (Berlin; the browser is in
// UTC), one line each at 1280 px; and the screenshots docs/screenshots/web-jobs{,-phone}.png come
// from here (test-output/screenshots, the whole page).
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

/** The recent runs as drawn: time, job, outcome; newest first. */
async function runRows(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".run-item")).map((item) =>
      [".run-time", ".run-job", ".run-outcome"]
        .map((selector) => item.querySelector(selector)?.textContent ?? "")
        .join(" | "),
    ),
  );
}

/** Runs of the fake history whose row takes more than one line (desktop: none should). */
async function tallRuns(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".run-item"))
      .filter((item) => {
        const time = item.querySelector(".run-time")?.getBoundingClientRect().height ?? 0;
        return item.getBoundingClientRect().height > time * 2;
      })
      .map((item) => item.dataset["job"] ?? ""),
  );
}

// The fake history (test/fakes/fake-jobs.ts) in Berlin time: UTC+1 in December.
const RUNS = [
  "Dec 1, 09:30 | water-plants | error",
  "Dec 1, 09:00 | inbox-digest | skipped-busy",
  "Dec 1, 09:00 | backup-check | ok",
  "Dec 1, 08:30 | dentist-reminder | ok",
  "Dec 1, 08:00 | inbox-digest | silent",
  "Dec 1, 07:20 | call-the-bank | skipped-budget",
  "Dec 1, 07:00 | inbox-digest | ok",
];

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
    const fresh = new FakeJobs();
    jobs.jobs = fresh.jobs;
    jobs.history = fresh.history;
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
    expect(await runRows(page)).toEqual(RUNS);
    expect(await tallRuns(page), "one line per run").toEqual([]);
    // The job rows' times are Berlin's too: backup-check's cron 0 9 runs next at 09:00 there.
    expect(
      await page.locator('.job-item[data-job="backup-check"] .job-runs').textContent(),
    ).toMatch(/^next Dec 2, 09:00 last Dec 1, 09:00: ok/);
    expect(await page.locator(".heartbeat-line").textContent()).toBe(
      "Heartbeat every 30 min; next beat Dec 1, 10:30; last beat quiet",
    );
    await saveScreenshot(page, "web-jobs", { fullPage: true });
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
    expect(await runRows(page)).toEqual(RUNS);
    // Issue 48 item 13: the header took 260 px of the phone's 844; two rows now.
    const header = await page.locator(".app-header").boundingBox();
    expect(header?.height).toBeLessThanOrEqual(90);
    await saveScreenshot(page, "web-jobs-phone", { fullPage: true });
  });

  it("shows the newest 20 runs, and all of them on Show all", async () => {
    const outcomes = ["ok", "silent", "skipped-budget"];
    jobs.history = Array.from({ length: 25 }, (_, index) => ({
      ...(jobs.history[0] as (typeof jobs.history)[number]),
      job: `reminder-${String(index + 1).padStart(2, "0")}`,
      outcome: outcomes[index % 3] ?? "ok",
    }));
    await openJobs(DESKTOP);
    await page.locator(".run-item").first().waitFor();
    expect(await page.locator(".runs-card h2").textContent()).toBe("Recent runs (25)");
    expect(await page.locator(".run-item").count()).toBe(20);
    expect(await page.locator(".run-item .run-job").first().textContent()).toBe("reminder-25");
    await page.getByRole("button", { name: "Show all 25" }).click();
    await expect.poll(() => page.locator(".run-item").count()).toBe(25);
    expect(await page.locator(".run-item .run-job").last().textContent()).toBe("reminder-01");
    expect(await page.locator(".runs-more").count()).toBe(0);
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
