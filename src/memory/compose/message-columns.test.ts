// MessageColumns grows at both ends by reallocating: after any mix of prepends and appends it
// must hold the rows a plain array holds, find seqs and sum tokens as that array does.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../test/support/seeded-random.js";
import type { MessageTokenRow } from "../../store/index.js";
import { MessageColumns } from "./message-columns.js";

const ROLES = ["user", "assistant", "tool"] as const;

function row(seq: number, random: () => number): MessageTokenRow {
  const role = ROLES[Math.floor(random() * 3)] ?? "user";
  return { id: 1_000 + seq, seq, role, tokens: Math.floor(random() * 500), ts: `t${seq}` };
}

describe("MessageColumns", () => {
  it("holds, finds and sums rows as a plain array after prepends and appends", () => {
    const random = seededRandom(11);
    const columns = new MessageColumns();
    let model: MessageTokenRow[] = [];
    // Seqs with gaps (a damaged log skips some), around a middle start.
    let low = 5_000;
    let high = 5_000;
    for (let step = 0; step < 60; step += 1) {
      const count = Math.floor(random() * 40);
      const rows: MessageTokenRow[] = [];
      if (random() < 0.5) {
        for (let index = 0; index < count; index += 1) {
          low -= 1 + Math.floor(random() * 2);
          rows.unshift(row(low, random));
        }
        columns.prepend(rows);
        model = [...rows, ...model];
      } else {
        for (let index = 0; index < count; index += 1) {
          rows.push(row(high, random));
          high += 1 + Math.floor(random() * 2);
        }
        columns.append(rows);
        model = [...model, ...rows];
      }
      expect(columns.length).toBe(model.length);
    }
    expect(model.length).toBeGreaterThan(500);
    model.forEach((expected, index) => {
      const { id, seq, role, tokens, ts } = expected;
      const actual = {
        id: columns.id(index),
        seq: columns.seq(index),
        role: columns.role(index),
        tokens: columns.tokens(index),
        ts: columns.ts(index),
      };
      expect(actual).toEqual({ id, seq, role, tokens, ts });
    });
    for (let sample = 0; sample < 300; sample += 1) {
      const seq = low - 3 + Math.floor(random() * (high - low + 6));
      const index = model.findIndex((candidate) => candidate.seq >= seq);
      expect(columns.indexOf(seq)).toBe(index === -1 ? model.length : index);
      const [from, to] = [random(), random()]
        .map((share) => Math.floor(share * (model.length + 1)))
        .sort((a, b) => a - b) as [number, number];
      const sum = model.slice(from, to).reduce((total, each) => total + each.tokens, 0);
      expect(columns.tokensBetween(from, to)).toBe(sum);
    }
  });
});
