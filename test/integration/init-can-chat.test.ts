// Issue 31, Must show 3: `kern init` says before "next:" when the agent it made cannot chat — no
// model, no key, no endpoint, an endpoint that does not answer or refuses the key — each with the
// command that fixes it; a base URL without a scheme is refused (nothing written).
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeLlm } from "../fakes/fake-llm-server.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

/** The warnings printed, and whether each came before the "next:" line. */
function warningsBeforeNext(stdout: string): string[] {
  const lines = stdout.split("\n");
  const next = lines.findIndex((line) => line.startsWith("next:"));
  expect(next, stdout).toBeGreaterThan(-1);
  return lines
    .slice(0, next)
    .filter((line) => line.startsWith("warning:") || line.includes("fix:"));
}

describe("kern init checks that the agent can chat", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir("kern-init-chat-");
  });
  afterEach(() => temp.cleanup());

  it("warns with the fix when openai has no model and no key", async () => {
    const dir = join(temp.path, "a");
    const run = await runKern(["init", dir, "--provider", "OpenAI", "--yes"]);
    expect(run.code, run.stderr).toBe(0);
    const warnings = warningsBeforeNext(run.stdout).join("\n");
    expect(warnings).toContain("no chat model is set");
    expect(warnings).toContain(`fix: kern init ${dir} --model NAME`);
    expect(warnings).toContain("no API key for openai");
    expect(warnings).toContain(`fix: kern init ${dir} --api-key KEY`);
    expect(run.stdout).toContain("next: fix the warnings above, then kern tui");
  });

  it("warns for ollama without a model and openai-compatible without an endpoint", async () => {
    const ollama = await runKern(["init", join(temp.path, "o"), "--provider", "ollama", "--yes"]);
    expect(warningsBeforeNext(ollama.stdout).join("\n")).toContain("no chat model is set");
    const compatible = await runKern([
      ...["init", join(temp.path, "c"), "--provider", "openai-compatible", "--model", "m"],
    ]);
    expect(warningsBeforeNext(compatible.stdout).join("\n")).toContain(
      "provider openai-compatible has no endpoint",
    );
  });

  it("refuses a base URL without a scheme, writing nothing", async () => {
    const dir = join(temp.path, "s");
    const run = await runKern(["init", dir, "--model", "m", "--base-url", "localhost:8000"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("--base-url http://localhost:8000/v1");
    expect(existsSync(dir)).toBe(false);
  });

  it("names the URL it could not reach, and a refused key", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there now
    const dir = join(temp.path, "u");
    const url = `http://127.0.0.1:${port}/v1`;
    const run = await runKern(["init", dir, "--model", "m", "--base-url", url]);
    expect(run.code).toBe(0);
    expect(warningsBeforeNext(run.stdout).join("\n")).toContain(
      `could not reach the model endpoint http://127.0.0.1:${port}/v1/models`,
    );

    const refusing: Server = createServer((_request, response) => {
      response.writeHead(401, { "content-type": "application/json" });
      response.end('{"error":{"message":"bad key"}}');
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/v1`;
      const keyed = await runKern([
        ...["init", join(temp.path, "k"), "--model", "m", "--base-url", base],
        ...["--api-key", "sk-wrong-1234"],
      ]);
      const text = warningsBeforeNext(keyed.stdout).join("\n");
      expect(text).toContain("refused the API key (HTTP 401)");
      expect(keyed.stdout).not.toContain("sk-wrong-1234");
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it("says nothing when the endpoint answers", async () => {
    const llm = await startFakeLlm();
    try {
      const run = await runKern([
        ...["init", join(temp.path, "ok"), "--model", "fake-model", "--base-url", llm.baseUrl],
      ]);
      expect(run.stdout).not.toContain("warning:");
      expect(run.stdout).toContain("next: kern tui");
    } finally {
      await llm.close();
    }
  });
});
