// Issue 48, Must show 5 (items 7 and 8), against a real daemon process: server-everything over
// streamable HTTP, stopped and started again on its port, answers the next tool call without a
// `kern restart`; entries written as Claude Code and VS Code write them (`"type": "stdio"`,
// `"type": "http"`) work; an invalid entry leaves the daemon up with that server disabled and
// named in `kern mcp list`, `kern status` and the log.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import {
  EVERYTHING_BIN,
  freePort,
  type HttpEverything,
  mcpList,
  startEverythingHttp,
  toolResult,
} from "../support/mcp-servers.js";
import { useProcessAgent } from "../support/process-agent.js";

describe("MCP in a daemon across a server restart (issue 48, Must show 5)", () => {
  let port = 0;
  let http: HttpEverything | null = null;
  afterAll(async () => {
    await http?.close();
  });
  const agent = useProcessAgent("kern-mcp-restart-", async (dir) => {
    port = await freePort();
    http = await startEverythingHttp(port);
    await updateConfigFile(dir, {
      mcpServers: {
        web: { type: "http", url: http.url },
        local: { type: "stdio", command: process.execPath, args: [EVERYTHING_BIN, "stdio"] },
        pasted: { type: "stdio", url: "https://example.test/mcp" },
      },
    });
  });

  it("answers over a new session after the restart; type entries work; a bad one is named", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    let view = await mcpList(agent.dir);
    for (let round = 0; round < 120; round += 1) {
      const states = view.servers.map((server) => `${server.name}:${server.state}`);
      if (states.includes("web:ready") && states.includes("local:ready")) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      view = await mcpList(agent.dir);
    }
    const byName = Object.fromEntries(view.servers.map((server) => [server.name, server]));
    expect(byName["web"]).toMatchObject({ state: "ready", transport: "streamable-http" });
    expect(byName["local"]).toMatchObject({ state: "ready", transport: "stdio" });
    expect(byName["pasted"]).toMatchObject({ state: "failed", retrying: false });
    expect(byName["pasted"]?.error).toContain('"type": "stdio" needs "command"');

    const status = await kernProcess(["status", agent.dir]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("pasted: not started: mcpServers.pasted");
    const log = readFileSync(join(agent.dir, ".kern", "logs", "kern.log"), "utf8");
    expect(log).toMatch(/"server":"pasted".*"mcp server entry invalid"/);

    agent.llm.replyToolCall("web__echo", { message: "before" });
    agent.llm.reply("ok");
    const before = await runTurn(client, "echo before");
    expect(toolResult(before.events)).toMatchObject({ output: "Echo: before", isError: false });

    await http?.close();
    http = await startEverythingHttp(port);
    agent.llm.replyToolCall("web__echo", { message: "after" });
    agent.llm.reply("ok");
    const after = await runTurn(client, "echo after the restart");
    expect(toolResult(after.events)).toMatchObject({ output: "Echo: after", isError: false });
    const web = (await mcpList(agent.dir)).servers.find((server) => server.name === "web");
    expect(web).toMatchObject({ state: "ready", error: null });

    agent.llm.replyToolCall("local__echo", { message: "stdio" });
    agent.llm.reply("ok");
    const local = await runTurn(client, "echo over stdio");
    expect(toolResult(local.events)).toMatchObject({ output: "Echo: stdio", isError: false });
  }, 300_000);
});
