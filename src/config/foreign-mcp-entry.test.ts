// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} is config.json syntax here, not a template
// Issue 48 item 8: `mcpServers` entries as Claude Code, VS Code, Cursor and Cline write them are
// taken in kern's shape, or that one server is disabled with what to change — never the daemon.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { loadConfig } from "./load-config.js";

describe("MCP entries copied from other clients", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
    mkdirSync(join(temp.path, ".kern"));
  });
  afterEach(() => temp.cleanup());

  async function load(config: unknown, env = "") {
    writeFileSync(join(temp.path, ".kern", "config.json"), JSON.stringify(config));
    writeFileSync(join(temp.path, ".kern", ".env"), env);
    return loadConfig({ agentDir: temp.path });
  }

  it("takes Claude Code's .mcp.json entries (type stdio, http, sse; ${VAR:-default})", async () => {
    const config = await load(
      {
        mcpServers: {
          files: {
            type: "stdio",
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "${ROOT:-/srv}"],
            env: { DEBUG: "${DEBUG:-false}" },
          },
          remote: {
            type: "http",
            url: "https://api.example.test/mcp",
            headers: { "X-API-Key": "${API_KEY}" },
          },
          old: { type: "sse", url: "https://api.example.test/sse" },
        },
      },
      "API_KEY=k-123\n",
    );
    expect(config.secrets.mcpServers["files"]).toMatchObject({
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv"],
      env: { DEBUG: "false" },
      missing: [],
    });
    expect(config.secrets.mcpServers["remote"]).toMatchObject({
      url: "https://api.example.test/mcp",
      transport: "auto",
      headers: { "X-API-Key": "k-123" },
    });
    expect(config.secrets.mcpServers["old"]).toMatchObject({ transport: "sse" });
    expect(config.mcpServers["remote"]).not.toHaveProperty("type");
    expect(config.secrets.named).toContainEqual({ name: "API_KEY", value: "k-123" });
  });

  it("takes VS Code's entries (${env:NAME}) and names what has no kern form", async () => {
    const config = await load(
      {
        mcpServers: {
          github: {
            type: "http",
            url: "https://api.githubcopilot.com/mcp/",
            headers: { Authorization: "Bearer ${env:GH_TOKEN}" },
          },
          asks: { type: "stdio", command: "node", env: { KEY: "${input:api-key}" } },
          envfile: { type: "stdio", command: "node", envFile: "${workspaceFolder}/.env" },
          wrong: { type: "stdio", url: "https://x.test" },
          odd: { type: "websocket", url: "wss://x.test" },
        },
      },
      "GH_TOKEN=ghp_abc\n",
    );
    expect(config.secrets.mcpServers["github"]).toMatchObject({
      headers: { Authorization: "Bearer ghp_abc" },
    });
    expect(config.mcpServers["github"]).toMatchObject({
      headers: { Authorization: "Bearer ${GH_TOKEN}" },
    });
    const invalid = (name: string) => (config.mcpServers[name] as { invalid?: string }).invalid;
    expect(invalid("asks")).toContain("put the value in .kern/.env as NAME=… and write ${NAME}");
    expect(invalid("envfile")).toContain("VS Code's");
    expect(invalid("wrong")).toContain('"type": "stdio" needs "command"');
    expect(invalid("odd")).toContain('use "stdio" (with "command"), "http" or "sse"');
  });

  it("takes Cline's and others' keys (disabled, autoApprove, serverUrl, httpUrl)", async () => {
    const config = await load({
      mcpServers: {
        cline: { command: "node", args: ["s.js"], disabled: false, autoApprove: [] },
        off: { command: "node", disabled: true },
        windsurf: { serverUrl: "https://w.test/mcp" },
        gemini: { httpUrl: "https://g.test/mcp" },
        seconds: { command: "node", timeout: 60 },
      },
    });
    expect(config.mcpServers["cline"]).toMatchObject({ command: "node", args: ["s.js"] });
    expect(config.mcpServers["off"]).toMatchObject({ disabled: true });
    expect(config.mcpServers["windsurf"]).toMatchObject({ url: "https://w.test/mcp" });
    expect(config.mcpServers["gemini"]).toMatchObject({ transport: "streamable-http" });
    expect((config.mcpServers["seconds"] as { invalid?: string }).invalid).toContain("timeoutMs");
  });

  it("says so when a whole mcp.json is pasted as an entry, or under VS Code's key", async () => {
    const config = await load({
      mcpServers: { servers: { a: { command: "node" } }, inputs: [{ id: "key" }] },
    });
    expect((config.mcpServers["servers"] as { invalid?: string }).invalid).toContain(
      'put "a" directly under "mcpServers"',
    );
    expect((config.mcpServers["inputs"] as { invalid?: string }).invalid).toContain(".kern/.env");
    const error = await load({ servers: { a: { command: "node" } } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: "KERN_CONFIG_INVALID" });
    expect((error as Error).message).toContain('the key is "mcpServers"');
  });
});
