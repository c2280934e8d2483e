// `kern --version` answers from main.ts before the program and its commands load (issue 17); it
// must print the same version as package.json and as the program's own `-v` handling.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonAs } from "../../src/kernel/index.js";
import { kernProcess } from "../support/kern-process.js";

const { version } = parseJsonAs(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
  z.object({ version: z.string() }),
  { source: "package.json", code: "KERN_INTERNAL" },
);

describe("kern --version as a process", () => {
  it("prints package.json's version for -v and --version, alone or after other flags", async () => {
    for (const args of [["--version"], ["-v"], ["--version", "--json"]]) {
      const result = await kernProcess(args);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout.trim(), args.join(" ")).toBe(version);
    }
  });
});
