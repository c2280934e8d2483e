import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
import { contextOf, envelopeOf, headOf } from "./fts-row.js";

// The texts the store now computes for messages_fts, against the SQL the triggers of migrations
// 6–7 computed them with (ADR 0017): any difference would change what recall finds.
describe("the FTS5 texts computed outside SQLite", () => {
  const db = openDatabase(":memory:");
  const same = db.prepare("SELECT substr(?, 1, ?) = ?").pluck();
  const envelope = db
    .prepare(
      `SELECT CASE WHEN json_valid(:m) THEN concat_ws(' ', json_extract(:m, '$.interface'),
         json_extract(:m, '$.channel'), json_extract(:m, '$.user'), json_extract(:m, '$.name'),
         json_extract(:m, '$.tool')) END`,
    )
    .pluck();

  it("cuts a head as SQLite's substr() counts characters", () => {
    const texts = [
      "",
      "short",
      "é".repeat(400),
      `${"a".repeat(299)}😀tail`,
      "😀".repeat(350),
      `${"x".repeat(298)}\ud83dzz`,
      "mixed 中文 text ".repeat(40),
    ];
    for (const text of texts) {
      for (const chars of [1, 299, 300, 301]) {
        // Compared in SQLite, as the bytes it receives (a lone surrogate is one character of
        // three bytes there, which do not decode back to the same JS string).
        expect(same.get(text, chars, headOf(text, chars)), `${text.slice(0, 20)} @${chars}`).toBe(
          1,
        );
      }
    }
    expect(headOf(null, 300)).toBeNull();
  });

  it("gives the envelope as concat_ws gave it, null without meta", () => {
    const metas = [
      {},
      { interface: "telegram" as const, name: "Ann", user: "42", channel: "42" },
      { name: "", tool: "bash", sourceId: "x" },
      { interface: "tui" as const, turnId: "t-1" },
    ];
    for (const meta of metas)
      expect(envelopeOf(meta)).toBe(envelope.get({ m: JSON.stringify(meta) }));
    expect(envelopeOf(undefined)).toBeNull();
  });

  it("joins the earlier heads as group_concat did, skipping messages without text", () => {
    expect(contextOf([])).toBeNull();
    expect(contextOf([null, null])).toBeNull();
    expect(contextOf(["", "b"])).toBe(" b");
    expect(contextOf([null, "b"])).toBe("b");
    expect(contextOf(["a", "b"])).toBe("a b");
  });
});
