import { describe, expect, it } from "vitest";
import type { IndexedMessage } from "../../store/index.js";
import { countMessageTokens } from "../text/count-tokens.js";
import { toWindowMessage } from "./message-window.js";
import { MIN_TIGHT_TOOL_CHARS, planTightTurn } from "./tight-turn.js";

function message(seq: number, role: IndexedMessage["role"], content: string): IndexedMessage {
  return {
    id: seq + 1,
    session: "s",
    seq,
    ts: "2026-03-01T08:00:00.000Z",
    role,
    content,
    tokens: 0,
  };
}

const line = "deploy 4412 ok on node-7 after 312 ms; cache warm, 0 errors\n";
const turn = [
  message(10, "user", "Can you check the deploy log?"),
  message(11, "tool", line.repeat(200)),
  message(12, "assistant", "The deploy is fine: no errors in 200 runs."),
];

describe("planTightTurn", () => {
  it("cuts the turn's tool results to the largest size that fits the room", () => {
    const planned = planTightTurn({
      messages: turn,
      seqEnd: 13,
      room: 800,
      maxToolResultChars: 20_000,
    });
    expect(planned).not.toBeNull();
    expect(planned?.tokens).toBeLessThanOrEqual(800);
    expect(planned?.tokens).toBeGreaterThan(700); // the room is spent, not a token-poor floor
    expect(planned?.messages[0]).toMatchObject({ role: "user", content: turn[0]?.content });
    expect(planned?.messages[1]?.content).toContain("characters omitted");
    expect(planned?.messages[2]?.content).toBe(turn[2]?.content);
    const counted = planned?.messages.reduce((sum, m) => sum + countMessageTokens(m), 0);
    expect(planned?.tokens).toBe(counted);
    expect(planned).toMatchObject({ seqStart: 10, seqEnd: 13 });
  });

  it("spends the room when the turn's results differ in length and density", () => {
    const csv = (rows: number) =>
      Array.from({ length: rows }, (_, i) => `${i},${(i * 7919) % 10007}.${i % 97},q${i % 13}`);
    const mixed = [
      message(20, "user", "Compare the four outputs."),
      message(21, "tool", csv(700).join("\n")),
      message(22, "tool", line.repeat(120)),
      message(23, "tool", csv(400).join("\n")),
      message(24, "tool", line.repeat(85)),
      message(25, "assistant", "Only the first has gaps."),
    ];
    const full = mixed
      .map((m) => countMessageTokens(toWindowMessage(m, 20_000)))
      .reduce((sum, tokens) => sum + tokens, 0);
    // A search narrowing only from above stopped at the floor for 80% and 85% of the turn.
    for (const share of [0.5, 0.8, 0.85, 0.95]) {
      const room = Math.floor(share * full);
      const planned = planTightTurn({
        messages: mixed,
        seqEnd: 26,
        room,
        maxToolResultChars: 20_000,
      });
      expect(planned?.tokens).toBeLessThanOrEqual(room);
      expect(planned?.tokens).toBeGreaterThan(room - 250); // within ~200 characters of the best cap
    }
  });

  it("declines a room the shortest cut does not fit, and a turn that does not start with the user", () => {
    expect(
      planTightTurn({ messages: turn, seqEnd: 13, room: 60, maxToolResultChars: 20_000 }),
    ).toBeNull();
    expect(
      planTightTurn({
        messages: turn.slice(1),
        seqEnd: 13,
        room: 5_000,
        maxToolResultChars: 20_000,
      }),
    ).toBeNull();
  });

  it("never cuts a result below the floor, and leaves a turn of short results alone", () => {
    const short = [turn[0] as IndexedMessage, message(11, "tool", "ok"), turn[2] as IndexedMessage];
    expect(
      planTightTurn({ messages: short, seqEnd: 13, room: 5_000, maxToolResultChars: 20_000 }),
    ).toBeNull();
    const floor = turn
      .map((m) => countMessageTokens(toWindowMessage(m, MIN_TIGHT_TOOL_CHARS)))
      .reduce((sum, tokens) => sum + tokens, 0);
    const plan = (room: number) =>
      planTightTurn({ messages: turn, seqEnd: 13, room, maxToolResultChars: 20_000 });
    expect(plan(floor)?.maxChars).toBeGreaterThanOrEqual(MIN_TIGHT_TOOL_CHARS);
    expect(plan(floor - 1)).toBeNull();
  });
});
