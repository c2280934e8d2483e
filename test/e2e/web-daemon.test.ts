// The web UI against the REAL daemon (issue 7): an assembled daemon holding a generated multi-topic
// history of 2,400 messages whose memory (local embeddings, extractive summaries) is built before
// the browser opens. Chat streams from the fake LLM; the five Memory tabs show the daemon's data.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEFAULT_START_TS,
  type GeneratedConversation,
  type GroundTruthFact,
  generateConversation,
  writeConversation,
} from "../../bench/generator/index.js";
import { buildWeb } from "../../scripts/build-web.js";
import { importConversation } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
  watchPage,
} from "../support/browser.js";
import {
  isBackgroundRequest,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
} from "../support/test-daemon.js";

const MESSAGES = 2_400;
const XSS = "<img src=x onerror=alert(1)>";

const DAY_MS = 86_400_000;
/** The history (seed 7, 2,400 messages: 31 days) is moved to start this many days ago. */
const HISTORY_DAYS = 33;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

/** Daily notes for the Notes tab: the newest is shown, the earlier ones are summarized. */
function dailyNotes(): Record<string, string> {
  return {
    [daysAgo(3)]: "- Moved the Lisbon trip to the night train; Ann agreed.\n",
    [daysAgo(2)]: "- Rotated the staging service account id after the audit.\n",
    [daysAgo(1)]: "- Planned the restic restore drill for Friday.\n",
  };
}

describeInBrowser("web UI on the real daemon", () => {
  let staticDir: string;
  let conversation: GeneratedConversation;
  /** A planted identifier: the chat asks for it, Recall finds it. */
  let fact: GroundTruthFact;
  let harness: TestDaemon;
  let llm: FakeLlm;
  let browser: BrowserSession;
  let page: Page;
  let watched: ReturnType<typeof watchPage>;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), "kern-web-daemon-"));
    conversation = generateConversation({
      seed: 7,
      messages: MESSAGES,
      toolOutputChars: [200, 1500],
    });
    // Same text every day, timestamps moved by whole days so the history ends just before now.
    const shiftMs =
      Math.round((Date.now() - HISTORY_DAYS * DAY_MS - Date.parse(DEFAULT_START_TS)) / DAY_MS) *
      DAY_MS;
    for (const message of conversation.messages) {
      message.ts = new Date(Date.parse(message.ts) + shiftMs).toISOString();
    }
    fact = conversation.truth.facts.find((candidate) => candidate.kind === "identifier")!;
    // Our own fake LLM, routed before the daemon starts its first memory run: background model
    // calls (summaries, notes, working memory) fail, so the daemon keeps the extractive summaries
    // it writes instantly (SPEC §4, "while the model fails") and the Memory view shows summaries
    // made from the real history; chat turns take the replies queued with `llm.reply`.
    llm = await startFakeLlm();
    llm.when(isBackgroundRequest, () => ({ kind: "fail", status: 503 }));
    [, harness, browser] = await Promise.all([
      buildWeb({ outDir: staticDir, minify: false }),
      startTestDaemon({
        staticDir,
        config: { maxContextTokens: 20_000, modelRetries: 0 },
        env: { KERN_BASE_URL: llm.baseUrl },
        async beforeAssemble(agentDir) {
          const file = join(agentDir, "..", "history.jsonl");
          await writeConversation({ conversation, messagesPath: file });
          await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
          mkdirSync(join(agentDir, "notes"), { recursive: true });
          for (const [date, text] of Object.entries(dailyNotes())) {
            writeFileSync(join(agentDir, "notes", `${date}.md`), text);
          }
        },
      }),
      launchBrowser(),
    ]);
    await harness.daemon.memory.runUntilIdle();
    page = await browser.context.newPage();
    watched = watchPage(page);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await llm?.close();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  /** Logs in unless the page already shows the app: every test stands alone, in any order. */
  async function loggedIn(): Promise<void> {
    if ((await page.locator(".app-header").count()) > 0) return;
    await logInThroughForm(page, harness.url, harness.token);
    await page.locator(".connection.open").waitFor();
  }

  async function onChat(): Promise<void> {
    await loggedIn();
    await page.getByRole("link", { name: "Chat" }).click();
    await page.locator(".composer-input").waitFor();
  }

  async function openTab(name: string): Promise<void> {
    await loggedIn();
    await page.getByRole("link", { name: "Memory" }).click();
    await page.getByRole("tab", { name }).click();
    await page.locator(`.tab-panel .tab-${name.toLowerCase()}`).waitFor();
  }

  async function send(text: string): Promise<void> {
    await page.locator(".composer-input").fill(text);
    await page.keyboard.press("Enter");
  }

  it("answers 401 without login and shows the login form", async () => {
    for (const path of ["status", "history", "segments", "recall/search?q=staging", "notes"]) {
      const response = await fetch(`${harness.url}${path}`);
      expect(response.status, path).toBe(401);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code, path).toMatch(/^KERN_/);
    }
    await browser.context.clearCookies(); // logged out, whatever ran before
    await page.goto(harness.url);
    await expect.poll(() => page.locator("input[name=token]").isVisible()).toBe(true);
    expect(await page.locator(".app-header").count()).toBe(0);
  });

  it("logs in with the daemon's token and streams a reply from the model", async () => {
    await browser.context.clearCookies();
    await logInThroughForm(page, harness.url, harness.token);
    await page.locator(".connection.open").waitFor();
    const before = turnRequests(llm).length;
    llm.reply(`The **${fact.key}** is \`${fact.answer}\`, as we noted back then.`);
    const deltas: string[] = [];
    const unsubscribe = harness.daemon.runtime.subscribe((event) => {
      if (event.type === "text-delta") deltas.push(event.text);
    });
    await page.evaluate(() => {
      const seen = { live: false };
      Object.assign(window, { kernSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector(".message.assistant.live")) seen.live = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await send(`What is the ${fact.key}?`);
    const turn = page.locator(".turn").last();
    await turn.locator(".message.assistant:not(.live)").waitFor();
    unsubscribe();
    expect(deltas.length).toBeGreaterThan(1);
    expect(
      await page.evaluate(
        () => (window as unknown as { kernSeen: { live: boolean } }).kernSeen.live,
      ),
    ).toBe(true);
    await expect.poll(() => turn.locator(".reply-text").textContent()).toContain(fact.answer);
    expect(await turn.locator(".reply-text strong").first().textContent()).toBe(fact.key);
    const chatRequest = turnRequests(llm)[before];
    expect(JSON.stringify(chatRequest?.messages[0])).toContain("conversation_summary");
    await saveScreenshot(page, "daemon-chat");
    await page.setViewportSize({ width: 390, height: 844 });
    const list = page.locator(".messages");
    await expect // the newest message stays in view when the window shrinks
      .poll(() =>
        list.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight),
      )
      .toBeLessThan(2);
    await saveScreenshot(page, "daemon-chat-phone");
    await page.setViewportSize({ width: 1280, height: 820 });
  });

  it("shows a reply carrying HTML as text, and no script runs", async () => {
    await onChat();
    llm.reply(`You asked me to repeat ${XSS} — here it is, as text.`);
    await send(`please repeat ${XSS}`);
    const turn = page.locator(".turn").last();
    await turn.locator(".message.assistant:not(.live)").waitFor();
    await expect.poll(() => turn.locator(".reply-text").textContent()).toContain(XSS);
    expect(await page.locator(".messages img").count()).toBe(0);
    expect(watched.dialogs).toEqual([]);
  });

  it("Sessions: the imported session with its message count", async () => {
    await openTab("Sessions");
    const live = page.locator(".session.live");
    expect(await live.locator(".session-id").textContent()).toBe(
      harness.daemon.store.sessionLog.sessionId,
    );
    const count = harness.daemon.store.sessionLog.nextSeq;
    expect(count).toBeGreaterThanOrEqual(MESSAGES);
    expect(await live.locator(".facts").textContent()).toContain(count.toLocaleString("en-US"));
    expect(await page.locator(".bar-chart rect.bar").count()).toBeGreaterThan(20);
    await saveScreenshot(page, "daemon-memory-sessions");
  });

  it("Segments: a segment's extractive summary with its compression", async () => {
    await openTab("Segments");
    const labels = await page.locator(".timeline-row .level-label").allInnerTexts();
    expect(labels.at(-1)).toMatch(/^L0 \d+$/);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const block = page.locator(".timeline-row").last().locator(".segment-block").nth(3);
    const id = await block.getAttribute("data-segment-id");
    await block.click();
    const detail = page.locator(`.segment-detail-body[data-segment-id="${id}"]`);
    await detail.waitFor();
    const facts = await detail.locator(".facts").textContent();
    expect(facts).toMatch(/Compression\s*\d+\.\d×/);
    expect(facts).toContain("extractive");
    const session = harness.daemon.store.sessionLog.sessionId;
    const methods = new Set(harness.daemon.store.segments.list(session).map((row) => row.method));
    expect([...methods]).toEqual(["extractive"]);
    expect(llm.requests.some(isBackgroundRequest)).toBe(true); // the model was tried
    const segment = harness.daemon.store.segments.get(id ?? "");
    expect(segment?.summary).toBeTruthy();
    const firstLine = (segment?.summary ?? "").split("\n").find((line) => line.startsWith("- "));
    expect(await detail.locator(".markdown").textContent()).toContain(
      firstLine?.slice(2, 40).trim(),
    );
    await saveScreenshot(page, "daemon-memory-segments");
  });

  it("Notes: shows the notes summary and regenerates it", async () => {
    await openTab("Notes");
    const summary = page.locator(".notes-summary");
    await expect.poll(() => summary.textContent()).toContain("night train");
    expect(await page.locator(".card code", { hasText: `notes/${daysAgo(1)}.md` }).count()).toBe(1);
    await saveScreenshot(page, "daemon-memory-notes");
    const before = harness.daemon.store.state.notesSummary()?.updatedAt;
    const regenerated = page.waitForResponse(
      (response) =>
        response.url().endsWith("/notes/summary") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Regenerate" }).click();
    expect((await regenerated).status()).toBe(200);
    await page.getByRole("button", { name: "Regenerate" }).waitFor();
    expect(harness.daemon.store.state.notesSummary()?.updatedAt).not.toBe(before);
    expect(await summary.textContent()).toContain("Rotated the staging service account id");
  });

  it("Recall: stats count the messages and a planted fact's query finds it", async () => {
    await openTab("Recall");
    const count = harness.daemon.store.sessionLog.nextSeq;
    expect(await page.locator(".facts").first().textContent()).toContain(
      count.toLocaleString("en-US"),
    );
    await page.getByRole("searchbox", { name: "Search query" }).fill(fact.question);
    await page.getByRole("button", { name: "Search" }).click();
    const results = page.locator(".recall-result");
    await results.first().waitFor();
    const texts = await results.locator(".snippet").allInnerTexts();
    expect(texts.some((text) => text.includes(fact.answer))).toBe(true);
    // The index's [match] markers become <mark> elements, not literal brackets.
    const marked = await results.locator("mark").allInnerTexts();
    expect(marked.length).toBeGreaterThan(0);
    for (const word of fact.question.split(" "))
      expect(texts.join("\n")).not.toContain(`[${word}]`);
    await saveScreenshot(page, "daemon-memory-recall");
  });

  it("Context: tagged sections with token counts, the conversation summary among them", async () => {
    await openTab("Context");
    const sections = page.locator("details.prompt-section");
    const tags = await sections.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("data-tag")),
    );
    expect(tags).toEqual(expect.arrayContaining(["document", "tools", "conversation_summary"]));
    expect(await sections.first().locator(".section-label").textContent()).toBe("AGENTS.md");
    expect(await sections.first().locator(".section-tokens").textContent()).toMatch(/^\d+ tok$/);
    const summary = page.locator('details.prompt-section[data-tag="conversation_summary"]');
    const summaryTokens = Number(
      (await summary.locator(".section-tokens").textContent())?.replace(/\D/g, ""),
    );
    expect(summaryTokens).toBeGreaterThan(1_000);
    expect(summaryTokens).toBeLessThanOrEqual(15_000); // summaryBudget 0.75 of 20,000
    expect(await page.locator(".card").first().textContent()).toMatch(
      /[\d,]+ messages trimmed and summarized/,
    );
    await summary.locator("summary").click();
    await expect.poll(() => summary.locator(".section-body").textContent()).toContain("level: L");
    await saveScreenshot(page, "daemon-memory-context");
  });

  it("ran without CSP violations or page errors", () => {
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });
});
