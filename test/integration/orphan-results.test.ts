// Issue 15: an imported history with tool results whose call is not in the log, composed at a
// 20k-token budget. Every message is either sent (orphans as readable text) or covered by exactly
// one summary, and the window holds the newest user turn whole.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConversation } from "../../bench/generator/index.js";
import { withOfflineMemory } from "../../src/daemon/index.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("orphan tool results at a small budget", () => {
  const temp = makeTempDir("kern-orphans-");
  const dir = join(temp.path, "agent");
  const file = join(temp.path, "history.jsonl");
  let total = 0;
  let orphanSeqs: number[] = [];
  beforeAll(async () => {
    const { messages } = generateConversation({ seed: 5, messages: 1_200 });
    // Every 50th message becomes a tool result whose call never was logged.
    const isOrphan = (index: number) => index % 50 === 25 && index < messages.length - 20;
    const lines: unknown[] = messages.map((message, index) =>
      isOrphan(index)
        ? {
            role: "tool",
            content: `orphan output ${index}: exit code 0`,
            tool_call_id: `lost_${index}`,
          }
        : message,
    );
    // The conversation goes on after the long tool-heavy stretch: a short newest turn.
    lines.push(
      { role: "user", content: "Thanks. Where did we leave the deploy checklist?" },
      { role: "assistant", content: "In notes/deploy.md; step 4 (the smoke test) is still open." },
    );
    orphanSeqs = messages.flatMap((_, index) => (isOrphan(index) ? [index] : []));
    total = lines.length;
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
    const imported = await runKern(["import", file, dir]);
    expect(imported.code, imported.stderr).toBe(0);
  }, 120_000);
  afterAll(() => temp.cleanup());

  it("sends or covers every message and keeps the newest user turn whole", async () => {
    await withOfflineMemory({ agentDir: dir, env: {} }, async (memory, store) => {
      const composed = await memory.compose({ toolsText: "", maxContextTokens: 20_000 });
      const { window, systemPrompt, report } = composed;
      expect(report.trimmedCount).toBeGreaterThan(0);
      expect(report.tokens.total).toBeLessThanOrEqual(20_000);
      const covered = new Map<number, number>();
      for (const match of systemPrompt.matchAll(
        /<summary>\nlevel: L\d+\nmessages: (\d+)-(\d+)\n/g,
      )) {
        for (let seq = Number(match[1]); seq <= Number(match[2]); seq += 1)
          covered.set(seq, (covered.get(seq) ?? 0) + 1);
      }
      const sent = new Set(window.map((message) => message.seq));
      for (let seq = 0; seq < total; seq += 1) {
        const times = (covered.get(seq) ?? 0) + (sent.has(seq) ? 1 : 0);
        if (times !== 1) throw new Error(`message ${seq} is sent or covered ${times} times`);
      }
      const orphansSent = window.filter((message) => orphanSeqs.includes(message.seq));
      for (const message of orphansSent) {
        expect(message.role).toBe("assistant");
        expect(message.content).toMatch(/^\(tool output\) orphan output \d+/);
      }
      const rows = store.messages.tokenRows(store.sessionLog.sessionId);
      const newestUser = rows.filter((row) => row.role === "user").at(-1)?.seq ?? -1;
      for (let seq = newestUser; seq < total; seq += 1) expect(sent.has(seq)).toBe(true);
    });
  }, 120_000);
});
