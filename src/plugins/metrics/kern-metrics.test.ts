import { describe, expect, it } from "vitest";
import type { Envelope, RuntimeEvent } from "../../kernel/index.js";
import { KernMetrics } from "./kern-metrics.js";

const envelope: Envelope = { text: "hi", interface: "telegram", ts: "2026-12-02T06:00:00.000Z" };

function metricsAt(clock: { now: number }) {
  return new KernMetrics({
    clock: { now: () => clock.now },
    queueDepth: () => 3,
    memory: () => ({ pendingJobs: 1, unsegmentedMessages: 7, staleSegments: 0, lastRunAt: null }),
    unattended: () => ({ spent: 1234, cap: 50_000 }),
    pendingApprovals: () => 0,
  });
}

const sampleLines = async (metrics: KernMetrics, name: string) =>
  (await metrics.registry.metrics())
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe("KernMetrics", () => {
  it("times a turn from its start and labels it with the interface it came from", async () => {
    const clock = { now: 1_000 };
    const metrics = metricsAt(clock);
    const events: RuntimeEvent[] = [
      { type: "turn-queue", turnId: "t1", envelope, position: 0 },
      { type: "turn-start", turnId: "t1", envelope },
    ];
    for (const event of events) metrics.observe(event);
    clock.now = 3_500;
    metrics.observe({ type: "turn-end", turnId: "t1", text: "ok", stopReason: "end", kind: "job" });
    expect(await sampleLines(metrics, "kern_turns_total")).toEqual([
      'kern_turns_total{kind="job",interface="telegram",outcome="end"} 1',
    ]);
    expect(await sampleLines(metrics, "kern_turn_duration_seconds_sum")).toEqual([
      'kern_turn_duration_seconds_sum{kind="job"} 2.5',
    ]);
    expect(await sampleLines(metrics, "kern_queue_depth")).toEqual(["kern_queue_depth 3"]);
    expect(await sampleLines(metrics, "kern_unattended_tokens_cap")).toEqual([
      "kern_unattended_tokens_cap 50000",
    ]);
    expect(await sampleLines(metrics, "kern_memory_last_run_timestamp_seconds")).toEqual([]);
  });

  it("says when the memory worker last ran, in Unix seconds", async () => {
    const metrics = new KernMetrics({
      clock: { now: () => 0 },
      queueDepth: () => 0,
      memory: () => ({
        pendingJobs: 0,
        unsegmentedMessages: 0,
        staleSegments: 2,
        lastRunAt: "2026-12-02T06:00:00.000Z",
      }),
      unattended: () => ({ spent: 0, cap: null }),
      pendingApprovals: () => 0,
    });
    expect(await sampleLines(metrics, "kern_memory_last_run_timestamp_seconds")).toEqual([
      `kern_memory_last_run_timestamp_seconds ${Date.parse("2026-12-02T06:00:00.000Z") / 1000}`,
    ]);
    expect(await sampleLines(metrics, "kern_memory_lag")).toContain(
      'kern_memory_lag{what="stale_segments"} 2',
    );
    expect(await sampleLines(metrics, "kern_unattended_tokens_cap")).toEqual([]);
  });

  it("counts a chat command's turn without a duration", async () => {
    const metrics = metricsAt({ now: 0 });
    metrics.observe({ type: "turn-queue", turnId: "c1", envelope, position: 0 });
    metrics.observe({ type: "turn-end", turnId: "c1", text: "help", stopReason: "command" });
    expect(await sampleLines(metrics, "kern_turns_total")).toEqual([
      'kern_turns_total{kind="message",interface="telegram",outcome="command"} 1',
    ]);
    expect(await sampleLines(metrics, "kern_turn_duration_seconds_count")).toEqual([]);
  });

  it("keeps at most 200 tool names as labels; invented ones past that are 'other'", async () => {
    const metrics = metricsAt({ now: 0 });
    for (let index = 0; index < 250; index += 1) {
      const call = { turnId: "t", callId: `c${index}`, name: `made_up_${index}` };
      metrics.observe({ type: "tool-call", ...call, arguments: "{}" });
      metrics.observe({ type: "tool-result", ...call, output: "no such tool", isError: true });
    }
    const lines = await sampleLines(metrics, "kern_tool_calls_total");
    expect(lines).toHaveLength(201);
    expect(lines).toContain('kern_tool_calls_total{tool="other",outcome="error"} 50');
  });
});
