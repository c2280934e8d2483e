// Issue 14: `kern init` validates every flag before it writes anything, commits only the files it
// wrote, and applies flags given for an existing agent instead of ignoring them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("kern init, strict and honest", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir("kern-init-");
  });
  afterEach(() => temp.cleanup());

  it("writes nothing when a flag is wrong (exit 3, naming the flag)", async () => {
    const dir = join(temp.path, "bad");
    const provider = await runKern(["init", dir, "--provider", "bogus", "--model", "m"]);
    expect(provider.code).toBe(3);
    expect(provider.stderr).toContain("--provider");
    expect(existsSync(dir)).toBe(false);
    const key = await runKern(["init", dir, "--provider", "openai", "--api-key", "sk one"]);
    expect(key.code).toBe(3);
    expect(key.stderr).toContain("--api-key");
    expect(key.stderr).not.toContain("sk one");
    expect(existsSync(dir)).toBe(false);
  });

  it("commits only the files it wrote, never what the folder already held", async () => {
    const dir = join(temp.path, "mine");
    mkdirSync(dir);
    writeFileSync(join(dir, "diary.txt"), "private\n");
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
    const tracked = execFileSync("git", ["ls-files"], { cwd: dir, encoding: "utf8" });
    expect(tracked).toContain("AGENTS.md");
    expect(tracked).toContain(".kern/config.json");
    expect(tracked).not.toContain("diary.txt");
    expect(tracked).not.toContain(".env");
  });

  it("applies --model and --api-key to an existing agent and says so", async () => {
    const dir = join(temp.path, "agent");
    await runKern(["init", dir, "--provider", "openai", "--model", "gpt-4o-mini"]);
    const again = await runKern(["init", dir, "--model", "gpt-4.1", "--api-key", "sk-new"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("model: gpt-4o-mini → gpt-4.1");
    expect(again.stdout).toContain(".kern/.env: OPENAI_API_KEY");
    expect(again.stdout).not.toContain("sk-new");
    const config = JSON.parse(readFileSync(join(dir, ".kern", "config.json"), "utf8"));
    expect(config).toMatchObject({ provider: "openai", model: "gpt-4.1" });
    expect(readFileSync(join(dir, ".kern", ".env"), "utf8")).toContain("OPENAI_API_KEY=sk-new");
    const bad = await runKern(["init", dir, "--provider", "nope"]);
    expect(bad.code).toBe(3);
    expect(JSON.parse(readFileSync(join(dir, ".kern", "config.json"), "utf8")).provider).toBe(
      "openai",
    );
  });

  it("writes --discord-token to .kern/.env as DISCORD_BOT_TOKEN, never to config.json", async () => {
    const dir = join(temp.path, "discord");
    const bad = await runKern(["init", dir, "--yes", "--discord-token", "two words"]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain("--discord-token");
    expect(existsSync(dir)).toBe(false);
    const made = await runKern(["init", dir, "--yes", "--discord-token", "MTIz.discord-secret"]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).not.toContain("discord-secret");
    const env = readFileSync(join(dir, ".kern", ".env"), "utf8");
    expect(env).toContain("DISCORD_BOT_TOKEN=MTIz.discord-secret");
    expect(readFileSync(join(dir, ".kern", "config.json"), "utf8")).not.toContain("discord-secret");
  });
});
