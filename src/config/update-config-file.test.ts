import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { ConfigError } from "../kernel/index.js";
import { updateConfigFile } from "./update-config-file.js";

let cleanup = () => {};
afterEach(() => cleanup());

function agentWithConfig(text: string | null): { dir: string; file: string } {
  const temp = makeTempDir();
  cleanup = temp.cleanup;
  mkdirSync(join(temp.path, ".kern"));
  const file = join(temp.path, ".kern", "config.json");
  if (text !== null) writeFileSync(file, text);
  return { dir: temp.path, file };
}

describe("updateConfigFile", () => {
  it("keeps the keys the user wrote and adds the new one", async () => {
    const { dir, file } = agentWithConfig('{ "model": "m" }');
    await updateConfigFile(dir, { port: 4242 });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ model: "m", port: 4242 });
  });

  it("creates the file when there is none", async () => {
    const { dir, file } = agentWithConfig(null);
    await updateConfigFile(dir, { port: 1 });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ port: 1 });
  });

  it("refuses a config.json that is not a JSON object, naming the file, and leaves it alone", async () => {
    for (const text of ["{ broken", "[1, 2]"]) {
      const { dir, file } = agentWithConfig(text);
      const failure = await updateConfigFile(dir, { port: 1 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConfigError);
      expect((failure as ConfigError).code).toBe("KERN_CONFIG_INVALID");
      expect((failure as ConfigError).message).toContain(file);
      expect(readFileSync(file, "utf8")).toBe(text);
      cleanup();
    }
  });
});
