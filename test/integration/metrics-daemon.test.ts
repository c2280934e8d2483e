// Metrics and traces through the real daemon (issue 50 Must show 3): after a few turns
// `GET /metrics` (behind the token) holds `kern_turns_total` and token counters equal to what the
// fake model reported; with an OTLP endpoint a turn reaches a fake collector as a span with its
// model and tool calls as children; without one no exporter is set up.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeOtlpReceiver, startFakeOtlpReceiver } from "../fakes/fake-otlp-receiver.js";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

/** One sample of the Prometheus text format: `name{a="x",b="y"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
          pair[1],
          pair[2],
        ]),
      );
      return { name: match[1] ?? "", labels, value: Number(match[3]) };
    });
}

/** The sum of a metric's samples whose labels include `where`. */
function total(samples: Sample[], name: string, where: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(where).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(harness: TestDaemon): Promise<{ contentType: string; samples: Sample[] }> {
  const response = await fetch(new URL("/metrics", harness.url), {
    headers: { authorization: `Bearer ${harness.token}` },
  });
  expect(response.status).toBe(200);
  return {
    contentType: response.headers.get("content-type") ?? "",
    samples: parseExposition(await response.text()),
  };
}

describe("metrics and traces", () => {
  let harness: TestDaemon | undefined;
  let receiver: FakeOtlpReceiver | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    await receiver?.close();
    receiver = undefined;
  });

  it("counts turns, tool calls and the model's tokens exactly, behind the token", async () => {
    harness = await startTestDaemon();
    const { llm, client } = harness;
    llm.reply("Hello.", { usage: { promptTokens: 1200, completionTokens: 34 } });
    await harness.turnEvents((await client.sendMessage({ text: "hi", interface: "web" })).turnId);
    llm.replyToolCall("read", { path: "AGENTS.md" });
    llm.replyToolCall("read", { path: "no-such-file.txt" });
    llm.reply("Read it.", { usage: { promptTokens: 2000, completionTokens: 5 } });
    const second = await client.sendMessage({ text: "read it", interface: "cli" });
    const end = (await harness.turnEvents(second.turnId)).find(
      (event) => event.type === "turn-end",
    );
    const usage = end?.type === "turn-end" ? end.usage : undefined;

    const anonymous = await fetch(new URL("/metrics", harness.url));
    expect(anonymous.status).toBe(401);
    const { contentType, samples } = await scrape(harness);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(total(samples, "kern_turns_total", { kind: "message", outcome: "end" })).toBe(2);
    expect(total(samples, "kern_turns_total", { interface: "web" })).toBe(1);
    expect(total(samples, "kern_turns_total", { interface: "cli" })).toBe(1);
    expect(total(samples, "kern_tool_calls_total", { tool: "read", outcome: "ok" })).toBe(1);
    expect(total(samples, "kern_tool_calls_total", { tool: "read", outcome: "error" })).toBe(1);
    expect(total(samples, "kern_model_calls_total", { outcome: "ok" })).toBe(4);
    expect(total(samples, "kern_tool_call_duration_seconds_count", { tool: "read" })).toBe(2);
    expect(total(samples, "kern_turn_duration_seconds_count", { kind: "message" })).toBe(2);
    // The first turn's numbers are the fake model's own; the second's steps sum to its turn-end.
    const turnTokens = (type: string) =>
      total(samples, "kern_model_tokens_total", { purpose: "turn", model: "fake-model", type });
    expect(turnTokens("input")).toBe(1200 + (usage?.inputTokens ?? Number.NaN));
    expect(turnTokens("output")).toBe(34 + (usage?.outputTokens ?? Number.NaN));
    expect(usage?.inputTokens).toBeGreaterThan(2000);
    expect(total(samples, "kern_model_usage_records_total", { purpose: "turn" })).toBe(4);
    expect(total(samples, "kern_queue_depth")).toBe(0);
    expect(samples.some((sample) => sample.name === "process_resident_memory_bytes")).toBe(true);
  });

  it("holds the usage log's sums for every purpose, the memory worker's calls too", async () => {
    harness = await startTestDaemon();
    for (const text of ["one", "two", "three"]) {
      harness.llm.reply(`Answer to ${text}.`);
      await harness.turnEvents((await harness.client.sendMessage({ text })).turnId);
    }
    const running = harness;
    // A background call may land between the read and the scrape: compare when the log held still.
    const usageLog = () =>
      JSON.stringify(
        running.daemon.store.db
          .prepare(
            "SELECT purpose, SUM(input_tokens) AS input, SUM(output_tokens) AS output FROM usage GROUP BY purpose ORDER BY purpose",
          )
          .all(),
      );
    const fromMetrics = (samples: Sample[]) => {
      const purposes = [...new Set(samples.flatMap((s) => s.labels["purpose"] ?? []))].sort();
      return JSON.stringify(
        purposes.map((purpose) => ({
          purpose,
          input: total(samples, "kern_model_tokens_total", { purpose, type: "input" }),
          output: total(samples, "kern_model_tokens_total", { purpose, type: "output" }),
        })),
      );
    };
    let compared = false;
    for (let attempt = 0; attempt < 20 && !compared; attempt += 1) {
      const before = usageLog();
      const { samples } = await scrape(running);
      if (usageLog() !== before) continue;
      expect(fromMetrics(samples)).toBe(before);
      compared = true;
    }
    expect(compared).toBe(true);
  });

  it("counts approvals asked and decided", async () => {
    harness = await startTestDaemon({ config: { approvals: "all" } });
    harness.llm.replyToolCall("bash", { command: "echo hi" });
    harness.llm.reply("Asked.");
    await harness.turnEvents((await harness.client.sendMessage({ text: "run it" })).turnId);
    const [approval] = await harness.client.approvals();
    expect(total((await scrape(harness)).samples, "kern_approvals_pending")).toBe(1);
    harness.llm.reply("It ran.");
    await harness.client.decideApproval(approval?.id ?? "", true);
    await harness.daemon.runtime.whenIdle();
    const { samples } = await scrape(harness);
    expect(total(samples, "kern_approvals_total", { outcome: "requested" })).toBe(1);
    expect(total(samples, "kern_approvals_total", { outcome: "approved" })).toBe(1);
    expect(total(samples, "kern_approvals_pending")).toBe(0);
    expect(total(samples, "kern_turns_total", { kind: "approval" })).toBe(1);
  });

  it("counts a failed turn under its error code", async () => {
    harness = await startTestDaemon({ config: { modelRetries: 0 } });
    harness.llm.fail(400, { message: "bad request" });
    const { turnId } = await harness.client.sendMessage({ text: "hi" });
    await harness.turnEvents(turnId);
    const { samples } = await scrape(harness);
    expect(total(samples, "kern_turns_total", { outcome: "error" })).toBe(1);
    expect(total(samples, "kern_model_calls_total", { outcome: "error" })).toBe(1);
    expect(total(samples, "kern_errors_total", { code: "KERN_MODEL_HTTP" })).toBe(1);
  });

  it("sends a turn's trace to the OTLP endpoint: the turn, its model calls and tool calls", async () => {
    receiver = await startFakeOtlpReceiver();
    harness = await startTestDaemon({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } });
    harness.llm.replyToolCall("read", { path: "AGENTS.md" });
    harness.llm.reply("Done.", { usage: { promptTokens: 900, completionTokens: 12 } });
    const { turnId } = await harness.client.sendMessage({ text: "read AGENTS.md" });
    await harness.turnEvents(turnId);
    const status = await harness.client.status();
    expect(JSON.stringify(status)).toContain(receiver.endpoint);
    expect(readFileSync(harness.logFile, "utf8")).toContain("traces on");
    await harness.close(); // the exporter's flush at stop sends what is buffered
    harness = undefined;

    expect(receiver.requests.every((request) => request.path === "/v1/traces")).toBe(true);
    const turn = receiver.spans.find((span) => span.name === "kern.turn");
    expect(turn).toMatchObject({
      parentSpanId: undefined,
      attributes: { "kern.turn.id": turnId, "kern.turn.stop_reason": "end" },
      resource: { "service.name": "kern" },
    });
    const children = receiver.spans.filter((span) => span.parentSpanId === turn?.spanId);
    expect(children.map((span) => span.name)).toEqual([
      "chat fake-model",
      "execute_tool read",
      "chat fake-model",
    ]);
    expect(children.every((span) => span.traceId === turn?.traceId)).toBe(true);
    expect(children[2]?.attributes).toMatchObject({
      "gen_ai.usage.input_tokens": 900,
      "gen_ai.usage.output_tokens": 12,
    });
    const nanos = (value: string | undefined) => BigInt(value ?? "0");
    for (const child of children) {
      expect(nanos(child.startTimeUnixNano)).toBeGreaterThanOrEqual(nanos(turn?.startTimeUnixNano));
      expect(nanos(child.endTimeUnixNano)).toBeLessThanOrEqual(nanos(turn?.endTimeUnixNano));
    }
  });

  it("stops within the export deadline when the collector is down", async () => {
    const gone = await startFakeOtlpReceiver();
    await gone.close(); // nothing listens there now: every export is refused
    harness = await startTestDaemon({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: gone.endpoint } });
    harness.llm.reply("Hello.");
    await harness.turnEvents((await harness.client.sendMessage({ text: "hi" })).turnId);
    const stopping = Date.now();
    await harness.close();
    harness = undefined;
    expect(Date.now() - stopping).toBeLessThan(6_000); // the SDK's own 10 s deadline took 8 s
  });

  it("starts no exporter without an endpoint", async () => {
    receiver = await startFakeOtlpReceiver();
    harness = await startTestDaemon();
    harness.llm.reply("Hello.");
    await harness.turnEvents((await harness.client.sendMessage({ text: "hi" })).turnId);
    const status = await harness.client.status();
    expect(Object.keys(status.sections ?? {})).not.toContain("traces");
    expect(readFileSync(harness.logFile, "utf8")).not.toContain("traces on");
    await harness.close();
    harness = undefined;
    expect(receiver.requests).toEqual([]);
  });
});
