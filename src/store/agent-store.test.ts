import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { FakeClock } from "../kernel/index.js";
import { openAgentStore } from "./agent-store.js";
import { SessionLog } from "./session-log.js";

describe("openAgentStore", () => {
  let temp: ReturnType<typeof makeTempDir>;
  const clock = new FakeClock();
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  const paths = () => ({
    sessionsDir: join(temp.path, "sessions"),
    memoryLog: join(temp.path, "memory.jsonl"),
    database: join(temp.path, "kern.db"),
  });
  const message = (text: string) => ({
    ts: "2026-04-02T06:00:00.000Z",
    role: "user" as const,
    content: text,
  });

  it("heals a log ahead of the index on open, even when counting a message throws", () => {
    const first = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    first.appendMessages([message("indexed")]);
    first.close();
    // A crash between the log append and the index insert: the log alone has seq 1 and 2.
    const log = SessionLog.open({ sessionsDir: paths().sessionsDir, clock });
    log.append([message("x".repeat(10_000)), message("after")]);
    log.close();

    const throwing = () => {
      throw new RangeError("Maximum call stack size exceeded");
    };
    const second = openAgentStore({ paths: paths(), clock, countTokens: throwing });
    expect(second.messages.nextSeq(second.sessionLog.sessionId)).toBe(3);
    // New messages are indexed too, with a character estimate for the count.
    const [stored] = second.appendMessages([message("new")]);
    expect(stored?.seq).toBe(3);
    expect(second.messages.nextSeq(second.sessionLog.sessionId)).toBe(4);
    second.close();
  });
});
