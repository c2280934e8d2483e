// Issue 13: `kern import` while the daemon runs goes through the daemon (the one writer): the
// import waits its turn in the queue, a message sent during it is answered after it, progress
// reaches connected interfaces, a bad line leaves the log byte-identical, and `kern doctor` works.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient, type DaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { waitUntil } from "../support/test-daemon.js";

const TOPICS = ["lighthouse keepers", "sourdough starters", "tidal charts", "violin strings"];

function conversationLines(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      id: `c${index}`,
      role: index % 2 === 0 ? "user" : "assistant",
      content: `${index % 2 === 0 ? "Tell me" : "Here is what I know"} about ${TOPICS[Math.floor(index / 150) % 4]}, note ${index}.`,
    }),
  );
}

function sessionLines(dir: string): Array<{ seq?: number; role?: string; content?: string }> {
  const sessions = join(dir, ".kern", "sessions");
  const [file] = readdirSync(sessions);
  return readFileSync(join(sessions, file ?? ""), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { seq?: number; role?: string; content?: string });
}

function sessionBytes(dir: string): Buffer {
  const sessions = join(dir, ".kern", "sessions");
  const [file] = readdirSync(sessions);
  return readFileSync(join(sessions, file ?? ""));
}

describe("kern import with the daemon running (issue 13)", () => {
  const agent = useProcessAgent("kern-import-daemon-");
  const dir = agent.dir;

  async function client(): Promise<DaemonClient> {
    const status = await kernProcess(["status", dir, "--json"]);
    const { url } = JSON.parse(status.stdout) as { url: string };
    const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    return createDaemonClient({ baseUrl: url, token });
  }

  /** Starts the daemon unless it runs: each test stands alone, in any order. */
  async function running(): Promise<void> {
    const status = await kernProcess(["status", dir, "--json"]);
    if ((JSON.parse(status.stdout) as { running?: boolean }).running) return;
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
  }

  it("queues the import behind the running turn; a message sent during it is answered after it", async () => {
    await running();
    // Messages the session had before (other tests of this file may have run first).
    const base = (
      JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
        session: { messages: number };
      }
    ).session.messages;
    const daemon = await client();
    const events: StreamEvent[] = [];
    const abort = new AbortController();
    // Send only once the stream is open, or the turn's first events can pass before it listens.
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const listening = (async () => {
      for await (const event of daemon.events(abort.signal, { onOpen: () => opened() }))
        events.push(event);
    })().catch(() => undefined);
    await open;
    const file = join(dir, "..", "chat.jsonl");
    writeFileSync(file, `${conversationLines(600).join("\n")}\n`);

    agent.llm.reply("before, answered", { delayMs: 2500 });
    await daemon.sendMessage({ text: "t-before" });
    await waitUntil(
      () => events.some((event) => event.type === "turn-start"),
      "turn start",
      10_000,
    );
    const importing = kernProcess(["import", file, dir, "--json"]);
    await waitUntil(
      () =>
        events.some(
          (event) => event.type === "turn-queue" && event.envelope.text.startsWith("/import"),
        ),
      "the import in the queue",
      20_000,
    );
    agent.llm.reply("after, answered");
    await daemon.sendMessage({ text: "t-after" });
    const imported = await importing;
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as {
      imported: number;
      seqStart: number;
      seqEnd: number;
      segments: Record<string, number>;
    };
    expect(report).toMatchObject({ imported: 600, seqStart: base + 2, seqEnd: base + 602 });
    expect(report.segments["L0"]).toBeGreaterThan(0);

    await waitUntil(
      () => sessionLines(dir).some((line) => line.content === "after, answered"),
      "the reply to the message sent during the import",
      30_000,
    );
    const lines = sessionLines(dir).filter((line) => line.seq !== undefined);
    expect(lines.map((line) => line.seq)).toEqual(lines.map((_, index) => index));
    expect(lines[base]?.content).toBe("t-before");
    expect(lines[base + 1]?.content).toBe("before, answered");
    expect(lines[base + 2]?.content).toContain("note 0.");
    expect(lines[base + 601]?.content).toContain("note 599.");
    expect(lines[base + 602]?.content).toBe("t-after");
    expect(events.some((event) => event.type === "import-progress")).toBe(true);

    const status = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      session: { messages: number };
      memory: { segments: Record<string, number> };
    };
    expect(status.session.messages).toBe(base + 604);
    expect(status.memory.segments["L0"]).toBeGreaterThanOrEqual(report.segments["L0"] ?? 1);
    const segments = JSON.parse((await kernProcess(["segments", dir, "--json"])).stdout) as {
      segments: Array<{ level: number; seqStart: number; seqEnd: number }>;
    };
    const leaves = segments.segments.filter((row) => row.level === 0);
    expect(Math.max(...leaves.map((row) => row.seqEnd))).toBeGreaterThanOrEqual(base + 602);
    abort.abort();
    await listening;
  }, 120_000);

  it("refuses a file with a bad line, naming it, and leaves the log byte-identical", async () => {
    await running();
    const before = sessionBytes(dir);
    const file = join(dir, "..", "bad.jsonl");
    const lines = conversationLines(20);
    lines[9] = '{"role": "user", "content": 42}';
    writeFileSync(file, `${lines.join("\n")}\n`);
    const result = await kernProcess(["import", file, dir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("bad.jsonl: line 10");
    expect(sessionBytes(dir).equals(before)).toBe(true);
  }, 60_000);

  it("refuses to import the same file twice", async () => {
    await running();
    const file = join(dir, "..", "twice.jsonl");
    const lines = Array.from({ length: 10 }, (_, index) =>
      JSON.stringify({
        id: `twice-${index}`,
        role: index % 2 === 0 ? "user" : "assistant",
        content: `Once only, line ${index}.`,
      }),
    );
    writeFileSync(file, `${lines.join("\n")}\n`);
    const first = await kernProcess(["import", file, dir]);
    expect(first.code, first.stderr).toBe(0);
    const before = sessionBytes(dir);
    const result = await kernProcess(["import", file, dir]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("already imported");
    expect(sessionBytes(dir).equals(before)).toBe(true);
  }, 60_000);

  it("kern doctor --json answers through the daemon while it runs", async () => {
    await running();
    const status = await kernProcess(["status", dir, "--json"]);
    const { session } = JSON.parse(status.stdout) as { session: { messages: number } };
    const doctor = await kernProcess(["doctor", dir, "--json"]);
    expect(doctor.code, doctor.stderr).toBe(0);
    const report = JSON.parse(doctor.stdout) as { score: number; stats: { messages: number } };
    expect(report.stats.messages).toBe(session.messages);
    expect(report.score).toBeGreaterThanOrEqual(95);
  }, 60_000);
});
