// Issue 33 item 5 (Must-show 5): everything under `.kern/` is private — files 0600, folders 0700 —
// after `kern init`, an offline import, `kern start`, a chat, an import through the daemon and
// `kern stop`; and a start makes an older folder's loose files private. Real processes, fake model.
import { chmodSync, lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests, waitUntil } from "../support/test-daemon.js";

/** Paths under `root` whose mode is not 0600 (files) or 0700 (folders); symlinks are skipped. */
function loosePaths(root: string): string[] {
  const loose: string[] = [];
  const visit = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) loose.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return loose;
}

function history(dir: string, from: number, count: number): string {
  const lines: string[] = [];
  for (let index = from; index < from + count; index += 1) {
    lines.push(
      JSON.stringify({ role: index % 2 ? "assistant" : "user", content: `line ${index}` }),
    );
  }
  const file = join(dir, "..", `history-${from}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

describe("private files under .kern (issue 33 item 5)", () => {
  const agent = useProcessAgent("kern-private-");
  const dir = agent.dir;
  const kernDir = join(dir, ".kern");

  it("keeps every file 0600 and every folder 0700 through init, import, start, chat and stop", async () => {
    expect(loosePaths(kernDir)).toEqual([]);

    const offline = await kernProcess(["import", history(dir, 0, 20), dir]);
    expect(offline.code, offline.stderr).toBe(0);
    expect(loosePaths(kernDir)).toEqual([]);

    // A file left loose by an older kern (or another tool) is made private at the next start.
    chmodSync(join(kernDir, "config.json"), 0o644);
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
    const status = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      url: string;
    };
    const token = (await readEnvFile(join(kernDir, ".env")))["KERN_AUTH_TOKEN"] ?? "";
    const client = createDaemonClient({ baseUrl: status.url, token });
    agent.llm.reply("hello back");
    await client.sendMessage({ text: "hello", interface: "tui" });
    await waitUntil(() => turnRequests(agent.llm).length >= 1, "the turn", 30_000);
    await waitUntil(
      () =>
        readdirSync(join(kernDir, "sessions")).some((name) =>
          readFileSync(join(kernDir, "sessions", name), "utf8").includes("hello back"),
        ),
      "the reply in the log",
      30_000,
    );
    const online = await kernProcess(["import", history(dir, 100, 20), dir]);
    expect(online.code, online.stderr).toBe(0);
    expect(loosePaths(kernDir)).toEqual([]);

    const stopped = await kernProcess(["stop", dir]);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(loosePaths(kernDir)).toEqual([]);
    // The folders that hold the history exist (the walk checked something real).
    for (const name of ["sessions", "logs", "kern.db", "memory.jsonl", ".env"]) {
      expect(readdirSync(kernDir)).toContain(name);
    }
  }, 120_000);
});
