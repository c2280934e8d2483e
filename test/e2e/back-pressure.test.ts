// Back-pressure (issue 18, hole 11) against the real daemon: a flood of large messages while a
// turn runs is refused with 429 and the documented error shape once the waiting text passes the
// bound, instead of growing the daemon's memory without limit.
import { describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";

describe("back-pressure on the message queue (issue 18, hole 11)", () => {
  const agent = useProcessAgent("kern-back-pressure-");

  it("answers 429 KERN_QUEUE_FULL once the waiting messages hold too much text", async () => {
    const { url, token, client } = await startLiveDaemon(agent.dir);
    agent.llm.reply("a slow answer", { delayMs: 50_000 });
    const text = `flood ${"z".repeat(190_000)}`;
    let refused: { status: number; body: unknown; at: number } | null = null;
    for (let index = 0; index < 400 && refused === null; index += 1) {
      const response = await fetch(new URL("/message", url), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
      if (response.status !== 200) {
        refused = { status: response.status, body: await response.json(), at: index };
      } else await response.arrayBuffer();
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body).toMatchObject({ error: { code: "KERN_QUEUE_FULL" } });
    expect(JSON.stringify(refused?.body)).toContain("send this one once some have run");
    expect(refused?.at).toBeGreaterThan(100);
    expect(refused?.at).toBeLessThan(200);
    const status = await client.status();
    expect(status.queue.waiting).toBe((refused?.at ?? 0) - 1);
    expect((await kernProcess(["stop", agent.dir])).code).toBe(0);
  }, 180_000);
});
