// Issue 48 item 7 (Must show 5): a streamable HTTP server that restarts loses every session it
// had ("No valid session ID" to the old one). Against the real server-everything, stopped and
// started again on the same port: the next call opens a new session and succeeds; while the
// server is down a call says so and the status shows the failure; an idle connection notices by
// itself and comes back with backoff.
import { afterEach, describe, expect, it } from "vitest";
import {
  freePort,
  type HttpEverything,
  startEverythingHttp,
} from "../../../test/support/mcp-servers.js";
import { mcpServerSchema, type ResolvedMcpServer } from "../../config/index.js";
import { createLogger } from "../../log/index.js";
import { McpManager } from "./mcp-manager.js";
import type { McpServerConnection } from "./mcp-server-connection.js";

const logger = createLogger({ level: "silent" });

function resolved(raw: Record<string, unknown>): ResolvedMcpServer {
  return { ...mcpServerSchema.parse(raw), missing: [] };
}

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const echo = (connection: McpServerConnection, message: string) =>
  connection.call("echo", { message }, AbortSignal.timeout(15_000));

describe("a streamable HTTP MCP server that restarts", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connected(port: number) {
    let server: HttpEverything = await startEverythingHttp(port);
    cleanups.push(() => server.close());
    const mcp = new McpManager({
      servers: { web: resolved({ url: server.url, transport: "streamable-http" }) },
      agentDir: process.cwd(),
      version: "0.0.0-test",
      logger,
      backoff: { initialMs: 200, maxMs: 400, maxAttempts: 3, stableMs: 60_000 },
    });
    cleanups.push(() => mcp.stop());
    mcp.start();
    const connection = mcp.connections[0] as McpServerConnection;
    expect((await connection.settled()).state).toBe("ready");
    expect((await echo(connection, "first")).parts).toEqual([
      { type: "text", text: "Echo: first" },
    ]);
    const restart = async () => {
      await server.close();
      server = await startEverythingHttp(port);
    };
    return { connection, restart, stop: () => server.close(), start: restart };
  }

  it("answers the first call after a restart with a new session", async () => {
    const { connection, restart } = await connected(await freePort());
    await restart();
    const after = await echo(connection, "after restart");
    expect(after.parts).toEqual([{ type: "text", text: "Echo: after restart" }]);
    expect(connection.status()).toMatchObject({ state: "ready", error: null });
  });

  it("says the server is down while it is, then reconnects on the next call", async () => {
    const port = await freePort();
    const { connection, stop, start } = await connected(port);
    await stop();
    await expect(echo(connection, "down")).rejects.toMatchObject({ code: "KERN_MCP_UNAVAILABLE" });
    expect(connection.status().state).toBe("failed");
    expect(connection.status().error).toMatch(/ECONNREFUSED|fetch failed|connect/i);
    expect(connection.status().failures).toBeGreaterThan(0);
    await start();
    const after = await echo(connection, "back");
    expect(after.parts).toEqual([{ type: "text", text: "Echo: back" }]);
    expect(connection.status()).toMatchObject({ state: "ready", error: null });
  });

  it("notices a restart while idle and is ready again by itself", async () => {
    const { connection, restart } = await connected(await freePort());
    await restart();
    // The server's notification stream ended; its reopening finds the session unknown.
    await until(() => connection.status().failures > 0, "the lost session to be noticed");
    await until(() => connection.status().state === "ready", "the reconnection");
    expect((await echo(connection, "idle")).parts).toEqual([{ type: "text", text: "Echo: idle" }]);
  });

  it("keeps trying a server down past maxAttempts, and is ready by itself once it is back", async () => {
    const { connection, stop, start } = await connected(await freePort());
    await stop();
    // The backoff allows 3 failed starts; a stdio server would be given up on after them.
    await until(() => connection.status().failures >= 5, "five failed reconnections", 20_000);
    expect(connection.status()).toMatchObject({ state: "failed", retrying: true });
    expect(connection.status().error).not.toMatch(/^gave up/);
    expect(connection.tools().length).toBeGreaterThan(0);
    await start();
    await until(() => connection.status().state === "ready", "the reconnection", 20_000);
    expect((await echo(connection, "later")).parts).toEqual([
      { type: "text", text: "Echo: later" },
    ]);
  });
});
