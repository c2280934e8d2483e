import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { COMPACT_AFTER_LINES, TurnQueueFile } from "./turn-queue-file.js";

let temp = makeTempDir("kern-queue-file-");
afterEach(() => {
  temp.cleanup();
  temp = makeTempDir("kern-queue-file-");
});

function entry(index: number) {
  return {
    turnId: `turn-${index}`,
    envelope: {
      text: `message ${index}`,
      interface: "web" as const,
      ts: "2026-11-26T10:00:00.000Z",
    },
  };
}

describe("TurnQueueFile", () => {
  it("keeps a result turn's origin and depth across a restart, so a replayed chain stays bounded", () => {
    const path = join(temp.path, "queue.jsonl");
    const origin = { role: "member" as const, channel: "telegram:77", user: "77", name: "Max" };
    const first = TurnQueueFile.open(path);
    first.queued({ ...entry(1), options: { kind: "subagent", origin, depth: 1 } });
    const [replayed] = TurnQueueFile.open(path).pending;
    expect(replayed?.options).toEqual({ kind: "subagent", origin, depth: 1 });
  });

  it("keeps every turn not yet done when it compacts past its line budget (issue 33, hole 2)", () => {
    const path = join(temp.path, "queue.jsonl");
    const file = TurnQueueFile.open(path);
    let index = 0;
    // ~500 ordinary turns: a queued and a done line each.
    for (; index < COMPACT_AFTER_LINES / 2 - 5; index += 1) {
      file.queued(entry(index));
      file.done(`turn-${index}`);
    }
    // A slow turn runs while 20 more are accepted, then the daemon stops: the runtime's own
    // queue is emptied by the stop, and the running turn's end triggers a compaction.
    const running = index;
    file.queued(entry(running));
    const accepted = Array.from({ length: 20 }, (_, offset) => entry(running + 1 + offset));
    for (const waiting of accepted) file.queued(waiting);
    file.done(`turn-${running}`);
    file.compact();
    file.close();

    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(20);
    const reopened = TurnQueueFile.open(path);
    expect(reopened.pending.map((turn) => turn.turnId)).toEqual(accepted.map((t) => t.turnId));
    reopened.close();
  });

  it("does not compact below its line budget", () => {
    const path = join(temp.path, "queue.jsonl");
    const file = TurnQueueFile.open(path, { compactAfterLines: 10 });
    for (let index = 0; index < 4; index += 1) {
      file.queued(entry(index));
      file.done(`turn-${index}`);
    }
    file.compact();
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(8);
    file.close();
  });
});
