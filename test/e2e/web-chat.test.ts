// The web chat in a real headless Chromium: login, streaming replies, tool calls, commands,
// cancel, history paging, and agent output that tries to inject HTML.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  BROWSER_TOKEN,
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

const XSS = "<img src=x onerror=alert(1)>";

describeInBrowser("web chat", () => {
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
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  /** Logs in unless the page already shows the app, and opens the chat: tests stand alone. */
  async function onChat(): Promise<void> {
    if ((await page.locator(".app-header").count()) === 0) {
      await logInThroughForm(page, harness.url);
    }
    await page.getByRole("link", { name: "Chat" }).click();
    await page.locator(".connection.open").waitFor();
  }

  async function send(text: string): Promise<void> {
    await page.locator(".composer-input").fill(text);
    await page.keyboard.press("Enter");
  }

  /** The last turn on the page once it has ended. */
  function lastEndedTurn() {
    return page.locator(".turn").last().locator(".message.assistant:not(.live)");
  }

  it("answers 401 without login and shows the login form", async () => {
    const status = await fetch(`${harness.url}status`);
    expect(status.status).toBe(401);
    await browser.context.clearCookies(); // logged out, whatever ran before
    await page.goto(harness.url);
    await expect.poll(() => page.locator("input[name=token]").isVisible()).toBe(true);
    await page.locator("input[name=token]").fill("wrong-token");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.locator(".login .error-box").filter({ hasText: "wrong token" }).waitFor();
    await saveScreenshot(page, "login");
  });

  it("logs in with the token, keeping it out of the URL and of storage", async () => {
    await browser.context.clearCookies();
    await logInThroughForm(page, harness.url);
    await page.locator(".connection.open").waitFor();
    expect(page.url()).not.toContain(BROWSER_TOKEN);
    const stored = await page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
    }));
    expect(stored).toEqual({ local: 0, session: 0, cookie: "" }); // the cookie is HttpOnly
    await page.locator(".messages .message.assistant").first().waitFor();
  });

  it("sends a message and streams the reply, with the tool call collapsed", async () => {
    await onChat();
    await send("What is booked for Lisbon?");
    await page.locator(".turn .message.assistant.live .reply-text p").first().waitFor();
    await lastEndedTurn().waitFor();
    const reply = page.locator(".turn").last();
    await expect
      .poll(() => reply.locator(".reply-text").textContent())
      .toContain("Lisbon flat is booked");
    await expect.poll(() => reply.locator("strong").first().textContent()).toBe("memory");
    const tool = reply.locator("details.tool");
    expect(await tool.getAttribute("open")).toBeNull();
    expect(await tool.locator(".tool-output").isVisible()).toBe(false);
    await tool.locator("summary").click();
    await expect.poll(() => tool.locator(".tool-output").textContent()).toContain("2 results");
    expect(await tool.locator(".tool-arguments").textContent()).toContain('"query"');
    expect(runtime.envelopes.at(-1)).toMatchObject({ interface: "web" });
    await page.locator(".messages").evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await saveScreenshot(page, "chat");
  });

  it("shows agent output that carries HTML as text, and no script runs", async () => {
    await onChat();
    await send(`please repeat ${XSS} and **bold** [link](javascript:alert(2))`);
    await lastEndedTurn().waitFor();
    const turn = page.locator(".turn").last();
    await expect.poll(() => turn.locator(".message.user .plain").textContent()).toContain(XSS);
    await expect.poll(() => turn.locator(".reply-text").textContent()).toContain(XSS);
    expect(await page.locator(".messages img").count()).toBe(0);
    expect(await page.locator('.messages a[href^="javascript"]').count()).toBe(0);
    expect(await turn.locator(".reply-text strong", { hasText: "bold" }).count()).toBe(1);
    expect(watched.dialogs).toEqual([]);
  });

  it("renders nested lists as nested lists, and code blocks with a Copy button", async () => {
    await onChat();
    runtime.reply(
      "Steps:\n\n1. install\n   - node 20\n   - npm ci\n2. build\n3. run\n\n```sh\nkern demo /tmp/d\n```",
    );
    await send("how do I set it up?");
    await lastEndedTurn().waitFor();
    const reply = page.locator(".turn").last().locator(".reply-text");
    await reply.locator("ol > li > ul > li", { hasText: "npm ci" }).waitFor();
    expect(await reply.locator("ol > li").count()).toBe(3);
    expect(await reply.locator("ol > li").nth(2).textContent()).toBe("run");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await reply.getByRole("button", { name: "Copy" }).click();
    await reply.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("kern demo /tmp/d");
    expect(await reply.locator(".code-language").textContent()).toBe("sh");
  });

  it("answers slash commands with their result, with hints while typing", async () => {
    await onChat();
    await page.locator(".composer-input").fill("/sta");
    await page.locator(".command-hints li", { hasText: "/status" }).waitFor();
    await send("/status");
    const result = page.locator(".turn").last().locator(".command-result");
    await result.waitFor();
    expect(await result.locator(".command-name").textContent()).toBe("/status");
    expect(await result.textContent()).toContain("2140 messages");
  });

  it("answers /pair CODE and unknown commands on the page, never through the model", async () => {
    await onChat();
    const sent = runtime.envelopes.length;
    const pending = await runtime.pairing.request({
      channel: "telegram",
      userId: "77",
      chatId: "77",
      name: "Bea",
    });
    await send(`/pair ${pending.code.toLowerCase()}`);
    const paired = page.locator(".turn").last().locator(".command-result");
    await expect.poll(() => paired.textContent()).toContain("paired Bea (telegram user 77)");
    await send("/frobnicate now");
    const unknown = page.locator(".turn").last().locator(".command-result");
    await expect.poll(() => unknown.textContent()).toContain("unknown command /frobnicate");
    expect(runtime.envelopes.length).toBe(sent);
  });

  it("counts the Pairing badge down at once after an approval (issue 31)", async () => {
    const badge = page.locator(".main-nav .nav-badge");
    const pending = await runtime.pairing.request({
      channel: "telegram",
      userId: "88",
      chatId: "88",
      name: "Cy",
    });
    await page.evaluate(() => {
      location.hash = "#/pairing";
    });
    await expect.poll(() => badge.textContent()).toBe("1");
    expect(await badge.isVisible()).toBe(true);
    await page.locator(`.pairing-item[data-code="${pending.code}"] button`).click();
    await page.locator(".pairing-item", { hasText: "Cy" }).locator("strong").waitFor();
    await expect.poll(() => badge.isVisible(), { timeout: 5000 }).toBe(false);

    const second = await runtime.pairing.request({
      channel: "telegram",
      userId: "89",
      chatId: "89",
      name: "Dee",
    });
    await page.evaluate(() => {
      location.hash = "#/chat";
    });
    await expect.poll(() => badge.textContent()).toBe("1");
    await send(`/pair ${second.code}`);
    await expect.poll(() => badge.isVisible(), { timeout: 5000 }).toBe(false);
  });

  it("keeps the input usable mid-turn and cancels the running turn", async () => {
    await onChat();
    runtime.stepMs = 80;
    try {
      await send("tell me a long story");
      const cancel = page.getByRole("button", { name: "Cancel" });
      await cancel.waitFor();
      await page.locator(".composer-input").fill("typing while it runs");
      await cancel.click();
      await page.locator(".turn").last().locator(".turn-note.cancelled").waitFor();
      expect(await page.locator(".composer-input").inputValue()).toBe("typing while it runs");
      expect(await cancel.isVisible()).toBe(false);
    } finally {
      runtime.stepMs = 15;
      await page.locator(".composer-input").fill("");
    }
  });

  it("loads older history when scrolled to the top", async () => {
    await onChat();
    const before = await page.locator(".messages .message").count();
    await page.locator(".messages").evaluate((list) => list.scrollTo(0, 0));
    await expect.poll(() => page.locator(".messages .message").count()).toBeGreaterThan(before);
  });

  it("fits a phone screen", async () => {
    await onChat();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(".composer-input").waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await saveScreenshot(page, "chat-phone");
    await page.setViewportSize({ width: 1280, height: 820 });
  });

  it("shows the connection going away and asks to log in again after a restart", async () => {
    await onChat();
    await page.locator(".connection.open").waitFor();
    await harness.restart(); // sessions live in memory: the new server does not know ours
    await page
      .locator(".login .error-box", { hasText: "session ended" })
      .waitFor({ timeout: 15_000 });
    await logInThroughForm(page, harness.url);
    await page.locator(".connection.open").waitFor();
    expect(await page.locator(".login").count()).toBe(0);
  });

  it("ran without CSP violations or page errors", () => {
    expect(watched.cspViolations).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});
