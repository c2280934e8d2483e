// Issue 31, Must show 1: a reply taller than the terminal keeps its last line on screen when the
// turn ends — in the real `kern tui` in tmux at 80×24 and 120×40, for a message typed in the TUI,
// one from Telegram (the fake Bot API) and one from the web (the daemon API, interface "web").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDaemonClient, type DaemonClient } from "../../src/client/index.js";
import { findDaemon } from "../../src/daemon/address/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";
import { lastLine, startTmux, type TmuxSession } from "../support/tmux.js";

const ANN = 42;

/** Polls `probe` until it gives a value (bounded: fails after 20 s). */
async function until<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`never saw ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const LINES = 200;

/** A 200-line markdown reply; its last line names the turn, so each test finds its own end. */
function tallReply(tag: string): string {
  const lines = Array.from({ length: LINES - 1 }, (_, index) => `- ${tag} line ${index + 1}`);
  return [...lines, `- ${tag} line ${LINES} THE END`].join("\n");
}

/** The screen once the turn's end has been drawn: the last line, the one before it, the prompt. */
async function showsEnd(tui: TmuxSession, tag: string): Promise<string[]> {
  // The turn has ended in the TUI too: the status line offers /help again, not Esc.
  const screen = await tui.waitFor(
    (lines) =>
      lines.some((line) => line.includes(`${tag} line ${LINES} THE END`)) &&
      lines.some((line) => line.includes("/help · Ctrl-C quits")),
    20_000,
  );
  const end = screen.findIndex((line) => line.includes(`${tag} line ${LINES} THE END`));
  expect(screen[end - 1]).toContain(`${tag} line ${LINES - 1}`);
  // The scrollback holds the reply once, in order: no row lost, none drawn twice.
  const rows = (await tui.history()).filter((line) => line.includes(`${tag} line `));
  const expected = Array.from({ length: LINES }, (_, index) => `${tag} line ${index + 1}`);
  expect(rows.map((line) => /\S+ line \d+/.exec(line)?.[0])).toEqual(expected);
  return screen;
}

describe("a reply taller than the terminal in kern tui", () => {
  let telegram: FakeTelegram;
  const agent = useProcessAgent("kern-tall-");
  let client: DaemonClient;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const env = { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot };
    const started = await kernProcess(["start", agent.dir], env);
    expect(started.code, started.stderr).toBe(0);
    const address = await findDaemon(agent.dir);
    if (!address) throw new Error("the daemon wrote no address");
    client = createDaemonClient({ baseUrl: address.url, token: address.token });
    // Ann pairs once, so her later messages become turns.
    telegram.userSays({ chatId: ANN, text: "hello?" });
    const code = await until(async () => (await client.pairingList()).pending[0]?.code, "a code");
    await client.pairingApprove(code);
  }, 60_000);

  afterAll(async () => {
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
  }, 60_000);

  /** Waits until the daemon has no turn running or queued (the reply is complete in the log). */
  async function turnsSettle(count: number): Promise<void> {
    await until(async () => turnRequests(agent.llm).length >= count, `turn request #${count}`);
    await until(async () => {
      const { queue } = await client.status();
      return queue.running === null && queue.waiting === 0;
    }, "the turn's end");
  }

  for (const [width, height] of [
    [80, 24],
    [120, 40],
  ] as const) {
    describe(`at ${width}×${height}`, () => {
      let tui: TmuxSession;
      let sent = 0;

      beforeAll(async () => {
        sent = turnRequests(agent.llm).length;
        tui = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], {
          env: { NO_COLOR: "1" },
          width,
          height,
        });
        await tui.waitFor((lines) => lines.some((line) => line.includes("connected")));
      }, 60_000);

      afterAll(async () => {
        await tui?.close();
      });

      it("a message typed in the TUI", async () => {
        const tag = `tui${width}`;
        agent.llm.reply(tallReply(tag), { pieces: 50, pieceDelayMs: 40 });
        await tui.type("tell me a long story");
        await tui.keys("Enter");
        await turnsSettle(++sent);
        const screen = await showsEnd(tui, tag);
        expect(lastLine(screen)).toBe("❯");
      }, 60_000);

      it("a message from Telegram", async () => {
        const tag = `tg${width}`;
        agent.llm.reply(tallReply(tag), { pieces: 50, pieceDelayMs: 40 });
        telegram.userSays({ chatId: ANN, text: "a long one please" });
        await turnsSettle(++sent);
        const screen = await showsEnd(tui, tag);
        expect(lastLine(screen)).toBe("❯");
      }, 60_000);

      it("a message from the web", async () => {
        const tag = `web${width}`;
        agent.llm.reply(tallReply(tag), { pieces: 50, pieceDelayMs: 40 });
        await client.sendMessage({ text: "and one more", interface: "web" });
        await turnsSettle(++sent);
        const screen = await showsEnd(tui, tag);
        expect(lastLine(screen)).toBe("❯");
      }, 60_000);
    });
  }
});
