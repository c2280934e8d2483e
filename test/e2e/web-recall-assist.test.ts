// The web UI's Recall tab shows what the chat model did for a search (config recallAssist,
// issue 51), against a real daemon in a real Chromium: a rerank puts the window's message first
// and the tab says so; a rerank the model fails leaves the plain ranking and says why.
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeInBrowser, saveScreenshot } from "../support/browser.js";
import { isRerank, rerankNumberOf, tellDeployFacts } from "../support/recall-assist-fixtures.js";
import { startWebDaemonPage, type WebDaemonPage } from "../support/web-daemon-page.js";

describeInBrowser("the web Recall tab with recallAssist", () => {
  let web: WebDaemonPage;
  /** Whether the model answers the rerank with an error (the second test). */
  let rerankFails = false;

  beforeAll(async () => {
    web = await startWebDaemonPage(
      { config: { recallAssist: { rerank: true } } },
      async (harness) => {
        await tellDeployFacts(harness);
        harness.llm.when(isRerank, (request) =>
          rerankFails ? { kind: "fail", status: 503 } : rerankNumberOf(request, "Thursday"),
        );
      },
    );
  }, 90_000);

  afterAll(async () => {
    await web?.close();
  });

  async function search(query: string): Promise<string[]> {
    const { page } = web;
    await page.getByRole("link", { name: "Memory" }).click();
    await page.getByRole("tab", { name: "Recall" }).click();
    await page.getByRole("searchbox", { name: "Search query" }).fill(query);
    await page.getByRole("button", { name: "Search" }).click();
    const assist = page.getByRole("list", { name: "The chat model's help" });
    await assist.waitFor();
    return assist.locator("li").allInnerTexts();
  }

  it("says the model re-ordered the candidates, and shows its order", async () => {
    const lines = await search("deploy");
    expect(lines).toEqual([expect.stringMatching(/^model re-ordered the first \d+ candidates$/)]);
    const first = web.page.locator(".recall-result .snippet").first();
    expect(await first.textContent()).toContain("Thursday");
    await saveScreenshot(web.page, "memory-recall-assist");
    // On a phone the lines wrap inside the page: nothing is wider than the screen.
    await web.page.setViewportSize({ width: 390, height: 844 });
    const list = web.page.getByRole("list", { name: "The chat model's help" });
    await list.scrollIntoViewIfNeeded();
    const box = await list.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await saveScreenshot(web.page, "memory-recall-assist-phone");
    await web.page.setViewportSize({ width: 1280, height: 820 });
  });

  it("says why the model did not help, and keeps the results", async () => {
    rerankFails = true;
    const lines = await search("deploy window");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^model did not help \(rerank: .+\)$/);
    expect(await web.page.locator(".recall-result").count()).toBeGreaterThan(0);
  });

  it("ran without CSP violations or page errors", () => {
    expect(web.watched.cspViolations).toEqual([]);
    expect(web.watched.errors).toEqual([]);
  });
});
