// Issue 49 item 10: a server that sends 20,000 `notifications/tools/list_changed` had cost 19,999
// `tools/list` calls. Now a flood costs a bounded number of lists (one at a time, at most one a
// second, one more after the last), the tools end up as the server's last list, and the flood is
// logged once.
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { mcpServerSchema } from "../../config/index.js";
import { createLogger } from "../../log/index.js";
import { McpManager } from "./mcp-manager.js";

const SERVER = fileURLToPath(
  new URL("../../../test/fixtures/mcp/storm-server.mjs", import.meta.url),
);

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a tools/list_changed storm", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it("costs a few tools/list calls, ends on the last list and is logged once", async () => {
    const logged: Array<{ msg: string; notifications?: number }> = [];
    const logger = createLogger({
      level: "warn",
      destination: { write: (line: string) => logged.push(JSON.parse(line)) },
    });
    const server = { command: process.execPath, args: [SERVER], sandbox: false };
    const mcp = new McpManager({
      servers: { storm: { ...mcpServerSchema.parse(server), missing: [] } },
      agentDir: process.cwd(),
      version: "0.0.0-test",
      logger,
    });
    cleanups.push(() => mcp.stop());
    mcp.start();
    const connection = mcp.connections[0];
    if (!connection) throw new Error("no connection");
    expect((await connection.settled()).state).toBe("ready");
    const signal = () => AbortSignal.timeout(60_000);
    const sent = await connection.call("storm", { count: 20_000 }, signal());
    expect(sent.parts).toEqual([{ type: "text", text: "sent 20000" }]);
    const names = () => connection.tools().map((tool) => tool.remoteName);
    await until(() => names().includes("gen_20000"), "the last list to be read");
    const answer = await connection.call("lists", {}, signal());
    const lists = Number((answer.parts[0] as { text: string }).text);
    // The first list at start, then one at a time, a second apart, over the storm's few seconds.
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(lists).toBeLessThanOrEqual(12);
    const floods = logged.filter((line) => /flood of tools\/list_changed/.test(line.msg));
    expect(floods).toHaveLength(1);
    expect(floods[0]?.notifications).toBeGreaterThan(100);
  }, 90_000);
});
