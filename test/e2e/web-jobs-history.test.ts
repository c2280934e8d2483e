// Issue 48, the web half of the reminder lifecycle: on a real daemon (the fake model), a reminder
// that fired leaves the Jobs card and shows in its "Recent runs" in Chromium — its time in the
// agent's zone (Berlin), not the browser's (UTC) — as `kern jobs list --all` lists it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildWeb } from "../../scripts/build-web.js";
import { formatNumber, formatZonedTime } from "../../web/src/format.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
} from "../support/browser.js";
import { startTestDaemon, type TestDaemon, waitUntilAsync } from "../support/test-daemon.js";

const ZONE = "Europe/Berlin";

describeInBrowser("web Jobs page: the run history on a real daemon", () => {
  let staticDir: string;
  let harness: TestDaemon;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), "kern-web-jobs-history-"));
    [, harness, browser] = await Promise.all([
      buildWeb({ outDir: staticDir, minify: false }),
      startTestDaemon({
        staticDir,
        config: { timezone: ZONE, heartbeatInterval: "0", jobs: { max: 50, minInterval: "1s" } },
      }),
      launchBrowser(),
    ]);
    page = await browser.context.newPage();
    await logInThroughForm(page, harness.url, harness.token);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  it("shows a fired reminder in Recent runs, at its time in the agent's zone", async () => {
    harness.llm.reply("Time to water the plants.");
    await harness.client.jobAdd({
      name: "water-plants",
      prompt: "Remind me to water the plants.",
      in: "1s",
    });
    const run = await waitUntilAsync(
      async () => (await harness.client.jobs({ all: true })).runs?.[0],
      "the reminder's run",
      20_000,
    );
    expect(run).toMatchObject({ job: "water-plants", outcome: "ok", createdBy: "web" });

    await page.goto(`${harness.url}#/jobs`);
    await page.reload();
    const item = page.locator('.run-item[data-job="water-plants"]');
    await item.waitFor();
    // Finished, it left the live list; its run stays in the history.
    expect(await page.locator(".job-item").count()).toBe(0);
    expect(await page.locator(".runs-card h2").textContent()).toBe("Recent runs (1)");
    expect(await page.locator(".runs-zone").textContent()).toBe(`times in ${ZONE}`);
    expect(await item.getAttribute("data-outcome")).toBe("ok");
    expect(await item.locator(".run-outcome").textContent()).toBe("ok");
    const shown = await item.locator(".run-time").textContent();
    expect(shown).toBe(formatZonedTime(run.startedAt, ZONE));
    // Berlin is never UTC: the browser runs in UTC, so its own zone would read differently.
    expect(shown).not.toBe(formatZonedTime(run.startedAt, "UTC"));
    const details = await item.locator(".run-detail > span").allTextContents();
    const tokens = `${formatNumber(run.tokens ?? -1)} tokens`;
    expect(details).toEqual([tokens, run.schedule, "by web"]);
  }, 60_000);
});
