// Issue 14, Must show 3: the real `kern tui` in a real terminal (tmux) against a real daemon with
// the fake model. Typing, cursor keys, history, paste and Tab as a person uses them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";
import { lastLine, startTmux, type TmuxSession } from "../support/tmux.js";

/** The text of the newest user message the model received, without kern's envelope line. */
function lastUserText(request: FakeChatRequest | undefined): string {
  const user = request?.messages.filter((message) => message.role === "user").at(-1);
  return String(user?.content ?? "").replace(/^\[via [^\]]*\]\n/, "");
}

/** The user text of the next turn request after the `before` ones the model had. */
async function modelReceives(agent: { llm: { requests: FakeChatRequest[] } }, before: number) {
  const count = before + 1;
  const deadline = Date.now() + 20_000;
  while (turnRequests(agent.llm as never).length < count) {
    if (Date.now() > deadline) throw new Error(`the model got no request #${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return lastUserText(turnRequests(agent.llm as never)[count - 1]);
}

describe("kern tui in tmux", () => {
  const agent = useProcessAgent("kern-tui-");
  let tui: TmuxSession;

  beforeAll(async () => {
    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
    tui = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], { env: { NO_COLOR: "1" } });
    await tui.waitFor((lines) => lastLine(lines).startsWith("❯"));
    await tui.waitFor((lines) => lines.some((line) => line.includes("connected")));
  }, 60_000);

  afterAll(async () => {
    await tui?.close();
  });

  /** An empty input line, whatever the test before left in it (tests run in any order). */
  async function emptyLine(): Promise<void> {
    await tui.keys("C-u");
    await tui.waitFor((lines) => lastLine(lines) === "❯");
  }

  it("edits at the cursor: helo, Left, l, Enter sends hello; Up recalls it", async () => {
    await emptyLine();
    const before = turnRequests(agent.llm).length;
    agent.llm.reply("hi there");
    await tui.type("helo");
    await tui.keys("Left");
    await tui.type("l");
    await tui.waitFor((lines) => lastLine(lines) === "❯ hello");
    await tui.keys("Enter");
    expect(await modelReceives(agent, before)).toBe("hello");
    await tui.waitFor((lines) => lines.some((line) => line.includes("hi there")));
    await tui.keys("Up");
    await tui.waitFor((lines) => lastLine(lines) === "❯ hello");
    await tui.keys("C-u");
    expect(lastLine(await tui.waitFor((lines) => lastLine(lines) === "❯"))).toBe("❯");
  }, 60_000);

  it("sends a pasted 3-line text as 3 lines", async () => {
    await emptyLine();
    const before = turnRequests(agent.llm).length;
    agent.llm.reply("got three lines");
    await tui.paste("one\ntwo\nthree");
    await tui.waitFor((lines) => lines.includes("  three"));
    expect(lastLine(await tui.screen())).toBe("  three");
    await tui.keys("Enter");
    expect(await modelReceives(agent, before)).toBe("one\ntwo\nthree");
    await tui.waitFor((lines) => lines.some((line) => line.includes("got three lines")));
  }, 60_000);

  it("completes /sta to /status with Tab, and the daemon answers it", async () => {
    await emptyLine();
    await tui.type("/sta");
    await tui.keys("Tab");
    await tui.waitFor((lines) => lastLine(lines) === "❯ /status");
    await tui.keys("Enter");
    const answered = await tui.waitFor((lines) => lines.some((line) => line.includes("queue:")));
    expect(answered.join("\n")).toContain("session");
  }, 60_000);

  it("completes /sta and a Tab that arrive in one read (issue 31)", async () => {
    await tui.burst("/sta\t");
    const completed = await tui.waitFor((lines) => lastLine(lines) === "❯ /status");
    expect(lastLine(completed)).toBe("❯ /status");
    await tui.keys("C-u");
    await tui.waitFor((lines) => lastLine(lines) === "❯");
  }, 60_000);

  it("answers an unknown /foo itself, without the model", async () => {
    await emptyLine();
    const before = turnRequests(agent.llm).length;
    await tui.type("/foo");
    await tui.keys("Enter");
    await tui.waitFor((lines) => lines.some((line) => line.includes("unknown command /foo")));
    expect(turnRequests(agent.llm).length).toBe(before);
  }, 60_000);

  it("remembers the history per agent: a new kern tui recalls the last message with Up", async () => {
    await emptyLine();
    // Two lines of its own (answered by the terminal itself, no model), then a new kern tui.
    await tui.type("/nope-one");
    await tui.keys("Enter");
    await tui.waitFor((lines) => lines.some((line) => line.includes("unknown command /nope-one")));
    await tui.type("/nope-two");
    await tui.keys("Enter");
    await tui.waitFor((lines) => lines.some((line) => line.includes("unknown command /nope-two")));
    await tui.keys("C-c");
    await tui.close();
    tui = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], { env: { NO_COLOR: "1" } });
    await tui.waitFor((lines) => lines.some((line) => line.includes("connected")));
    await tui.keys("Up");
    await tui.waitFor((lines) => lastLine(lines) === "❯ /nope-two");
    await tui.keys("Up");
    const older = await tui.waitFor((lines) => lastLine(lines) === "❯ /nope-one");
    expect(lastLine(older)).toBe("❯ /nope-one");
  }, 60_000);
});
