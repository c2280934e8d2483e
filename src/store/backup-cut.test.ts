import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { agentPaths } from "../config/index.js";
import { takeBackupCut } from "./backup-cut.js";

let temp: { path: string; cleanup: () => void };
beforeEach(() => {
  temp = makeTempDir("kern-cut-");
});
afterEach(() => temp.cleanup());

function agent() {
  const paths = agentPaths(join(temp.path, "agent"));
  mkdirSync(paths.sessionsDir, { recursive: true });
  return paths;
}

const line = (value: object) => `${JSON.stringify(value)}\n`;

describe("a backup's cut", () => {
  it("ends every log at its last whole line: a torn tail is never in it", () => {
    const paths = agent();
    const session = join(paths.sessionsDir, "session_a.jsonl");
    const whole = line({ type: "session" }) + line({ type: "message", seq: 0 });
    writeFileSync(session, whole);
    appendFileSync(session, '{"type":"message","seq":1,"content":"half a li');
    writeFileSync(paths.memoryLog, line({ type: "segment" }));
    const cut = takeBackupCut(paths, "2026-01-01T00:00:00.000Z");
    expect(cut.logs).toEqual([
      { path: ".kern/memory.jsonl", bytes: Buffer.byteLength(line({ type: "segment" })) },
      { path: ".kern/sessions/session_a.jsonl", bytes: Buffer.byteLength(whole) },
    ]);
  });

  it("finds the last newline past a line longer than one read", () => {
    const paths = agent();
    const session = join(paths.sessionsDir, "session_a.jsonl");
    const long = line({ type: "message", content: "x".repeat(200_000) });
    writeFileSync(session, long + "y".repeat(100_000));
    expect(takeBackupCut(paths, "t").logs[0]?.bytes).toBe(Buffer.byteLength(long));
  });

  it("leaves out the lines of an import not committed yet", () => {
    const paths = agent();
    const session = join(paths.sessionsDir, "session_a.jsonl");
    const committed = line({ type: "session" });
    writeFileSync(session, committed + line({ type: "message", seq: 0, imported: true }));
    writeFileSync(paths.importMarker, JSON.stringify({ file: session, size: committed.length }));
    expect(takeBackupCut(paths, "t").logs[0]?.bytes).toBe(committed.length);
  });

  it("keeps jobs and pairing whole, as they are at the cut", () => {
    const paths = agent();
    writeFileSync(paths.jobsFile, '{"v":1,"jobs":[]}\n');
    const cut = takeBackupCut(paths, "t");
    expect(cut.snapshots).toEqual([{ path: ".kern/jobs.json", text: '{"v":1,"jobs":[]}\n' }]);
  });
});
