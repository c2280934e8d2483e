// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} is config.json syntax here, not a template
// `mcpServers` in config.json with `${VAR}` filled from .kern/.env: the file keeps the name, the
// loaded config keeps the value only among the secrets, a missing variable is named.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { loadConfig } from "./load-config.js";

describe("mcpServers", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
    mkdirSync(join(temp.path, ".kern"));
  });
  afterEach(() => temp.cleanup());

  const write = (config: unknown, env = "") => {
    writeFileSync(join(temp.path, ".kern", "config.json"), JSON.stringify(config));
    writeFileSync(join(temp.path, ".kern", ".env"), env);
  };

  it("fills ${VAR} from .kern/.env into the secrets and leaves config.json's form alone", async () => {
    write(
      {
        mcpServers: {
          github: {
            url: "https://example.test/mcp",
            headers: { Authorization: "Bearer ${GH_TOKEN}" },
          },
          files: { command: "node", args: ["server.js", "${ROOT}"], env: { KEY: "${API_KEY}" } },
        },
      },
      "GH_TOKEN=ghp_secret123\nROOT=/srv/data\n",
    );
    const config = await loadConfig({ agentDir: temp.path });
    expect(config.mcpServers["github"]).toMatchObject({
      headers: { Authorization: "Bearer ${GH_TOKEN}" },
      toolScope: "full",
      timeoutMs: 60_000,
    });
    expect(config.secrets.mcpServers["github"]).toMatchObject({
      url: "https://example.test/mcp",
      headers: { Authorization: "Bearer ghp_secret123" },
      missing: [],
    });
    expect(config.secrets.mcpServers["files"]).toMatchObject({
      args: ["server.js", "/srv/data"],
      env: { KEY: "" },
      missing: ["API_KEY"],
    });
    expect(JSON.stringify(config.mcpServers)).not.toContain("ghp_secret123");
  });

  it("disables a bad entry with what to change and loads the rest (issue 48 item 8)", async () => {
    write({
      mcpServers: {
        "bad name": { command: "x" },
        neither: { port: 3 },
        typo: { command: "node", argz: ["a"] },
        good: { command: "node" },
      },
    });
    const config = await loadConfig({ agentDir: temp.path });
    const invalid = (name: string) => (config.mcpServers[name] as { invalid?: string }).invalid;
    expect(invalid("bad name")).toContain("use 1-32 letters, digits, _ or -");
    expect(invalid("neither")).toContain('needs "command"');
    expect(invalid("typo")).toMatch(/argz.*kern's keys: command, args, env/);
    expect(config.mcpServers["good"]).toMatchObject({ command: "node", args: [] });
    expect(config.secrets.mcpServers["typo"]).toEqual({ invalid: invalid("typo") });
  });
});
