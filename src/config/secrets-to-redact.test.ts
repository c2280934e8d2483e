// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} is config.json syntax here, not a template
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { loadConfig } from "./load-config.js";

describe("the secrets a config names (secrets.named)", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
    mkdirSync(join(temp.path, ".kern"));
  });
  afterEach(() => temp.cleanup());

  it("holds .kern/.env's values but its settings, every ${VAR} used, and kern's own keys", async () => {
    writeFileSync(
      join(temp.path, ".kern", ".env"),
      "KERN_AUTH_TOKEN=token-0123456789\nKERN_MODEL=gpt-4o-mini-2024\nSTRIPE_KEY=sk_live_abcdef\n",
    );
    writeFileSync(
      join(temp.path, ".kern", "config.json"),
      JSON.stringify({
        mcpServers: { gh: { command: "gh-mcp", env: { TOKEN: "${GITHUB_TOKEN}" } } },
      }),
    );
    const config = await loadConfig({
      agentDir: temp.path,
      env: {
        GITHUB_TOKEN: "ghp_from_the_environment",
        KERN_API_KEY: "sk-env-0123456789",
        HOME: "/home/ada",
      },
    });
    expect(config.secrets.named).toEqual(
      expect.arrayContaining([
        { name: "KERN_AUTH_TOKEN", value: "token-0123456789" },
        { name: "STRIPE_KEY", value: "sk_live_abcdef" },
        { name: "GITHUB_TOKEN", value: "ghp_from_the_environment" },
        { name: "KERN_API_KEY", value: "sk-env-0123456789" },
      ]),
    );
    expect(config.secrets.named.map((secret) => secret.name)).not.toContain("KERN_MODEL");
    expect(config.home).toBe("/home/ada");
  });
});
