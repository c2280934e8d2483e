import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import { observationFromKeeper, parseKeeperOutput } from "./working-memory-keeper.js";
import { buildKeeperRequest, WORKING_MEMORY_KEEPER_MARKER } from "./working-memory-prompt.js";
import type { ExchangeObservation } from "./working-memory-rules.js";

const rules: ExchangeObservation = {
  seq: 8,
  date: "2026-04-02",
  request: "Set up the cache",
  nextStep: null,
  decisions: [{ text: "a rule-based decision", reason: null }],
  files: [
    { path: "src/cache.ts", tool: "write", detail: "3 lines" },
    { path: "src/db.ts", tool: "edit", detail: "" },
  ],
  context: ["a rule-based fact"],
  preferences: [],
  text: "Set up the cache",
};

describe("parseKeeperOutput", () => {
  it("reads the JSON object inside a fenced reply and fills missing lists", () => {
    const output = parseKeeperOutput(
      'Here you go:\n```json\n{"task": {"now": "Set up the cache", "next": null}, "decisions": [{"text": "Use SQLite", "reason": "no server"}]}\n```',
    );
    expect(output).toEqual({
      task: { now: "Set up the cache", next: null },
      decisions: [{ text: "Use SQLite", reason: "no server" }],
      files: [],
      context: [],
      preferences: [],
    });
  });

  it("returns null for prose, broken JSON and the wrong shape", () => {
    expect(parseKeeperOutput("I updated the memory.")).toBeNull();
    expect(parseKeeperOutput('{"decisions": [')).toBeNull();
    expect(parseKeeperOutput('{"decisions": "Use SQLite"}')).toBeNull();
  });
});

describe("observationFromKeeper", () => {
  it("takes the model's items but keeps the files the tool calls wrote", () => {
    const observation = observationFromKeeper(
      {
        task: { now: "Wire the cache into the API", next: "add tests" },
        decisions: [
          { text: "Use SQLite", reason: "no server" },
          { text: "  ", reason: null },
        ],
        files: [
          { path: "src/cache.ts", note: "LRU cache with a TTL" },
          { path: "`docs/cache.md`", note: null },
        ],
        context: ["The API runs on port 8080"],
        preferences: [{ text: "Short answers", replaces: null }],
      },
      rules,
    );
    expect(observation).toEqual({
      ...rules,
      request: "Wire the cache into the API",
      nextStep: "add tests",
      decisions: [{ text: "Use SQLite", reason: "no server" }],
      files: [
        { path: "src/cache.ts", tool: "model", detail: "LRU cache with a TTL" },
        { path: "src/db.ts", tool: "edit", detail: "" },
        { path: "docs/cache.md", tool: "model", detail: "changed" },
      ],
      context: ["The API runs on port 8080"],
      preferences: [{ text: "Short answers", replaces: null }],
    });
  });

  it("leaves the task unchanged when the model says it did not change", () => {
    const output = parseKeeperOutput('{"task": null}');
    expect(output).not.toBeNull();
    if (output) expect(observationFromKeeper(output, rules).request).toBeNull();
  });
});

describe("buildKeeperRequest", () => {
  it("starts with the marker and carries the working memory and the exchange", () => {
    const exchange: SessionMessage[] = [
      { seq: 3, ts: "2026-04-02T06:00:00.000Z", role: "user", content: "Use SQLite." },
    ];
    const request = buildKeeperRequest({
      workingMemory: "## Task State\n_none yet_",
      exchange,
      model: "gpt-4o-mini",
    });
    expect(request.system.startsWith(WORKING_MEMORY_KEEPER_MARKER)).toBe(true);
    expect(request.user).toContain(
      "<working_memory>\n## Task State\n_none yet_\n</working_memory>",
    );
    expect(request.user).toContain("Use SQLite.");
    expect(request.maxOutputTokens).toBeGreaterThanOrEqual(2_048);
  });
});
