// The web UI's Recall tab shows what the chat model did for a search (config recallAssist,
// issue 51), against a real daemon in a real Chromium: a rerank puts the window's message first
// and the tab says so; a rerank the model fails leaves the plain ranking and says why.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildWeb } from "../../scripts/build-web.js";
import { RERANK_SYSTEM } from "../../src/memory/recall/recall-assist-model.js";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
  watchPage,
} from "../support/browser.js";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

const FACTS = [
  "The deploy of the billing service failed on Monday.",
  "We moved the deploy window to Thursday evenings.",
  "The deploy script needs the new registry token.",
];

const isRerank = (request: FakeChatRequest) =>
  String(request.messages[0]?.content) === RERANK_SYSTEM;

/** The number the rerank prompt gave the candidate holding `word`. */
function numberOf(request: FakeChatRequest, word: string): string {
  const lines = String(request.messages[1]?.content).split("\n");
  return lines.find((line) => line.includes(word))?.match(/^\[(\d+)\]/u)?.[1] ?? "none";
}

describeInBrowser("the web Recall tab with recallAssist", () => {
  let staticDir: string;
  let harness: TestDaemon;
  let browser: BrowserSession;
  let page: Page;
  let watched: ReturnType<typeof watchPage>;
  /** Whether the model answers the rerank with an error (the second test). */
  let rerankFails = false;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), "kern-web-assist-"));
    [, harness, browser] = await Promise.all([
      buildWeb({ outDir: staticDir, minify: false }),
      startTestDaemon({ staticDir, config: { recallAssist: { rerank: true } } }),
      launchBrowser(),
    ]);
    for (const fact of FACTS) {
      harness.llm.reply("Noted.");
      const { turnId } = await harness.client.sendMessage({ text: `Remember: ${fact}` });
      await harness.turnEvents(turnId);
    }
    harness.llm.when(isRerank, (request) =>
      rerankFails ? { kind: "fail", status: 503 } : numberOf(request, "Thursday"),
    );
    page = await browser.context.newPage();
    watched = watchPage(page);
    await logInThroughForm(page, harness.url, harness.token);
    await page.locator(".connection.open").waitFor();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  async function search(query: string): Promise<string[]> {
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
    const first = page.locator(".recall-result .snippet").first();
    expect(await first.textContent()).toContain("Thursday");
    await saveScreenshot(page, "memory-recall-assist");
  });

  it("says why the model did not help, and keeps the results", async () => {
    rerankFails = true;
    const lines = await search("deploy window");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^model did not help \(rerank: .+\)$/);
    expect(await page.locator(".recall-result").count()).toBeGreaterThan(0);
  });

  it("ran without CSP violations or page errors", () => {
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});
