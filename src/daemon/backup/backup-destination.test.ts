import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { backupPrefix, pruneBackups, resolveBackupFile } from "./backup-destination.js";

let temp: { path: string; cleanup: () => void };
beforeEach(() => {
  temp = makeTempDir("kern-backup-destination-");
});
afterEach(() => temp.cleanup());

describe("where a backup goes", () => {
  it("names archives by agent and time in DIR.backups/ by default", () => {
    const agentDir = join(temp.path, "agent");
    const nowMs = Date.parse("2026-03-01T09:30:00.123Z");
    const { file, folder } = resolveBackupFile({
      agentDir,
      agentName: "Agent",
      destination: undefined,
      nowMs,
    });
    expect(folder).toBe(`${agentDir}.backups`);
    expect(file).toBe(
      join(folder, `${backupPrefix("Agent", agentDir)}-20260301T093000.123Z.tar.gz`),
    );
  });

  it("refuses a destination inside the agent folder", () => {
    const agentDir = join(temp.path, "agent");
    for (const destination of [join(agentDir, "b.tar.gz"), join(agentDir, "backups"), agentDir]) {
      expect(() => resolveBackupFile({ agentDir, agentName: "a", destination, nowMs: 0 })).toThrow(
        expect.objectContaining({ code: "KERN_USAGE" }),
      );
    }
  });

  it("keeps the newest N of this agent's archives and nothing else is touched", () => {
    const folder = join(temp.path, "backups");
    mkdirSync(folder);
    const prefix = "kern-a-123456";
    const names = [1, 2, 3, 4].map((day) => `${prefix}-2026030${day}T000000.000Z.tar.gz`);
    const other = "kern-b-654321-20260301T000000.000Z.tar.gz";
    for (const name of [...names, other, "notes.txt"]) writeFileSync(join(folder, name), "");
    const removed = pruneBackups({ folder, prefix, keep: 2 });
    expect(removed.map((file) => file.slice(folder.length + 1))).toEqual(names.slice(0, 2));
    expect(readdirSync(folder).sort()).toEqual([...names.slice(2), other, "notes.txt"].sort());
  });
});
