import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { renderConfigDocs } from "./config-docs.js";
import { loadConfig } from "./load-config.js";

describe("loadConfig", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
    mkdirSync(join(temp.path, ".kern"));
  });
  afterEach(() => temp.cleanup());

  const writeConfig = (value: unknown) =>
    writeFileSync(join(temp.path, ".kern", "config.json"), JSON.stringify(value));

  it("applies every default from the schema", async () => {
    const config = await loadConfig({ agentDir: temp.path });
    expect(config.maxContextTokens).toBe(100_000);
    expect(config.summaryBudget).toBe(0.75);
    expect(config.maxSteps).toBe(30);
    expect(config.segmentation.targetTokens).toBe(15_000);
    expect(config.embeddingModel).toBe("local");
    expect(config.host).toBe("127.0.0.1");
    expect(Object.isFrozen(config.segmentation)).toBe(true);
  });

  it("caps unattended work at 1M tokens a day unless the file turns the cap off", async () => {
    expect((await loadConfig({ agentDir: temp.path })).unattendedTokensPerDay).toBe(1_000_000);
    writeConfig({ unattendedTokensPerDay: null });
    expect((await loadConfig({ agentDir: temp.path })).unattendedTokensPerDay).toBeNull();
  });

  it("lists every problem at once, with key paths", async () => {
    writeConfig({ maxContextTokens: "lots", summaryBudget: 2, toolScope: "everything" });
    const error = await loadConfig({ agentDir: temp.path }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "KERN_CONFIG_INVALID" });
    const message = (error as Error).message;
    for (const key of ["maxContextTokens", "summaryBudget", "toolScope"])
      expect(message).toContain(`- ${key} = `);
    expect(message).toContain("3 problem(s)");
  });

  it("names each bad value and where it came from, with the fix", async () => {
    writeConfig({ port: "x" });
    const fromFile = await loadConfig({ agentDir: temp.path }).catch((caught: unknown) => caught);
    expect(fromFile).toMatchObject({ code: "KERN_CONFIG_INVALID" });
    expect((fromFile as Error).message).toMatch(
      /- port = "x": .*expected number.*; fix it in config\.json or export KERN_PORT/,
    );
    writeConfig({});
    const fromEnv = await loadConfig({ agentDir: temp.path, env: { KERN_PORT: "abc" } }).catch(
      (caught: unknown) => caught,
    );
    expect((fromEnv as Error).message).toContain('- port = "abc" (from KERN_PORT): ');
  });

  it("sizes summary concurrency to the provider unless the file sets it", async () => {
    const concurrency = async (file: unknown) => {
      writeConfig(file);
      return (await loadConfig({ agentDir: temp.path })).summaryConcurrency;
    };
    expect(await concurrency({ provider: "openai" })).toBe(8);
    expect(await concurrency({ provider: "ollama" })).toBe(1);
    expect(
      await concurrency({ provider: "openai-compatible", baseUrl: "http://127.0.0.1:9/v1" }),
    ).toBe(4);
    expect(await concurrency({ provider: "ollama", summaryConcurrency: 3 })).toBe(3);
  });

  it("validates KERN_LOG_LEVEL like any key, naming the variable's key and the choices", async () => {
    const error = await loadConfig({
      agentDir: temp.path,
      env: { KERN_LOG_LEVEL: "verbose" },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "KERN_CONFIG_INVALID" });
    expect((error as Error).message).toContain("logLevel");
    const config = await loadConfig({ agentDir: temp.path, env: { KERN_LOG_LEVEL: "debug" } });
    expect(config.logLevel).toBe("debug");
  });

  it("rejects unknown keys so typos do not pass silently", async () => {
    writeConfig({ maxContextToken: 5000 });
    await expect(loadConfig({ agentDir: temp.path })).rejects.toMatchObject({
      code: "KERN_CONFIG_INVALID",
    });
  });

  it("overlays .env secrets and KERN_* environment variables over the file", async () => {
    writeConfig({ model: "from-file", provider: "openrouter" });
    writeFileSync(
      join(temp.path, ".kern", ".env"),
      "OPENROUTER_API_KEY=sk-test\nKERN_AUTH_TOKEN=abc\n",
    );
    const config = await loadConfig({
      agentDir: temp.path,
      env: {
        KERN_MODEL: "from-env",
        KERN_PORT: "4321",
        KERN_TELEGRAM_API_ROOT: "http://127.0.0.1:9/",
      },
    });
    expect(config.model).toBe("from-env");
    expect(config.port).toBe(4321);
    expect(config.telegram.apiRoot).toBe("http://127.0.0.1:9/");
    expect(config.resolvedBaseUrl).toBe("https://openrouter.ai/api/v1");
    expect(config.secrets).toMatchObject({
      named: expect.arrayContaining([
        { name: "OPENROUTER_API_KEY", value: "sk-test" },
        { name: "KERN_AUTH_TOKEN", value: "abc" },
      ]),
      apiKey: "sk-test",
      authToken: "abc",
      telegramToken: null,
      mcpServers: {},
    });
    expect(config.secrets.lookup("KERN_AUTH_TOKEN")).toBe("abc");
  });

  it("names the folder when it is not an agent", async () => {
    await expect(loadConfig({ agentDir: join(temp.path, "nothing") })).rejects.toMatchObject({
      code: "KERN_NO_AGENT",
    });
  });
});

describe("docs/config.md", () => {
  it("is generated from the schema (run `npm run docs:config` after changing it)", () => {
    const docs = readFileSync(new URL("../../docs/config.md", import.meta.url), "utf8");
    expect(docs).toBe(renderConfigDocs());
  });
});
