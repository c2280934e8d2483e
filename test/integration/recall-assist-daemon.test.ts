// recallAssist in a real daemon (issue 51): an explicit search through the HTTP API and the
// recall tool in a job's turn ask the chat model to re-order the candidates, each call billed to
// its caller (a job's to the job, so the unattended budget counts it); with the setting off the
// same searches ask nothing.
import { afterEach, describe, expect, it } from "vitest";
import {
  isRerank,
  rerankNumberOf as numberOf,
  tellDeployFacts,
} from "../support/recall-assist-fixtures.js";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

async function withHistory(config: Record<string, unknown>): Promise<TestDaemon> {
  const harness = await startTestDaemon({ config });
  await tellDeployFacts(harness);
  return harness;
}

/** How many usage rows carry `purpose` (the memory's own background calls land beside them). */
function usageOf(harness: TestDaemon, purpose: string): number {
  const row = harness.daemon.store.db
    .prepare("SELECT COUNT(*) AS n FROM usage WHERE purpose = ?")
    .get(purpose) as { n: number };
  return row.n;
}

describe("recallAssist in the daemon", () => {
  let harness: TestDaemon | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("re-orders an API search and a job's recall, each billed to who asked", async () => {
    harness = await withHistory({ recallAssist: { rerank: true } });
    const { llm, client, daemon } = harness;
    llm.when(isRerank, (request) => numberOf(request, "Thursday"));
    const report = await client.recall("deploy", 3);
    expect(report.results[0]?.snippet).toContain("Thursday");
    expect(report.assist?.reranked).toBeGreaterThanOrEqual(3);
    expect(usageOf(harness, "recall")).toBe(1);

    llm.replyToolCall("recall", { query: "deploy", k: 3 });
    llm.reply("NO_REPLY");
    const { turnId } = daemon.runtime.enqueue({
      kind: "job",
      envelope: { interface: "job", name: "deploy-check", text: "when is the deploy window?" },
    });
    await harness.turnEvents(turnId);
    const tool = llm.requests.findLast((request) =>
      request.messages.some((message) => message.role === "tool"),
    );
    const result = String(tool?.messages.findLast((m) => m.role === "tool")?.content);
    expect(result.split("\n")[0]).toContain("Thursday");
    expect(llm.requests.filter(isRerank)).toHaveLength(2);
    // Two steps of the job and the rerank between them, all the job's; the API's stays one.
    expect(usageOf(harness, "job")).toBe(3);
    expect(usageOf(harness, "recall")).toBe(1);
  });

  it("asks the model nothing for a search while recallAssist is off", async () => {
    harness = await withHistory({});
    const report = await harness.client.recall("deploy", 3);
    // Without the model the window's message is not first (what the other test's rerank changes).
    expect(report.results[0]?.snippet).not.toContain("Thursday");
    expect(report.assist).toBeUndefined();
    expect(harness.llm.requests.filter(isRerank)).toHaveLength(0);
  });
});
