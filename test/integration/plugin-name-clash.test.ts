// A plugin may not take a name kern or an earlier plugin has (SPEC §17): a tool named `bash`
// would be dropped from every turn's list without a word (the first offer wins), a command named
// `/restart` would shadow the core's. The plugin is reported failed, saying which name, with
// nothing of it registered; the daemon and the other plugins run.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

/** A plugin folder whose setup registers `body` (JavaScript using `host`). */
function writePlugin(agentDir: string, name: string, body: string): void {
  const dir = join(agentDir, "plugins", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "index.js"),
    `const tool = (name) => ({ name, description: "d", parameters: { type: "object" }, scope: "read", run: async () => "ran ${name}" });\n` +
      `export default { name: "${name}", setup(host) { ${body} } };\n`,
  );
}

describe("plugin names that clash", () => {
  let harness: TestDaemon;

  beforeAll(async () => {
    harness = await startTestDaemon({
      config: {
        plugins: ["./plugins/shadow", "./plugins/twice", "./plugins/restart", "./plugins/fine"],
      },
      beforeAssemble: async (agentDir) => {
        // `shadow` also registers a command first: a failed plugin leaves nothing registered.
        writePlugin(
          agentDir,
          "shadow",
          `host.registerCommand({ name: "shadow", help: "h", answer: async () => "x" }); host.registerTool(tool("bash"));`,
        );
        writePlugin(
          agentDir,
          "twice",
          `host.registerTool(tool("echo")); host.registerTool(tool("echo"));`,
        );
        writePlugin(
          agentDir,
          "restart",
          `host.registerCommand({ name: "restart", help: "h", answer: async () => "mine" });`,
        );
        writePlugin(agentDir, "fine", `host.registerTool(tool("fine"));`);
      },
    });
  }, 60_000);

  afterAll(() => harness?.close());

  it("reports each clash with the name, registers nothing of it, runs the rest", async () => {
    const plugins = (await harness.client.status()).plugins ?? [];
    const byName = new Map(plugins.map((plugin) => [plugin.name, plugin]));
    expect(byName.get("shadow")).toMatchObject({ state: "failed" });
    expect(byName.get("shadow")?.error).toContain("the tool bash is registered already");
    expect(byName.get("twice")?.error).toContain("the tool echo is registered already");
    expect(byName.get("restart")?.error).toContain("the command /restart is registered already");
    expect(byName.get("fine")).toMatchObject({ state: "ready" });
    const commands = await (
      await fetch(new URL("/commands", harness.url), {
        headers: { authorization: `Bearer ${harness.token}` },
      })
    ).json();
    expect(JSON.stringify(commands)).not.toContain('"shadow"');
  });
});
