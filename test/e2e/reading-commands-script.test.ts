// The commands that only read an agent run the CLI bundled as one script with a V8 code cache
// (bin/kern, bin/cached-script.mjs; issue 32). Real processes: each prints what the ES-module
// bundle prints (KERN_DEBUG runs that one), the cache is accepted, and none requires a package that
// is an ES module only (Node 20 before 20.19 cannot). The history has non-ASCII text: the build
// escapes every non-ASCII character of the script (regular expressions included).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { makeTempDir } from "../support/temp-dir.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PROBE = join(ROOT, "test", "support", "script-bundle-probe.cjs");

/** kern's dependencies that ship only an ES module (no `require` export). */
function esOnlyDependencies(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  return Object.keys(manifest.dependencies).filter((name) => {
    const file = join(ROOT, "node_modules", name, "package.json");
    const meta = JSON.parse(readFileSync(file, "utf8")) as { type?: string; exports?: unknown };
    return meta.type === "module" && !JSON.stringify(meta.exports ?? {}).includes('"require"');
  });
}

function conversation(messages: number): string {
  return Array.from({ length: messages }, (_, index) => {
    const ts = new Date(Date.UTC(2026, 2, 2, 8, index)).toISOString();
    const user = index % 2 === 0;
    const content = user
      ? `Can you check the deploy of service ${index % 7} to the staging cluster?`
      : `The deploy of service ${index % 7} finished; the “canary” on ＜db-0${index % 3}＞ is healthy — café ☕ 🚀.`;
    return JSON.stringify({ role: user ? "user" : "assistant", content, ts });
  }).join("\n");
}

describe("the reading commands' script bundle", () => {
  const temp = makeTempDir("kern-script-bundle-");
  const dir = join(temp.path, "agent");
  beforeAll(async () => {
    expect((await kernProcess(["init", dir, "--yes"])).code).toBe(0);
    const history = join(temp.path, "history.jsonl");
    writeFileSync(history, conversation(60));
    const imported = await kernProcess(["import", history, dir, "--offline", "--yes"]);
    expect(imported.code, imported.stderr).toBe(0);
  }, 120_000);
  afterAll(() => temp.cleanup());

  it("prints what the module bundle prints, from its code cache, requiring no ES-only package", async () => {
    const esOnly = esOnlyDependencies();
    expect(esOnly).toContain("ink");
    for (const args of [
      ["status", dir],
      ["status", dir, "--json"],
      ["segments", dir],
      ["segments", dir, "--json"],
      ["context", dir, "--json"],
      ["recall", "deploy canary", dir, "--json"],
      ["memory", dir],
    ]) {
      const probeFile = join(temp.path, `probe-${args.join("-").replace(/\W+/g, "-")}.txt`);
      writeFileSync(probeFile, "");
      const script = await kernProcess(args, {
        NODE_OPTIONS: `--require ${PROBE}`,
        KERN_TEST_PROBE_FILE: probeFile,
        KERN_TEST_ES_ONLY: esOnly.join(","),
      });
      const modules = await kernProcess(args, { KERN_DEBUG: "1" });
      const label = args.join(" ");
      expect(script.code, `${label}: ${script.stderr}`).toBe(0);
      expect(script.stdout, label).toBe(modules.stdout);
      expect(script.stdout.length, label).toBeGreaterThan(0);
      expect(readFileSync(probeFile, "utf8"), label).toBe("script cache accepted\n");
    }
  }, 120_000);
});
