import { appendFileSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { TelegramInbox } from "./telegram-inbox.js";

const message = (chatId: number, text: string) => ({
  chat: { id: chatId, type: "private" },
  from: { id: chatId, first_name: "Ann" },
  text,
});

describe("TelegramInbox", () => {
  const temp = makeTempDir("kern-tg-inbox-");
  let path = "";
  let count = 0;
  const opened: TelegramInbox[] = [];
  const open = () => {
    const inbox = TelegramInbox.open(path);
    opened.push(inbox);
    return inbox;
  };

  beforeEach(() => {
    count += 1;
    path = join(temp.path, `telegram-inbox-${count}.jsonl`);
  });

  afterEach(() => {
    for (const inbox of opened.splice(0)) inbox.close();
  });

  afterAll(() => temp.cleanup());

  it("replays what was taken and not handled, oldest first, from a 0600 file", () => {
    const inbox = open();
    expect(inbox.take({ updateId: 10, message: message(1, "slow photo") })).toBe(true);
    expect(inbox.take({ updateId: 11, message: message(2, "handled") })).toBe(true);
    expect(inbox.take({ updateId: 12, message: message(1, "behind the photo") })).toBe(true);
    inbox.done(11);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // A crash: the file is all there is.
    const restarted = open();
    expect(restarted.pending.map((entry) => entry.updateId)).toEqual([10, 12]);
    expect(restarted.pending[1]?.message.text).toBe("behind the photo");
  });

  it("refuses an update given again after a restart, handled or not", () => {
    const inbox = open();
    inbox.take({ updateId: 20, message: message(1, "a") });
    inbox.take({ updateId: 21, message: message(1, "b") });
    inbox.done(20);
    const restarted = open();
    expect(restarted.take({ updateId: 20, message: message(1, "a") })).toBe(false);
    expect(restarted.take({ updateId: 21, message: message(1, "b") })).toBe(false);
    expect(restarted.take({ updateId: 22, message: message(1, "c") })).toBe(true);
    // Still after the compaction the next open makes.
    expect(open().take({ updateId: 20, message: message(1, "a") })).toBe(false);
  });

  it("skips a torn last line, and compacts to what is not done", () => {
    const inbox = open();
    for (let id = 1; id <= 1100; id += 1) {
      inbox.take({ updateId: id, message: message(1, `m${id}`) });
      if (id !== 7) inbox.done(id);
    }
    inbox.close();
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines.length).toBeLessThan(400);
    appendFileSync(path, '{"type":"update","updateId":2000,"mess');
    const restarted = open();
    expect(restarted.pending.map((entry) => entry.updateId)).toEqual([7]);
    expect(restarted.take({ updateId: 1100, message: message(1, "again") })).toBe(false);
  });
});
