// Issue 46 item 6 (SPEC §16 "Job routes"): a job's reply route is checked when the job is made.
// `--to slack` (no such channel), `--to telegram:abc` (nobody paired that chat) and a bare
// `--to telegram` are refused at once — from the CLI, the web API and the model's schedule tool —
// with the list of valid routes; no job is made. A paired chat is taken.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { runKern } from "../support/run-kern.js";
import { startTestDaemon, type TestDaemon, waitUntil } from "../support/test-daemon.js";

const ANN = 42;
const CODE = /KERN-[A-Z0-9]{4}/;

describe("job routes are checked when a job is made", () => {
  let telegram: FakeTelegram;
  let harness: TestDaemon;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    harness = await startTestDaemon({ telegram });
    telegram.userSays({ chatId: ANN, text: "hello?" });
    const reply = await telegram.waitFor("sendMessage", (call) => CODE.test(call.text ?? ""));
    await harness.client.pairingApprove(CODE.exec(reply.text ?? "")?.[0] ?? "");
    await waitUntil(
      () => telegram.messages(ANN).some((text) => text.startsWith("You're approved")),
      "approval",
    );
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await telegram?.close();
  });

  const jobNames = async () => (await harness.client.jobs()).jobs.map((job) => job.name);

  it("refuses a bad route from the web API with the valid ones", async () => {
    for (const to of ["slack", "telegram:abc", "telegram"]) {
      const error = await harness.client
        .jobAdd({ name: "ping", prompt: "ping", in: "1h", to })
        .then(
          () => null,
          (caught: unknown) => caught as { code?: string; message: string },
        );
      expect(error?.code, to).toBe("KERN_ROUTE_INVALID");
      expect(error?.message).toContain(`valid: `);
      expect(error?.message).toContain(`telegram:${ANN}`);
    }
    expect(await jobNames()).not.toContain("ping");
    const taken = await harness.client.jobAdd({
      ...{ name: "ping", prompt: "ping", in: "1h", to: `telegram:${ANN}` },
    });
    expect(taken.to).toBe(`telegram:${ANN}`);
  });

  it("refuses a bad route from the CLI, saying which routes exist", async () => {
    const run = await runKern([
      ...["jobs", "add", "nightly", "--in", "1h", "--prompt", "report", "--to", "slack"],
      harness.agentDir,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('there is no channel "slack"');
    expect(run.stderr).toContain(`telegram:${ANN}`);
    expect(await jobNames()).not.toContain("nightly");
  });

  it("refuses a bad route from the model's schedule tool; the model reads why", async () => {
    harness.llm.replyToolCall("schedule", {
      ...{ action: "add", name: "sneaky", prompt: "report", in: "1h", to: "telegram:abc" },
    });
    harness.llm.reply("That chat is not paired.");
    await harness.client.sendMessage({ text: "report to chat abc hourly", interface: "cli" });
    const toolResults = () =>
      harness.llm.requests
        .flatMap((request) => request.messages)
        .filter((message) => message.role === "tool")
        .map((message) => JSON.stringify(message.content));
    await waitUntil(() => toolResults().length > 0, "the tool's result to the model");
    const toolResult = toolResults().join("\n");
    expect(toolResult).toContain("nobody paired chat abc");
    expect(toolResult).toContain(`telegram:${ANN}`);
    expect(await jobNames()).not.toContain("sneaky");
  });
});
