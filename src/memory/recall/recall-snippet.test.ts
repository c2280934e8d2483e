import { describe, expect, it } from "vitest";
import { recallSnippet } from "./recall-snippet.js";

describe("recallSnippet", () => {
  it("shows the text around the first query term with every term bracketed", () => {
    const text = `${"filler words ".repeat(30)}the replication lag on db-03 fell to 2 s after the fix ${"more ".repeat(80)}`;
    const snippet = recallSnippet(text, ["replication", "db"]);
    expect(snippet.startsWith("… ")).toBe(true);
    expect(snippet).toContain("[replication] lag on [db]-03");
    expect(snippet.length).toBeLessThan(260);
  });

  it("matches whole words only and keeps short texts whole", () => {
    expect(recallSnippet("a database and a db", ["db"])).toBe("a database and a [db]");
  });
});
