// Issue 18, hole 1: a message or tool result of millions of characters without whitespace (a
// base64 blob) once overflowed the token counter's stack: the log line was written, the index was
// not, and status, doctor, reindex, segments and start failed from then on. Real processes.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";

describe("one very long token", () => {
  const agent = useProcessAgent("kern-long-token-", (dir: string) =>
    // 6.3 MB of base64: one "word" of 6.3 million characters.
    writeFileSync(join(dir, "blob.b64"), randomBytes(4_725_000).toString("base64")),
  );
  const dir = agent.dir;

  it("reads a 6.3 MB base64 file (a bounded part of it), and every command keeps working", async () => {
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
    const status = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      url: string;
    };
    const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    const client = createDaemonClient({ baseUrl: status.url, token });
    agent.llm.replyToolCall("read", { path: "blob.b64" }, { id: "call_blob" });
    agent.llm.reply("I read it.");
    await client.sendMessage({ text: "read blob.b64 please" });
    // user, assistant (tool call), tool result, assistant: all four indexed (bounded wait).
    const statusJson = async () =>
      JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
        session: { id: string; messages: number };
      };
    let now = await statusJson();
    for (let attempt = 0; attempt < 60 && now.session.messages < 4; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      now = await statusJson();
    }
    expect(now.session.messages).toBe(4);
    const log = readFileSync(join(dir, ".kern", "sessions", `${now.session.id}.jsonl`), "utf8");
    // `read` returns a bounded part (issue 33 item 8): one unspaced token of tens of thousands of
    // characters reaches the log, the index and every command below; the 6.3 MB does not.
    expect(log).toMatch(/[A-Za-z0-9+/]{60000}/);
    expect(log.length).toBeLessThan(1_000_000);
    expect(log).toContain("offset=");

    for (const args of [
      ["segments", dir, "--json"],
      ["context", dir, "--json"],
    ]) {
      const run = await kernProcess(args);
      expect(run.code, `${args[0]}: ${run.stderr}`).toBe(0);
    }
    expect((await kernProcess(["stop", dir])).code).toBe(0);
    for (const args of [
      ["status", dir, "--json"],
      ["doctor", dir, "--json"],
      ["reindex", dir],
      ["segments", dir, "--json"],
      ["recall", "blob", dir, "--json"],
      ["start", dir],
    ]) {
      const run = await kernProcess(args);
      expect(run.code, `${args[0]}: ${run.stderr}`).toBe(0);
    }
    const after = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      running: boolean;
      session: { messages: number };
    };
    expect(after).toMatchObject({ running: true, session: { messages: 4 } });
  }, 240_000);
});
