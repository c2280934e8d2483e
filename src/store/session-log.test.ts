import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { FakeClock } from "../kernel/index.js";
import { readSessionFile, SessionLog } from "./session-log.js";

describe("SessionLog", () => {
  let temp: ReturnType<typeof makeTempDir>;
  const clock = new FakeClock();
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  const userMessage = (text: string) => ({
    ts: "2026-04-02T06:00:00.000Z",
    role: "user" as const,
    content: text,
  });

  it("writes a header then messages with gapless seqs", () => {
    const log = SessionLog.open({ sessionsDir: temp.path, clock });
    const stored = log.append([userMessage("a"), userMessage("b")]);
    log.append([userMessage("c")]);
    log.close();
    expect(stored.map((message) => message.seq)).toEqual([0, 1]);
    const lines = readFileSync(log.file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ type: "session", v: 1, id: log.sessionId });
    expect(lines.slice(1).map((line) => line.seq)).toEqual([0, 1, 2]);
  });

  it("repairs a torn last line and skips a corrupt middle line, losing nothing else", () => {
    const first = SessionLog.open({ sessionsDir: temp.path, clock });
    first.append([userMessage("one"), userMessage("two")]);
    first.close();
    appendFileSync(first.file, "this is garbage\n");
    const second = SessionLog.open({ sessionsDir: temp.path, clock });
    second.append([userMessage("three")]);
    second.close();
    appendFileSync(first.file, '{"type":"message","seq":4,"ts":"2026-');
    const reopened = SessionLog.open({ sessionsDir: temp.path, clock });
    expect(reopened.scan.repairedTornLine).toBe(true);
    expect(reopened.scan.corruptLines).toHaveLength(1);
    expect(reopened.scan.corruptLines[0]?.lineNumber).toBe(4);
    expect(reopened.nextSeq).toBe(3);
    reopened.append([userMessage("four")]);
    reopened.close();
    const texts: string[] = [];
    readSessionFile(reopened.file, (message) => texts.push(message.content ?? ""));
    expect(texts).toEqual(["one", "two", "three", "four"]);
  });

  it("treats an empty session file as a new session", () => {
    writeFileSync(join(temp.path, "session_0_empty.jsonl"), "");
    const log = SessionLog.open({ sessionsDir: temp.path, clock });
    expect(log.sessionId).toBe("session_0_empty");
    expect(log.append([userMessage("hi")])[0]?.seq).toBe(0);
    log.close();
  });

  it("starts a new session that becomes the active one", () => {
    const log = SessionLog.open({ sessionsDir: temp.path, clock });
    log.append([userMessage("old")]);
    clock.advance(1000);
    const id = log.startNew();
    expect(log.append([userMessage("new")])[0]?.seq).toBe(0);
    log.close();
    expect(SessionLog.open({ sessionsDir: temp.path, clock }).sessionId).toBe(id);
  });

  describe('the "tail" scan (read-only commands)', () => {
    it("finds nextSeq and the header's time past a corrupt line, and repairs a torn last line", () => {
      const first = SessionLog.open({ sessionsDir: temp.path, clock });
      first.append([userMessage("one"), userMessage("two")]);
      first.close();
      const createdAt = first.scan.info.createdAt;
      appendFileSync(first.file, "this is garbage\n");
      const second = SessionLog.open({ sessionsDir: temp.path, clock, scan: "tail" });
      expect(second.nextSeq).toBe(2);
      second.append([userMessage("three")]);
      second.close();
      appendFileSync(first.file, '{"type":"message","seq":4,"ts":"2026-');
      const reopened = SessionLog.open({ sessionsDir: temp.path, clock, scan: "tail" });
      expect(reopened.scan.repairedTornLine).toBe(true);
      expect(reopened.nextSeq).toBe(3);
      expect(reopened.scan.info.createdAt).toBe(createdAt);
      reopened.append([userMessage("four")]);
      reopened.close();
      const texts: string[] = [];
      readSessionFile(reopened.file, (message) => texts.push(message.content ?? ""));
      expect(texts).toEqual(["one", "two", "three", "four"]);
      expect(SessionLog.open({ sessionsDir: temp.path, clock }).nextSeq).toBe(4);
    });

    it("agrees with the full scan on lines longer than its read chunk", () => {
      const log = SessionLog.open({ sessionsDir: temp.path, clock });
      log.append([userMessage("x".repeat(200_000)), userMessage("y".repeat(70_000))]);
      log.close();
      appendFileSync(
        log.file,
        JSON.stringify({
          type: "message",
          seq: 2,
          ts: "2026-04-02T06:00:00.000Z",
          role: "user",
          content: "no newline",
        }),
      );
      const tail = SessionLog.open({ sessionsDir: temp.path, clock, scan: "tail" });
      tail.close();
      expect(tail.nextSeq).toBe(SessionLog.open({ sessionsDir: temp.path, clock }).nextSeq);
      expect(tail.scan.repairedTornLine).toBe(false);
      expect(readFileSync(log.file, "utf8").endsWith("}\n")).toBe(true);
    });

    it("gives an empty file its header, as the full scan does", () => {
      writeFileSync(join(temp.path, "session_0_empty.jsonl"), "");
      const log = SessionLog.open({ sessionsDir: temp.path, clock, scan: "tail" });
      expect(log.nextSeq).toBe(0);
      log.close();
      const header = JSON.parse(readFileSync(log.file, "utf8").split("\n")[0] ?? "");
      expect(header).toMatchObject({ type: "session", id: "session_0_empty" });
    });
  });
});
