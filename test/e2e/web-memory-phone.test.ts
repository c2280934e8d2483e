// Issue 14, Must show 4: the Memory view on a phone (Chromium at 390×844). Every tab is reachable
// and the active one is on screen; a tapped segment's detail opens as a sheet in view.
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
} from "../support/browser.js";
import { RichFakeRuntime } from "../support/rich-fake-runtime.js";

const PHONE = { width: 390, height: 844 };
const TABS = ["Sessions", "Segments", "Notes", "Working memory", "Recall", "Context"];

/** True when the element's box lies inside the viewport. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) return false;
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= PHONE.width &&
    box.y + box.height <= PHONE.height
  );
}

describeInBrowser("web memory view on a phone", () => {
  let harness: WebHarness;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    [harness, browser] = await Promise.all([
      startWebHarness(new RichFakeRuntime()),
      launchBrowser(),
    ]);
    page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    await logInThroughForm(page, harness.url);
    await page.getByRole("link", { name: "Memory" }).click();
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  it("shows every tab on screen, and the active one marked", async () => {
    for (const name of TABS) {
      const tab = page.getByRole("tab", { name });
      expect(await onScreen(page, `.tabs a:text-is("${name}")`), `${name} on screen`).toBe(true);
      await tab.click();
      // The page re-renders after the click; wait for it (bounded by the poll's timeout).
      await expect.poll(() => tab.getAttribute("aria-selected"), { timeout: 15_000 }).toBe("true");
      await expect
        .poll(() => onScreen(page, '.tabs a[aria-selected="true"]'), { timeout: 15_000 })
        .toBe(true);
      await page.locator(".tab-panel .tab-content").waitFor();
      const slug = name.toLowerCase().split(" ")[0];
      await saveScreenshot(page, `phone-memory-${slug}`);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
  });

  it("opens a tapped segment's detail as a sheet on screen, and closes it", async () => {
    await page.getByRole("tab", { name: "Segments" }).click();
    await page.locator('.segment-block[data-segment-id="seg_L1_002"]').click();
    await page.locator(".segment-detail-body").waitFor();
    expect(await onScreen(page, ".segment-detail")).toBe(true);
    await saveScreenshot(page, "phone-memory-segment-sheet");
    await page.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => page.locator(".segment-detail-body").isVisible()).toBe(false);
  });
});
