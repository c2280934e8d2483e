import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../../protocol/index.js";
import { createInitialTuiState, type TuiState, tuiReducer } from "./tui-state.js";

const envelope = {
  text: "/import chat.jsonl",
  interface: "cli" as const,
  ts: "2026-01-01T00:00:00Z",
};

function run(list: StreamEvent[]): TuiState {
  return list.reduce(
    (state, event) => tuiReducer(state, { type: "stream-event", event }),
    createInitialTuiState(),
  );
}

describe("an import through the daemon, in the TUI", () => {
  it("shows one progress line that moves on, then the import's result", () => {
    const turnId = "import_1";
    const state = run([
      { type: "turn-queue", turnId, envelope, position: 0 },
      { type: "turn-start", turnId, envelope },
      { type: "import-progress", turnId, phase: "parse", done: 10, total: 49 },
      { type: "import-progress", turnId, phase: "append", done: 1000, total: 20000 },
      { type: "import-progress", turnId, phase: "embed", done: 20000, total: 20000 },
      { type: "command-result", turnId, command: "import", text: "imported 20000 messages" },
      { type: "turn-end", turnId, text: "imported 20000 messages", stopReason: "command" },
    ]);
    const notices = state.items.filter((item) => item.kind === "notice");
    expect(notices.map((item) => (item.kind === "notice" ? item.text : ""))).toEqual([
      "import: embed 20000/20000",
    ]);
    expect(state.items.some((item) => item.kind === "command" && item.text.includes("20000"))).toBe(
      true,
    );
  });
});
