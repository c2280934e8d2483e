// A real daemon serving the built web page, and a Chromium page logged in to it: what a browser
// test of the web UI against the real daemon starts with. `close()` closes the browser and the
// daemon and removes the built page.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { buildWeb } from "../../scripts/build-web.js";
import { type BrowserSession, launchBrowser, logInThroughForm, watchPage } from "./browser.js";
import { type StartTestDaemonOptions, startTestDaemon, type TestDaemon } from "./test-daemon.js";

export interface WebDaemonPage {
  harness: TestDaemon;
  browser: BrowserSession;
  page: Page;
  watched: ReturnType<typeof watchPage>;
  close(): Promise<void>;
}

/**
 * Builds the page, starts the daemon with it (`options` as startTestDaemon's) and launches the
 * browser, all at once; `beforeLogin` runs once the daemon is up (routes for the fake model, a
 * history), then a page logs in through the form and waits for the live connection.
 */
export async function startWebDaemonPage(
  options: Omit<StartTestDaemonOptions, "staticDir">,
  beforeLogin: (harness: TestDaemon) => Promise<void> | void = () => {},
): Promise<WebDaemonPage> {
  const staticDir = mkdtempSync(join(tmpdir(), "kern-web-daemon-page-"));
  const [, harness, browser] = await Promise.all([
    buildWeb({ outDir: staticDir, minify: false }),
    startTestDaemon({ ...options, staticDir }),
    launchBrowser(),
  ]);
  await beforeLogin(harness);
  const page = await browser.context.newPage();
  const watched = watchPage(page);
  await logInThroughForm(page, harness.url, harness.token);
  await page.locator(".connection.open").waitFor();
  return {
    harness,
    browser,
    page,
    watched,
    async close() {
      await browser.close();
      await harness.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}
