import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("kern init", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  it("creates the SPEC §2 layout once and overwrites nothing the second time", async () => {
    const dir = join(temp.path, "my-agent");
    const first = await runKern(["init", dir, "--yes"]);
    expect(first.code).toBe(0);
    for (const file of [
      "AGENTS.md",
      "IDENTITY.md",
      "KNOWLEDGE.md",
      "USERS.md",
      "HEARTBEAT.md",
      ".gitignore",
      "knowledge",
      "notes",
      ".kern/config.json",
      ".kern/.env",
      ".kern/sessions",
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(statSync(join(dir, ".kern/.env")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, ".kern/.env"), "utf8")).toMatch(
      /^KERN_AUTH_TOKEN=[0-9a-f]{64}$/m,
    );
    const ignore = readFileSync(join(dir, ".gitignore"), "utf8");
    for (const entry of [
      ".kern/.env",
      ".kern/sessions/",
      ".kern/*.db*",
      ".kern/pairing.json",
      ".kern/daemon.lock*",
      ".kern/daemon.out",
    ])
      expect(ignore).toContain(entry);
    writeFileSync(join(dir, "IDENTITY.md"), "# Atlas\n");
    const env = readFileSync(join(dir, ".kern/.env"), "utf8");
    const second = await runKern(["init", dir, "--yes"]);
    expect(second.code).toBe(0);
    expect(readFileSync(join(dir, "IDENTITY.md"), "utf8")).toBe("# Atlas\n");
    expect(readFileSync(join(dir, ".kern/.env"), "utf8")).toBe(env);
    const commits = execFileSync("git", ["rev-list", "--count", "HEAD"], {
      cwd: dir,
      encoding: "utf8",
    }).trim();
    expect(commits).toBe("1");
    const tracked = execFileSync("git", ["ls-files"], { cwd: dir, encoding: "utf8" });
    expect(tracked).not.toContain(".env");
  });

  it("adopts a folder that already has AGENTS.md and writes secrets only to .env", async () => {
    const dir = join(temp.path, "existing");
    await runKern(["init", dir, "--yes"]);
    rmSync(join(dir, ".kern"), { recursive: true });
    writeFileSync(join(dir, "AGENTS.md"), "mine\n");
    const result = await runKern([
      "init",
      dir,
      "--provider",
      "openai",
      "--model",
      "gpt-x",
      "--api-key",
      "sk-secret-1",
    ]);
    expect(result.stdout).toContain("adopted");
    expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toBe("mine\n");
    expect(readFileSync(join(dir, ".kern/config.json"), "utf8")).not.toContain("sk-secret-1");
    expect(readFileSync(join(dir, ".kern/.env"), "utf8")).toContain("OPENAI_API_KEY=sk-secret-1");
  });

  it("says a folder without .kern is no agent (exit 1)", async () => {
    const result = await runKern(["status", temp.path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `no agent in ${temp.path} — run 'kern init ${temp.path}' first`,
    );
  });

  it("reports three wrong config keys in one error, exit 3, without a stack trace", async () => {
    const dir = join(temp.path, "bad");
    await runKern(["init", dir, "--yes"]);
    writeFileSync(
      join(dir, ".kern/config.json"),
      JSON.stringify({ maxSteps: 0, host: 5, summaryBudget: "half" }),
    );
    const result = await runKern(["status", dir]);
    expect(result.code).toBe(3);
    for (const key of ["maxSteps", "host", "summaryBudget"]) expect(result.stderr).toContain(key);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("prints the version and lists every command in --help", async () => {
    const version = await runKern(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runKern(["--help"]);
    for (const command of [
      "init",
      "tui",
      "start",
      "stop",
      "restart",
      "status",
      "logs",
      "run",
      "pair",
      "import",
      "reindex",
    ]) {
      expect(help.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, "m"));
    }
  });
});
