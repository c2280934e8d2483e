import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { FakeDaemonClient } from "../../../test/fakes/fake-daemon-client.js";
import type { Envelope, SessionMessage } from "../../kernel/index.js";
import { App } from "./App.js";
import { historyToItems } from "./history-to-items.js";

type Instance = ReturnType<typeof render>;
const instances: Instance[] = [];

afterEach(() => {
  for (const instance of instances.splice(0)) instance.unmount();
});

function start(client: FakeDaemonClient): Instance {
  const instance = render(<App client={client} agentName="ada" reconnectDelayMs={10} />);
  instances.push(instance);
  return instance;
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

async function frameWith(instance: Instance, text: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const frame = instance.lastFrame() ?? "";
    if (frame.includes(text)) return frame;
    if (Date.now() > deadline) throw new Error(`frame never showed ${text}:\n${frame}`);
    await tick();
  }
}

const PROMPT = "Read HEARTBEAT.md and check each item.\nIs last night's backup there?";

const beat: Envelope = { interface: "heartbeat", text: PROMPT, ts: "2026-01-01T00:00:00Z" };

const history = (): SessionMessage[] => [
  { seq: 0, ts: "t", role: "user", content: "hello", meta: { interface: "tui", turnId: "t0" } },
  { seq: 1, ts: "t", role: "assistant", content: "hi there", meta: { turnId: "t0" } },
  {
    seq: 2,
    ts: "t",
    role: "user",
    content: `[via job backups, 2026-01-01T00:00Z]\n${PROMPT}`,
    meta: { interface: "job", name: "backups", turnId: "t1", kind: "job" },
  },
  { seq: 3, ts: "t", role: "assistant", content: "NO_REPLY", meta: { turnId: "t1", silent: true } },
  { seq: 4, ts: "t", role: "user", content: "later", meta: { interface: "tui", turnId: "t2" } },
];

describe("silent turns in the TUI (issue 48 item 2)", () => {
  it("collapses a NO_REPLY heartbeat turn to one line when it ends", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    // The daemon's order: queued (nothing running), then started.
    client.push({ type: "turn-queue", turnId: "hb1", envelope: beat, position: 0 });
    await frameWith(instance, "Is last night's backup there?");
    client.push(
      { type: "turn-start", turnId: "hb1", envelope: beat },
      { type: "text-delta", turnId: "hb1", text: "NO_REPLY" },
    );
    await frameWith(instance, "Is last night's backup there?");
    client.push({
      type: "turn-end",
      turnId: "hb1",
      text: "NO_REPLY",
      stopReason: "end",
      silent: true,
      kind: "heartbeat",
    });
    const frame = await frameWith(instance, "· heartbeat: nothing to report (NO_REPLY)");
    expect(frame).not.toContain("HEARTBEAT.md");
    expect(frame.match(/NO_REPLY/g)).toHaveLength(1);
  });

  it("keeps a heartbeat turn that found something whole", async () => {
    const client = new FakeDaemonClient();
    const instance = start(client);
    await client.waitForStream();
    client.push(
      { type: "turn-start", turnId: "hb2", envelope: beat },
      { type: "text-delta", turnId: "hb2", text: "The backup is missing." },
      { type: "turn-end", turnId: "hb2", text: "The backup is missing.", stopReason: "end" },
    );
    const frame = await frameWith(instance, "The backup is missing.");
    expect(frame).toContain("Is last night's backup there?");
    expect(frame).not.toContain("nothing to report");
  });

  it("shows a silent job turn from history as one line, in its place", async () => {
    const client = new FakeDaemonClient();
    client.historyMessages = history();
    const instance = start(client);
    const frame = await frameWith(instance, "later");
    const lines = frame.split("\n").filter((line) => line.trim() !== "");
    const at = lines.findIndex((line) => line.includes("· job backups: nothing to report"));
    expect(at).toBeGreaterThan(lines.findIndex((line) => line.includes("hi there")));
    expect(lines[at + 1]).toContain("later");
    expect(frame).not.toContain("HEARTBEAT.md");
  });

  it("shows the collapsed prompt again on /expand, without the model", async () => {
    const client = new FakeDaemonClient();
    client.historyMessages = history();
    const instance = start(client);
    await frameWith(instance, "· job backups: nothing to report");
    await frameWith(instance, "connected");
    instance.stdin.write("/expand");
    await frameWith(instance, "❯ /expand");
    instance.stdin.write("\r");
    const frame = await frameWith(instance, "Is last night's backup there?");
    expect(frame).toContain("job backups: nothing to report (NO_REPLY), its prompt:");
    expect(client.sentMessages).toEqual([]);
  });
});

describe("historyToItems with silent turns", () => {
  it("replaces the turn's prompt and reply by one item that keeps the prompt", () => {
    const items = historyToItems(history());
    expect(items.map((item) => item.kind)).toEqual(["user", "assistant", "silent", "user"]);
    expect(items[2]).toEqual({
      kind: "silent",
      turnId: "t1",
      source: "job backups",
      prompt: PROMPT,
    });
  });
});
