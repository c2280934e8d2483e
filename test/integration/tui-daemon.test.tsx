// The terminal chat against a real assembled daemon (SPEC §9): the ink App with the real HTTP + SSE
// client, the fake LLM behind the daemon. Typing, streamed replies, tool lines, chat commands,
// and a daemon that goes away and comes back on the same port.
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { initAgent } from "../../src/daemon/index.js";
import { App } from "../../src/interfaces/tui/index.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  answerBackgroundCalls,
  isBackgroundRequest,
  startTestDaemon,
  type TestDaemon,
  waitUntil,
} from "../support/test-daemon.js";

type Instance = ReturnType<typeof render>;

/** The newest frame once it contains every one of `texts`; fails with that frame after 5 s. */
async function frameWith(instance: Instance, ...texts: string[]): Promise<string> {
  try {
    return await waitUntil(() => {
      const frame = instance.lastFrame() ?? "";
      return texts.every((text) => frame.includes(text)) && frame;
    }, texts.join(", "));
  } catch (error) {
    throw new Error(`${(error as Error).message}; last frame:\n${instance.lastFrame()}`);
  }
}

/** Types like a person: the text, a tick for ink to take it, then Enter. */
async function typeLine(instance: Instance, text: string): Promise<void> {
  instance.stdin.write(text);
  await frameWith(instance, text);
  instance.stdin.write("\r");
}

describe("the TUI against the real daemon", () => {
  const harnesses: TestDaemon[] = [];
  const instances: Instance[] = [];
  const cleanups: Array<() => void> = [];

  afterEach(async () => {
    for (const instance of instances.splice(0)) instance.unmount();
    for (const harness of harnesses.splice(0)) await harness.close();
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  async function start(agentDir?: string): Promise<TestDaemon> {
    const harness = await startTestDaemon(agentDir ? { agentDir } : {});
    answerBackgroundCalls(harness.llm, "- We checked the TUI.");
    harnesses.push(harness);
    return harness;
  }

  function open(harness: TestDaemon): Instance {
    const client = createDaemonClient({ baseUrl: harness.url, token: harness.token });
    const instance = render(<App client={client} agentName="agent" reconnectDelayMs={50} />);
    instances.push(instance);
    return instance;
  }

  it("sends a typed message, streams the reply with its tool line, and answers /status", async () => {
    const harness = await start();
    harness.llm.replyToolCall("bash", { command: "echo tui-check" });
    harness.llm.reply("Done: the command printed **tui-check**.");
    const instance = open(harness);
    await frameWith(instance, "● connected", "fake-model");

    await typeLine(instance, "run the check");
    const frame = await frameWith(instance, "Done: the command printed tui-check.");
    expect(frame).toMatch(/⚙ bash echo tui-check → \d+ lines?\n/);
    expect(frame.match(/run the check/g)).toHaveLength(1);
    expect(harness.llm.requests[0]?.messages.at(-1)?.content).toMatch(
      /^\[via tui[^\]]*\]\nrun the check$/,
    );

    // The status line catches up with the turn: user, assistant with the call, tool, assistant.
    await frameWith(instance, "· 4 messages");

    const requestsBefore = harness.llm.requests.length;
    await typeLine(instance, "/status");
    const status = await frameWith(instance, "agent — model fake-model via openai-compatible");
    expect(status).toMatch(/session \S+: 4 messages/);
    expect(status).toMatch(/queue: (idle|1 running), 0 waiting/);
    expect(harness.llm.requests.slice(requestsBefore).every(isBackgroundRequest)).toBe(true);
  });

  it("shows the daemon going away and reconnects by itself when it is back on its port", async () => {
    const temp = makeTempDir("kern-tui-");
    cleanups.push(temp.cleanup);
    const agentDir = join(temp.path, "agent");
    await initAgent({ agentDir, git: false });
    const first = await start(agentDir);
    first.llm.reply("before the restart");
    const instance = open(first);
    await frameWith(instance, "● connected");
    await typeLine(instance, "hello");
    await frameWith(instance, "before the restart");

    await first.close();
    harnesses.splice(harnesses.indexOf(first), 1);
    await frameWith(instance, "disconnected — reconnecting…");

    const second = await start(agentDir); // the port was kept in config.json at first start
    expect(second.url).toBe(first.url);
    second.llm.reply("after the restart");
    await frameWith(instance, "● connected");
    await typeLine(instance, "still there?");
    const frame = await frameWith(instance, "after the restart");
    expect(frame).toContain("before the restart"); // history reloaded from the new daemon
  });
});
