// The MCP manager against servers nobody here wrote (server-everything over stdio and streamable
// HTTP) and three broken ones; every child process is stopped at the end.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  brokenServers,
  everythingStdio,
  filesystemStdio,
  type HttpEverything,
  startEverythingHttp,
} from "../../../test/support/mcp-servers.js";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import {
  mcpServerSchema,
  type ResolvedMcpEntry,
  type ResolvedMcpServer,
} from "../../config/index.js";
import { createLogger } from "../../log/index.js";
import { McpManager } from "./mcp-manager.js";

const logger = createLogger({ level: "silent" });

function resolved(raw: Record<string, unknown>): ResolvedMcpServer {
  return { ...mcpServerSchema.parse(raw), missing: [] };
}

describe("McpManager", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function manager(servers: Record<string, ResolvedMcpEntry>): McpManager {
    const temp = makeTempDir();
    const created = new McpManager({ servers, agentDir: temp.path, version: "0.0.0-test", logger });
    cleanups.push(temp.cleanup, () => created.stop());
    return created;
  }

  it("lists server-everything's tools over stdio and calls one", async () => {
    const mcp = manager({ everything: resolved(everythingStdio()) });
    mcp.start();
    const [connection] = mcp.connections;
    const status = await connection!.settled();
    expect(status.state).toBe("ready");
    expect(status.transport).toBe("stdio");
    const echo = connection!.tools().find((tool) => tool.name === "everything__echo");
    expect(echo?.remoteName).toBe("echo");
    expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { message: {} } });
    const names = connection!.tools().map((tool) => tool.name);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const result = await connection!.call(
      "echo",
      { message: "hi there" },
      AbortSignal.timeout(10_000),
    );
    expect(result).toEqual({ parts: [{ type: "text", text: "Echo: hi there" }], isError: false });
    const image = await connection!.call("get-tiny-image", {}, AbortSignal.timeout(10_000));
    expect(
      image.parts.some((part) => part.type === "image" && part.mediaType === "image/png"),
    ).toBe(true);
    expect(mcp.summary()).toMatchObject({ servers: 1, ready: 1, tools: names.length });
  });

  it("speaks streamable HTTP to server-everything", async () => {
    const server: HttpEverything = await startEverythingHttp();
    cleanups.push(() => server.close());
    const mcp = manager({ web: resolved({ url: server.url }) });
    mcp.start();
    const status = await mcp.connections[0]!.settled();
    expect(status).toMatchObject({ state: "ready", transport: "streamable-http" });
    const result = await mcp.connections[0]!.call(
      "get-sum",
      { a: 2, b: 40 },
      AbortSignal.timeout(10_000),
    );
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result.parts)).toContain("42");
  });

  it("ends a tool call that outlasts timeoutMs with KERN_MCP_TIMEOUT; the server still answers", async () => {
    const mcp = manager({ everything: resolved({ ...everythingStdio(), timeoutMs: 500 }) });
    mcp.start();
    const [connection] = mcp.connections;
    expect((await connection!.settled()).state).toBe("ready");
    const startedAt = Date.now();
    // The server's own long-running tool: 20 s, far past the 500 ms bound.
    const late = connection!.call(
      "trigger-long-running-operation",
      { duration: 20, steps: 2 },
      AbortSignal.timeout(30_000),
    );
    await expect(late).rejects.toMatchObject({ code: "KERN_MCP_TIMEOUT" });
    await expect(late).rejects.toThrow(/raise mcpServers\.everything\.timeoutMs/);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    const echo = await connection!.call("echo", { message: "still" }, AbortSignal.timeout(10_000));
    expect(echo.parts).toEqual([{ type: "text", text: "Echo: still" }]);
  });

  it("reads a file through server-filesystem, whose own confinement refuses a path outside", async () => {
    const folder = makeTempDir();
    cleanups.push(folder.cleanup);
    writeFileSync(join(folder.path, "notes.md"), "deploy on Fridays\n");
    const mcp = manager({ files: resolved(filesystemStdio(folder.path)) });
    mcp.start();
    const [connection] = mcp.connections;
    expect((await connection!.settled()).state).toBe("ready");
    const names = connection!.tools().map((tool) => tool.remoteName);
    expect(names).toContain("read_text_file");
    const read = await connection!.call(
      "read_text_file",
      { path: join(folder.path, "notes.md") },
      AbortSignal.timeout(10_000),
    );
    expect(JSON.stringify(read.parts)).toContain("deploy on Fridays");
    const outside = await connection!.call(
      "read_text_file",
      { path: "/etc/passwd" },
      AbortSignal.timeout(10_000),
    );
    expect(outside.isError).toBe(true);
    expect(JSON.stringify(outside.parts)).not.toContain("root:");
  });

  it("names why each broken server failed and keeps the rest", async () => {
    const broken = brokenServers(1_500);
    const mcp = manager({
      missing: resolved(broken.missing),
      exits: resolved(broken.exits),
      hangs: resolved(broken.hangs),
      everything: resolved(everythingStdio()),
    });
    mcp.start();
    const statuses = await Promise.all(mcp.connections.map((connection) => connection.settled()));
    const byName = Object.fromEntries(statuses.map((status) => [status.name, status]));
    expect(byName["missing"]).toMatchObject({ state: "failed", retrying: true });
    expect(byName["missing"]?.error).toMatch(/ENOENT|not found|no such file/i);
    expect(byName["exits"]?.state).toBe("failed");
    expect(byName["exits"]?.error).toContain("GITHUB_TOKEN is not set");
    expect(byName["hangs"]?.state).toBe("failed");
    expect(byName["hangs"]?.error).toContain("did not start within 1500 ms");
    expect(byName["everything"]?.state).toBe("ready");
  });

  it("restarts a server that crashes, within its bound", async () => {
    const mcp = new McpManager({
      servers: { crashy: resolved(brokenServers(5_000).exits) },
      agentDir: process.cwd(),
      version: "0.0.0-test",
      logger,
      backoff: { initialMs: 10, maxMs: 20, maxAttempts: 3, stableMs: 60_000 },
    });
    cleanups.push(() => mcp.stop());
    mcp.start();
    const connection = mcp.connections[0]!;
    for (let round = 0; round < 200 && !connection.status().error?.startsWith("gave up"); round++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connection.status()).toMatchObject({ state: "failed", failures: 3, retrying: false });
    expect(connection.status().error).toMatch(/^gave up after 3 failed starts/);
  });

  it("reports a variable that .env does not set without starting the server", async () => {
    const mcp = manager({ needs: { ...resolved(everythingStdio()), missing: ["GITHUB_TOKEN"] } });
    mcp.start();
    expect(mcp.status()[0]).toMatchObject({ state: "failed" });
    expect(mcp.status()[0]?.error).toContain("add GITHUB_TOKEN to .kern/.env");
  });

  it("lists an invalid entry with its error and never starts it; a disabled one is stopped", async () => {
    const mcp = manager({
      pasted: { invalid: '"type": "stdio" needs "command" (the program to start)' },
      off: { invalid: 'disabled in .kern/config.json ("disabled": true)', disabled: true },
      everything: resolved(everythingStdio()),
    });
    mcp.start();
    const statuses = await Promise.all(mcp.connections.map((connection) => connection.settled()));
    expect(statuses[0]).toMatchObject({ name: "pasted", state: "failed", retrying: false });
    expect(statuses[0]?.error).toBe(
      'not started: mcpServers.pasted in .kern/config.json: "type": "stdio" needs "command" (the program to start)',
    );
    expect(statuses[1]).toMatchObject({ name: "off", state: "stopped" });
    expect(statuses[2]).toMatchObject({ name: "everything", state: "ready" });
    await expect(
      mcp.connections[0]!.call("echo", {}, AbortSignal.timeout(1_000)),
    ).rejects.toMatchObject({ code: "KERN_MCP_UNAVAILABLE" });
    expect((await mcp.test("pasted")).error).toContain('needs "command"');
  });
});
