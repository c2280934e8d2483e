// Issue 27 against real daemon processes: server-everything (which nobody here wrote) over stdio
// and streamable HTTP, its tools called by the fake model in a turn; three broken servers that
// neither delay the start nor break a turn; a skill listed in the prompt and loaded by the model.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import type { McpListView } from "../../src/protocol/index.js";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import {
  brokenServers,
  EVERYTHING_BIN,
  everythingStdio,
  type HttpEverything,
  mcpList,
  startEverythingHttp,
  toolResult,
} from "../support/mcp-servers.js";
import { useProcessAgent } from "../support/process-agent.js";

/** Polls `kern mcp list` until `done` holds (bounded: servers start in the background). */
async function mcpListUntil(dir: string, done: (view: McpListView) => boolean) {
  let view = await mcpList(dir);
  for (let round = 0; round < 120 && !done(view); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    view = await mcpList(dir);
  }
  return view;
}

/** Processes still running the reference server in stdio mode for this agent. */
function stdioChildren(): string[] {
  const lines = execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" }).split("\n");
  return lines.filter((line) => line.includes(EVERYTHING_BIN) && line.includes(" stdio"));
}

describe("MCP servers in a real daemon (issue 27, Must show 1)", () => {
  let http: HttpEverything | null = null;
  beforeAll(async () => {
    http = await startEverythingHttp();
  }, 60_000);
  afterAll(async () => {
    await http?.close();
  });
  const agent = useProcessAgent("kern-mcp-", async (dir) => {
    if (!http) throw new Error("the HTTP server starts first");
    await updateConfigFile(dir, {
      mcpServers: { everything: everythingStdio(), web: { url: http.url } },
    });
  });

  it("calls server-everything's echo over stdio and get-sum over streamable HTTP in one turn each", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    const view = await mcpListUntil(agent.dir, (listed) =>
      listed.servers.every((server) => server.state === "ready"),
    );
    const byName = Object.fromEntries(view.servers.map((server) => [server.name, server]));
    expect(byName["everything"]).toMatchObject({ state: "ready", transport: "stdio", error: null });
    expect(byName["web"]).toMatchObject({ state: "ready", transport: "streamable-http" });
    const names = (name: string) => byName[name]?.tools.map((tool) => tool.name) ?? [];
    expect(names("everything")).toEqual(
      expect.arrayContaining(["everything__echo", "everything__get-sum"]),
    );
    expect(names("web")).toContain("web__get-sum");

    agent.llm.replyToolCall("everything__echo", { message: "hello from kern" });
    agent.llm.reply("it echoed");
    const stdioTurn = await runTurn(client, "echo something");
    expect(toolResult(stdioTurn.events)).toMatchObject({
      name: "everything__echo",
      output: "Echo: hello from kern",
      isError: false,
    });
    expect(stdioTurn.events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "end" });

    const request = agent.llm.requests.find((candidate) =>
      JSON.stringify(candidate.tools ?? []).includes("everything__echo"),
    );
    expect(request, "the model was offered the MCP tools").toBeDefined();
    const echo = (request?.tools ?? []).find((tool) =>
      JSON.stringify(tool).includes('"everything__echo"'),
    );
    expect(echo).toMatchObject({
      function: { parameters: { type: "object", properties: { message: { type: "string" } } } },
    });
    const system = String(request?.messages[0]?.content ?? "");
    expect(system).toMatch(/<tools>[\s\S]*- everything__echo: Echoes back the input string/);

    agent.llm.replyToolCall("web__get-sum", { a: 2, b: 40 });
    agent.llm.reply("42");
    const httpTurn = await runTurn(client, "add 2 and 40");
    expect(toolResult(httpTurn.events)?.output).toContain("42");
    expect(toolResult(httpTurn.events)?.isError).toBe(false);
    expect(httpTurn.events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "end" });

    expect(stdioChildren().length).toBeGreaterThan(0);
    const stopped = await kernProcess(["stop", agent.dir]);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stdioChildren(), "no stdio server outlives the daemon").toEqual([]);
  }, 300_000);
});

describe("broken MCP servers (issue 27, Must show 2)", () => {
  const agent = useProcessAgent("kern-mcp-broken-", async (dir) => {
    const broken = brokenServers(60_000);
    await updateConfigFile(dir, { mcpServers: broken });
  });

  it("starts the daemon at once, names each problem in status and /mcp, and runs built-in tools", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    const early = await mcpList(agent.dir);
    // The server that hangs in initialize has a 60 s start limit: the daemon answers while it
    // is still starting, so its start did not wait for it.
    expect(early.servers.find((server) => server.name === "hangs")?.state).toBe("starting");

    // Each has failed at least once (the ones that exit are retried with backoff, so a poll may
    // catch them starting again; their last error stays).
    const view = await mcpListUntil(agent.dir, (listed) =>
      listed.servers.every((server) => server.error !== null),
    );
    const errors = Object.fromEntries(view.servers.map((server) => [server.name, server.error]));
    expect(errors["missing"]).toMatch(/ENOENT/);
    expect(errors["exits"]).toContain("GITHUB_TOKEN is not set");
    expect(errors["hangs"]).toContain("did not start within 60000 ms");
    expect(view.servers.every((server) => server.state !== "ready")).toBe(true);

    const status = await kernProcess(["status", agent.dir]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/tools mcp: \w+, 0 tool\(s\) — .*missing: .*ENOENT/);
    expect(status.stdout).toContain("GITHUB_TOKEN is not set");
    expect(status.stdout).toContain("hangs: did not start within 60000 ms");

    const command = await runTurn(client, "/mcp");
    const answer = command.events.find((event) => event.type === "command-result");
    const text = answer?.type === "command-result" ? answer.text : "";
    expect(text).toMatch(/missing: \w+[\s\S]*ENOENT/);
    expect(text).toContain("GITHUB_TOKEN is not set");
    expect(text).toContain("did not start within 60000 ms");

    agent.llm.replyToolCall("read", { path: "AGENTS.md" });
    agent.llm.reply("read it");
    const turn = await runTurn(client, "read your AGENTS.md");
    expect(toolResult(turn.events)).toMatchObject({ name: "read", isError: false });
    expect(turn.events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "end" });
  }, 300_000);
});

describe("skills (issue 27, Must show 3)", () => {
  const agent = useProcessAgent("kern-skills-");

  it("lists a skill in <skills> after an unchanged prefix and returns its body to the model", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    // A turn's steps offer tools; the memory worker's background calls do not.
    const turnPrompts = () =>
      agent.llm.requests
        .filter((request) => (request.tools?.length ?? 0) > 0)
        .map((request) => String(request.messages[0]?.content ?? ""));
    agent.llm.reply("no skills yet");
    await runTurn(client, "hello");
    const before = turnPrompts()[0] ?? "";
    expect(before).not.toContain("<skills>\n");

    const folder = join(agent.dir, "skills", "deploy");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "SKILL.md"),
      "---\nname: deploy\ndescription: How to ship the site; use when asked to deploy.\n---\n\n1. Run the build.\n2. Upload dist/.\n",
    );
    agent.llm.replyToolCall("skill", { name: "deploy" });
    agent.llm.reply("deployed");
    const turn = await runTurn(client, "deploy the site");
    const after = turnPrompts().find((prompt) => prompt.includes("\n<skills>\n")) ?? "";
    const at = after.indexOf("\n<skills>\n") + 1;
    expect(at).toBeGreaterThan(1);
    expect(after.slice(at)).toMatch(
      /^<skills>\n- deploy: How to ship the site; use when asked to deploy\.\n<\/skills>/,
    );
    // Byte-identical up to the section (less the blank line that joins it to the one before).
    const prefix = after.slice(0, at - 2);
    expect(prefix.endsWith("</tools>")).toBe(true);
    expect(before.slice(0, at - 2)).toBe(prefix);
    expect(toolResult(turn.events)).toMatchObject({ name: "skill", isError: false });
    expect(toolResult(turn.events)?.output).toContain("1. Run the build.\n2. Upload dist/.");

    const listed = await kernProcess(["skills", "list", agent.dir, "--json"]);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      skills: [{ name: "deploy", folder: "skills/deploy" }],
    });
  }, 240_000);
});
