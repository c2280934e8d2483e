import { describe, expect, it } from "vitest";
import { countTokens } from "../text/count-tokens.js";
import {
  buildFixedSections,
  joinSections,
  renderSection,
  SectionCache,
  sectionTokens,
  TextTokenCache,
} from "./system-sections.js";

describe("SectionCache", () => {
  it("returns the same section while the content is the same, a new one when it changes", () => {
    const cache = new SectionCache();
    const first = cache.render("tools", "read_file: reads a file");
    expect(cache.render("tools", "read_file: reads a file")).toBe(first);
    const changed = cache.render("tools", "write_file: writes a file");
    expect(changed).not.toBe(first);
    expect(changed).toEqual(renderSection("tools", "write_file: writes a file"));
  });

  it("keeps documents apart by path", () => {
    const cache = new SectionCache();
    const a = cache.render("document", "same text", "AGENTS.md");
    const b = cache.render("document", "same text", "USERS.md");
    expect(a.text).toContain('path="AGENTS.md"');
    expect(b.text).toContain('path="USERS.md"');
  });

  it("builds the same fixed sections as without a cache", () => {
    const options = {
      documents: [{ path: "AGENTS.md", content: "Be brief." }],
      notesSummary: "- notes",
      toolsText: "recall: searches memory",
      workingMemory: "goal: ship",
    };
    const cache = new SectionCache();
    buildFixedSections(options, cache);
    expect(buildFixedSections(options, cache)).toEqual(buildFixedSections(options));
  });
});

describe("TextTokenCache", () => {
  it("counts text followed by its trailing separator exactly, per separator", () => {
    const cache = new TextTokenCache(2);
    const text = "<tools>\nrecall: searches memory\n</tools>";
    expect(cache.count(text, "\n\n")).toBe(countTokens(`${text}\n\n`));
    expect(cache.count(text)).toBe(countTokens(text));
    expect(cache.count(text, "\n\n")).toBe(countTokens(`${text}\n\n`));
    cache.count("a");
    cache.count("b"); // evicts the oldest text
    expect(cache.count(text, "\n\n")).toBe(countTokens(`${text}\n\n`));
  });

  it("sums sections to the joined prompt's count", () => {
    const sections = [renderSection("a", "one two"), renderSection("b", "three")];
    const costs = sectionTokens(sections, new TextTokenCache());
    expect(costs.reduce((sum, cost) => sum + cost, 0)).toBe(countTokens(joinSections(sections)));
  });
});
