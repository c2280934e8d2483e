// Issue 46, Must show 4, against the real bubblewrap and a real daemon (`kern start`): inside the
// sandbox `bash` cannot read a file in the home the daemon runs with, create a file outside the
// agent folder or read `.kern/.env`, and can write inside the folder; `sandboxNetwork: false`
// makes a connect to a local port fail; a stdio MCP server runs inside it too; after kill -9 of
// the daemon no sandboxed process is left. The home is a folder under /var/tmp passed as HOME to
// the daemon (not under /tmp, which the sandbox replaces anyway), and the same commands with
// `sandbox: "off"` read and write what the sandbox refused: the refusals are the sandbox's.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnvFile, updateConfigFile } from "../../src/config/index.js";
import { processesHolding, requireBwrap } from "../support/bwrap.js";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon, toolOutput } from "../support/live-daemon.js";
import { filesystemStdio } from "../support/mcp-servers.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { callText, scriptCallsByText } from "../support/scripted-calls.js";
import { waitUntil } from "../support/test-daemon.js";
import { waitFor } from "../support/wait-for.js";

const outside = mkdtempSync("/var/tmp/kern-sandbox-outside-");
const home = join(outside, "home");
const SECRET = "the operator's private note 7f3a";

describe("the sandbox (issue 46, Must show 4)", () => {
  beforeAll(() => {
    requireBwrap();
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "secret.txt"), SECRET);
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));
  const agent = useProcessAgent("kern-sandbox-", async (dir) => {
    await updateConfigFile(dir, { toolScope: "full" });
  });

  /** Stops the daemon, applies `config`, starts it with the test's home; its client. */
  async function restartWith(config: Record<string, unknown>) {
    await kernProcess(["stop", agent.dir]);
    await updateConfigFile(agent.dir, config);
    scriptCallsByText(agent.llm);
    return startLiveDaemon(agent.dir, { HOME: home });
  }

  async function bash(daemon: Awaited<ReturnType<typeof restartWith>>, command: string) {
    const turn = await runTurn(daemon.client, callText("bash", { command }));
    return toolOutput(turn.events);
  }

  it("hides the home and .kern/.env, refuses writes outside the folder, allows them inside", async () => {
    const daemon = await restartWith({ sandbox: "bwrap", sandboxNetwork: true, mcpServers: {} });
    const status = await daemon.client.status();
    expect(status.sandbox).toMatchObject({ setting: "bwrap", mode: "bwrap", network: true });

    const read = await bash(
      daemon,
      `cat ${join(home, "secret.txt")}; ls -A "$HOME"; echo "HOME=$HOME"`,
    );
    expect(read).toContain("No such file or directory");
    expect(read).not.toContain(SECRET);
    expect(read).toContain(`HOME=${home}`);

    const created = join(outside, "created.txt");
    expect(await bash(daemon, `echo x > ${created}`)).toContain("Read-only file system");
    expect(existsSync(created)).toBe(false);

    const token = (await readEnvFile(join(agent.dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    const env = await bash(daemon, "cat .kern/.env; ls -A .kern | wc -l");
    expect(env).toContain("No such file or directory");
    expect(env).not.toContain(token);

    expect(await bash(daemon, "echo written > inside.txt && cat inside.txt")).toContain("written");
    expect(readFileSync(join(agent.dir, "inside.txt"), "utf8")).toBe("written\n");
  }, 120_000);

  it("without the sandbox the same commands read the home and write outside (the control)", async () => {
    const daemon = await restartWith({ sandbox: "off", mcpServers: {} });
    expect((await daemon.client.status()).sandbox).toMatchObject({ setting: "off", mode: "none" });
    expect(await bash(daemon, `cat ${join(home, "secret.txt")}`)).toContain(SECRET);
    const created = join(outside, "created-unsandboxed.txt");
    await bash(daemon, `echo x > ${created}`);
    expect(existsSync(created)).toBe(true);
  }, 120_000);

  it("sandboxNetwork false makes a connect to a local port fail; true lets it through", async () => {
    const port = new URL(agent.llm.baseUrl).port;
    const probe = `(echo > /dev/tcp/127.0.0.1/${port}) 2>&1 && echo CONNECTED || echo REFUSED`;
    const open = await restartWith({ sandbox: "bwrap", sandboxNetwork: true, mcpServers: {} });
    expect(await bash(open, probe)).toContain("CONNECTED");
    const closed = await restartWith({ sandbox: "bwrap", sandboxNetwork: false, mcpServers: {} });
    expect((await closed.client.status()).sandbox?.network).toBe(false);
    const output = await bash(closed, probe);
    expect(output).toContain("REFUSED");
    expect(output).not.toContain("CONNECTED");
  }, 120_000);

  it("runs a stdio MCP server inside the sandbox: it sees the empty home, not the file", async () => {
    // The reference server, allowed into the home and the agent folder by its own rules.
    const fs = { ...filesystemStdio(home), args: [...filesystemStdio(home).args, agent.dir] };
    const daemon = await restartWith({
      sandbox: "bwrap",
      sandboxNetwork: true,
      mcpServers: { fs },
    });
    await waitFor(
      async () => (await daemon.client.mcpList()).servers[0]?.state === "ready",
      "the filesystem server to be ready",
      30_000,
    );
    const list = async (path: string) =>
      toolOutput((await runTurn(daemon.client, callText("fs__list_directory", { path }))).events);
    expect(await list(agent.dir)).toContain("AGENTS.md"); // the tool works, and sees the folder
    expect(await list(home)).not.toContain("secret.txt");
    const read = await runTurn(
      daemon.client,
      callText("fs__read_text_file", { path: join(home, "secret.txt") }),
    );
    expect(toolOutput(read.events)).toMatch(/ENOENT|no such file/i);
    expect(toolOutput(read.events)).not.toContain(SECRET);
    const runningIn = (line: string) => line.split(" ")[1];
    expect(processesHolding(home).map(runningIn)).toContain("bwrap"); // the server's sandbox
  }, 120_000);

  it("leaves no sandboxed process behind after kill -9 of the daemon", async () => {
    const daemon = await restartWith({
      sandbox: "bwrap",
      sandboxNetwork: true,
      mcpServers: { fs: filesystemStdio(home) },
    });
    await runTurn(
      daemon.client,
      callText("bash", { command: "setsid sleep 6101 & sleep 6102", background: true }),
    );
    await waitUntil(() => processesHolding("sleep 6101").length > 0, "the command to run", 20_000);
    await waitUntil(
      () => processesHolding(home).some((line) => line.includes("server-filesystem")),
      "the MCP server to run",
      30_000,
    );
    process.kill(daemon.pid, "SIGKILL");
    await waitUntil(() => !isAlive(daemon.pid), "the daemon to die", 10_000);
    await waitUntil(
      () => processesHolding("sleep 610").length === 0 && processesHolding(agent.dir).length === 0,
      "every sandboxed process to end",
      10_000,
    );
    expect(processesHolding(home)).toEqual([]);
  }, 120_000);
});
