// Issue 48 must-show 1 as one test: a real daemon (`kern start`), the fake model, the fake Bot API
// and a paired operator, with `kern tui` in tmux and the web page in Chromium attached to that
// daemon. A heartbeat with one checklist item whose reply is a finding sends the finding to the
// operator's Telegram chat; the next, answered NO_REPLY, sends nothing and shows as one collapsed
// line in the web chat (live and from history) and in the TUI. Each beat's checklist differs, so
// the silent beat's prompt can be looked for: it is nowhere on the screens.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
  saveScreenshot,
} from "../support/browser.js";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { type LiveDaemon, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { pairTelegramOperator } from "../support/telegram-operator.js";
import { lastUserText, turnRequests, waitUntil } from "../support/test-daemon.js";
import { lastLine, startTmux, type TmuxSession } from "../support/tmux.js";

const ANN = 42;
const FINDING = "Last night's backup is missing.";
/** The first beat's item (its finding is delivered) and the second's (answered NO_REPLY). */
const FIRST_ITEM = "Tell me if last night's backup is missing";
const SECOND_ITEM = "Tell me if the disk of the build box is nearly full";
const SILENT_LINE = "· heartbeat: nothing to report (NO_REPLY)";

describeInBrowser("a heartbeat on a real daemon: Telegram, the web and the TUI", () => {
  const agent = useProcessAgent("kern-heartbeat-everywhere-", (dir) =>
    updateConfigFile(dir, { heartbeatInterval: "2s", jobs: { max: 50, minInterval: "1s" } }),
  );
  const checklist = (text: string) => writeFileSync(join(agent.dir, "HEARTBEAT.md"), text);
  let telegram: FakeTelegram;
  let live: LiveDaemon;
  let browser: BrowserSession;
  let page: Page;
  let tui: TmuxSession;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const env = { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot };
    [live, browser] = await Promise.all([startLiveDaemon(agent.dir, env), launchBrowser()]);
    await pairTelegramOperator(telegram, agent.dir, ANN);
    tui = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], {
      env: { NO_COLOR: "1" },
      width: 120,
      height: 40,
    });
    await tui.waitFor((lines) => lastLine(lines).startsWith("❯"));
    await tui.waitFor((lines) => lines.some((line) => line.includes("connected")));
    page = await browser.context.newPage();
    await logInThroughForm(page, live.url, live.token);
    await page.getByRole("link", { name: "Chat" }).click();
    await page.locator(".connection.open").waitFor();
  }, 90_000);

  afterAll(async () => {
    await tui?.close();
    await browser?.close();
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
  }, 60_000);

  /** The web chat's silent heartbeat lines: their summaries, open state and heights. */
  async function silentLines() {
    const lines = page.locator("details.silent-turn");
    await lines.first().waitFor();
    return lines.evaluateAll((elements) =>
      elements.map((element) => ({
        summary: element.querySelector("summary")?.textContent ?? "",
        open: (element as HTMLDetailsElement).open,
        height: element.getBoundingClientRect().height,
      })),
    );
  }

  it("sends the finding to the operator's chat, and nothing for NO_REPLY, shown as one line", async () => {
    // Each beat's reply is given when its request arrives; it also writes the next checklist, so
    // the second beat checks the other item and no third beat runs (an empty checklist).
    agent.llm.replyWith(() => {
      checklist(`- ${SECOND_ITEM}\n`);
      return FINDING;
    });
    agent.llm.replyWith(() => {
      checklist("# Heartbeat\n");
      return "NO_REPLY";
    });
    const sentBefore = telegram.sent("sendMessage").length;
    checklist(`- ${FIRST_ITEM}\n`);

    await waitUntil(
      () => telegram.messages(ANN).includes(FINDING),
      "the finding in Ann's chat",
      30_000,
    );
    const web = await silentLines();
    const screen = await tui.waitFor((lines) => lines.some((line) => line.includes(SILENT_LINE)));
    // The silent beat has ended everywhere; a late message would have left with its turn-end.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const beats = turnRequests(agent.llm).map(lastUserText);
    expect(beats).toHaveLength(2);
    expect(beats[0]).toMatch(/^\[via heartbeat, /);
    expect(beats[0]).toContain(FIRST_ITEM);
    expect(beats[1]).toContain(SECOND_ITEM);
    // Telegram: the finding, once, and nothing else; NO_REPLY never reached the chat.
    expect(telegram.sent("sendMessage").length).toBe(sentBefore + 1);
    expect(telegram.messages(ANN).filter((text) => text.includes("NO_REPLY"))).toEqual([]);

    // The web chat, live: one collapsed line, no bubble with the silent beat's prompt or reply.
    expect(web).toEqual([
      { summary: expect.stringContaining(SILENT_LINE), open: false, height: expect.any(Number) },
    ]);
    expect(web[0]?.height).toBeLessThan(40);
    expect(await page.locator(".message").filter({ hasText: SECOND_ITEM }).count()).toBe(0);
    expect(await page.locator(".message").filter({ hasText: FINDING }).count()).toBe(1);
    expect(
      await page
        .locator(".message.assistant")
        .filter({ hasText: /^NO_REPLY$/ })
        .count(),
    ).toBe(0);
    await saveScreenshot(page, "heartbeat-everywhere");
    // ... and from the daemon's history after a reload: the same one line.
    await page.reload();
    await page.locator(".connection.open").waitFor();
    const reloaded = await silentLines();
    expect(reloaded.map(({ summary, open }) => ({ summary, open }))).toEqual([
      { summary: expect.stringContaining(SILENT_LINE), open: false },
    ]);
    expect(await page.locator(".message").filter({ hasText: SECOND_ITEM }).count()).toBe(0);

    // The TUI: one line for the silent beat; its prompt is not drawn, the finding is.
    const drawn = (await tui.history()).join("\n");
    expect(drawn.split(SILENT_LINE)).toHaveLength(2);
    expect(drawn).not.toContain(SECOND_ITEM);
    expect(drawn).toContain(FINDING);
    expect(screen.join("\n")).toContain(SILENT_LINE);
  }, 90_000);
});
