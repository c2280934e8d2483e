// Issue 48 item 11: the init wizard asks a bad answer again in place — a base URL with no scheme,
// an unknown provider, a key with a space — keeping every other answer, and never names a flag
// the person did not type. Driven through runCli with piped answers, each written once its
// question is on screen (readline drops lines that arrive before their question).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { makeTempDir } from "../support/temp-dir.js";

/** The wizard's screen (stderr) and a way to wait for a question on it. */
function wizardScreen() {
  let text = "";
  const waiters: Array<() => void> = [];
  return {
    get text() {
      return text;
    },
    sink: {
      write(chunk: string) {
        text += chunk;
        for (const wake of waiters.splice(0)) wake();
        return true;
      },
    },
    /** Resolves once `question` has appeared `count` times. */
    async shows(question: string, count = 1): Promise<void> {
      while (text.split(question).length - 1 < count) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

describe("kern init's wizard", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let llm: FakeLlm;
  beforeEach(async () => {
    temp = makeTempDir("kern-wizard-");
    llm = await startFakeLlm();
  });
  afterEach(async () => {
    await llm.close();
    temp.cleanup();
  });

  it("asks a base URL with no scheme again and keeps the other answers", async () => {
    const dir = join(temp.path, "agent");
    const stdin = new PassThrough();
    const screen = wizardScreen();
    let stdout = "";
    const done = runCli(["node", "kern", "init", dir], {
      stdin,
      stdinIsTTY: true,
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: screen.sink,
      env: {},
    });
    const answer = async (question: string, line: string, count = 1) => {
      await screen.shows(question, count);
      stdin.write(`${line}\n`);
    };
    await answer("Agent name", "ada");
    await answer("Provider", "OpenAI-compatible-ish");
    await answer("Provider", "openai-compatible", 2);
    await answer("Model", "qwen3");
    const url = llm.baseUrl; // http://127.0.0.1:PORT/v1
    const bare = url.replace("http://", "");
    await answer("Base URL", bare);
    await answer("Base URL", url, 2);
    await answer("API key", "sk local");
    await answer("API key", "sk-local-1234", 2);
    await answer("Telegram bot token", "");
    expect(await done, screen.text).toBe(0);

    expect(screen.text).toContain(`✗ ${bare} has no http:// or https:// in front; e.g. ${url}`);
    expect(screen.text).toContain("✗ OpenAI-compatible-ish is not a provider");
    expect(screen.text).toContain("✗ that has a space in it");
    expect(screen.text).not.toContain("sk local");
    expect(screen.text).not.toContain("--base-url");
    expect(stdout).toContain("created agent in");
    expect(stdout).not.toContain("warning:"); // the model endpoint answered
    const config = JSON.parse(readFileSync(join(dir, ".kern", "config.json"), "utf8"));
    expect(config).toMatchObject({
      name: "ada",
      provider: "openai-compatible",
      model: "qwen3",
      baseUrl: url,
    });
    expect(readFileSync(join(dir, ".kern", ".env"), "utf8")).toContain("sk-local-1234");
  });
});
