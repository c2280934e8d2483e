// Issue 48 item 6 (ADR 0009): a message typed in `kern tui` while a reply streams waits below the
// reply, dimmed and marked "(queued)", and moves into place when its turn starts; the reply is
// never split around it. The real TUI in tmux at 120×40 and 80×24, against a daemon whose fake
// model holds its reply half-way until the queued message is on screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { lastLine, startTmux, type TmuxSession } from "../support/tmux.js";

const REPLY_LINES = 6;

/** A reply of six markdown lines, each naming the size it is for. */
function reply(tag: string): string {
  return Array.from({ length: REPLY_LINES }, (_, index) => `- ${tag} reply ${index + 1}`).join(
    "\n",
  );
}

/** Lines of `lines` that hold one of these markers, in order, each by its first marker. */
function order(lines: string[], markers: string[]): string[] {
  return lines.flatMap((line) => markers.filter((marker) => line.includes(marker)).slice(0, 1));
}

describe("a message typed while a reply streams in kern tui", () => {
  const agent = useProcessAgent("kern-tui-queue-");

  beforeAll(async () => {
    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
  }, 60_000);

  for (const [width, height] of [
    [120, 40],
    [80, 24],
  ] as const) {
    describe(`at ${width}×${height}`, () => {
      let tui: TmuxSession;

      beforeAll(async () => {
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

      it("waits below the reply as (queued), then takes its place after it", async () => {
        const tag = `w${width}`;
        let release: () => void = () => undefined;
        const until = new Promise<void>((resolve) => {
          release = resolve;
        });
        agent.llm.reply(reply(tag), { pieces: REPLY_LINES, hold: { afterPieces: 3, until } });
        agent.llm.reply(`${tag} second answer`);
        await tui.type(`${tag} first question`);
        await tui.keys("Enter");
        await tui.waitFor((lines) => lines.some((line) => line.includes(`${tag} reply 3`)));

        await tui.type(`${tag} second question`);
        await tui.keys("Enter");
        const waiting = await tui.waitFor((lines) =>
          lines.some((line) => line.includes(`${tag} second question  (queued)`)),
        );
        // Below the half-streamed reply, not inside it.
        const queuedAt = waiting.findIndex((line) => line.includes(`${tag} second question`));
        const replyAt = waiting.findIndex((line) => line.includes(`${tag} reply 3`));
        expect(queuedAt).toBeGreaterThan(replyAt);

        release();
        const done = await tui.waitFor(
          (lines) =>
            lines.some((line) => line.includes(`${tag} second answer`)) &&
            lines.some((line) => line.includes("/help · Ctrl-C quits")),
        );
        expect(done.some((line) => line.includes("(queued)"))).toBe(false);
        expect(lastLine(done)).toBe("❯");
        // The scrollback, in order: the question, the whole reply, the second question, its answer.
        const replyLines = Array.from(
          { length: REPLY_LINES },
          (_, index) => `${tag} reply ${index + 1}`,
        );
        const markers = [
          `${tag} first question`,
          ...replyLines,
          `${tag} second question`,
          `${tag} second answer`,
        ];
        expect(order(await tui.history(), markers)).toEqual(markers);
      }, 60_000);
    });
  }
});
