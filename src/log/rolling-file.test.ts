import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { createFileLogger, type Logger } from "./create-logger.js";

let cleanup = () => {};
afterEach(() => cleanup());

function logFolder(): string {
  const temp = makeTempDir("kern-log-");
  cleanup = temp.cleanup;
  return join(temp.path, "logs");
}

function rolledFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /^kern\.\d+\.log$/.test(name))
    .sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1]));
}

async function settle(logger: Logger): Promise<void> {
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 50)); // the roll and the cleanup are async
}

describe("the rotating log file", () => {
  it("rolls by size, keeps the newest files only, and kern.log always names the current one", async () => {
    const folder = logFolder();
    const file = join(folder, "kern.log");
    const rotation = { maxSize: "2k", frequency: "daily", keep: 3 } as const;
    const logger = await createFileLogger({ file, rotation });
    const padding = "x".repeat(200);
    for (let line = 0; line < 60; line += 1) {
      logger.info({ line, padding }, "filler");
      if (line % 5 === 4) await settle(logger); // let pino-roll see each 1 KB written
    }
    logger.info({ line: "last" }, "the newest line");
    await settle(logger);

    const files = rolledFiles(folder);
    expect(files.length).toBeLessThanOrEqual(3);
    expect(Number(files.at(-1)?.split(".")[1])).toBeGreaterThan(3); // it rolled more than keep
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readlinkSync(file)).toBe(files.at(-1));
    const current = readFileSync(file, "utf8").trim().split("\n");
    expect(JSON.parse(current.at(-1) ?? "{}").msg).toBe("the newest line");
    for (const name of files) {
      // at most one batch of five ~300-byte lines past the limit before the roll
      expect(readFileSync(join(folder, name)).length).toBeLessThan(2048 + 5 * 320);
    }
  });

  it("keeps a kern.log from before rotation as kern.log.old and starts the link", async () => {
    const folder = logFolder();
    const file = join(folder, "kern.log");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, '{"msg":"written before rotation"}\n');
    const logger = await createFileLogger({ file });
    logger.info("after the upgrade");
    await settle(logger);
    expect(readFileSync(`${file}.old`, "utf8")).toContain("written before rotation");
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, "utf8")).toContain("after the upgrade");
    expect(existsSync(join(folder, "kern.1.log"))).toBe(true);
  });

  it("goes on in the newest file after a restart", async () => {
    const folder = logFolder();
    const file = join(folder, "kern.log");
    const rotation = { maxSize: "1k", frequency: "daily", keep: 5 } as const;
    const first = await createFileLogger({ file, rotation });
    for (let line = 0; line < 12; line += 1) {
      first.info({ line, padding: "y".repeat(150) }, "first run");
      await settle(first);
    }
    const newest = rolledFiles(folder).at(-1);
    const second = await createFileLogger({ file, rotation });
    second.info("second run");
    await settle(second);
    expect(readlinkSync(file)).toBe(newest);
    expect(readFileSync(file, "utf8")).toContain("second run");
  });
});
