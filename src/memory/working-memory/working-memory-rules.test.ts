import { describe, expect, it } from "vitest";
import type { SessionMessage, ToolCall } from "../../kernel/index.js";
import { filesWrittenBy, pathsWrittenByBash } from "./working-memory-files.js";
import { observeExchange } from "./working-memory-rules.js";

const TS = "2026-04-02T06:00:00.000Z";

function user(seq: number, content: string): SessionMessage {
  return { seq, ts: TS, role: "user", content };
}

function assistant(seq: number, content: string | null, toolCalls?: ToolCall[]): SessionMessage {
  return { seq, ts: TS, role: "assistant", content, ...(toolCalls ? { toolCalls } : {}) };
}

function call(id: string, name: string, args: unknown): ToolCall {
  return { id, type: "function", function: { name, arguments: JSON.stringify(args) } };
}

function result(seq: number, toolCallId: string, content: string): SessionMessage {
  return { seq, ts: TS, role: "tool", content, toolCallId };
}

describe("observeExchange", () => {
  it("reads a preference, a decision with its reason, context and the request", () => {
    const observation = observeExchange([
      user(
        4,
        "Hi! I prefer short answers with the code first. We decided to use SQLite for the cache because it needs no server. FYI the staging host is staging-7. Can you set up the cache module?",
      ),
      assistant(5, "Sure. Next I will write the module and its tests."),
    ]);
    expect(observation).toMatchObject({
      seq: 4,
      date: "2026-04-02",
      request: "Can you set up the cache module?",
      nextStep: "Next I will write the module and its tests.",
      preferences: [{ text: "I prefer short answers with the code first", replaces: null }],
      decisions: [{ text: "We decided to use SQLite for the cache", reason: "it needs no server" }],
      context: ["FYI the staging host is staging-7"],
    });
  });

  it("reads nothing from a casual chat's likes and personal choices (issue 31)", () => {
    const observation = observeExchange([
      user(
        0,
        "I love all the yellow leaves this time of year. I picked this color because it reminded me of home. I like hiking with my dog.",
      ),
      assistant(1, "That sounds lovely! I chose a red scarf because it was warm."),
    ]);
    expect(observation.preferences).toEqual([]);
    expect(observation.decisions).toEqual([]);
  });

  it("still reads likes about the agent's answers as preferences", () => {
    const observation = observeExchange([user(0, "I really like it when your answers are short.")]);
    expect(observation.preferences).toEqual([
      { text: "I really like it when your answers are short", replaces: null },
    ]);
  });

  it("takes a decision's reason from the next sentence when it starts with one", () => {
    const observation = observeExchange([
      user(0, "Let's go with Postgres for the queue. The reason is that we already run it."),
    ]);
    expect(observation.decisions).toEqual([
      { text: "Let's go with Postgres for the queue", reason: "that we already run it" },
    ]);
  });

  it("reads 'decision on' and 'final call on' as decisions, and never a question or a let's-keep-going", () => {
    const observation = observeExchange([
      user(0, "Can you write down what we agreed? Let's keep going with the migration."),
      assistant(
        1,
        "Decision on the queue for billing: SQS instead of Kafka, because it is managed.\n" +
          "Final call on the bank: the credit union. Reason: a branch is close.",
      ),
    ]);
    expect(observation.decisions).toEqual([
      { text: "Decision on the queue for billing: SQS instead of Kafka", reason: "it is managed" },
      { text: "Final call on the bank: the credit union", reason: "a branch is close" },
    ]);
  });

  it("reads imperative always/never and please-don't as preferences, only from the user", () => {
    const observation = observeExchange([
      user(0, "Never push to main directly.\nPlease don't use emojis in commit messages."),
      assistant(1, "I prefer to keep going. I never got that email."),
    ]);
    expect(observation.preferences.map((item) => item.text)).toEqual([
      "Never push to main directly",
      "Please don't use emojis in commit messages",
    ]);
  });

  it("leaves the task alone for a turn's rest without its user message", () => {
    const observation = observeExchange([assistant(7, "Done: the tests pass.")]);
    expect(observation.request).toBeNull();
    expect(observation.seq).toBe(7);
  });

  it("lists files from write, edit and bash calls, but not from failed calls", () => {
    const messages = [
      user(0, "Set up the cache."),
      assistant(1, null, [
        call("c1", "write", { path: "src/cache.ts", content: "a\nb\nc" }),
        call("c2", "edit", { path: "src/db.ts", oldText: "x", newText: "y" }),
        call("c3", "edit", { path: "src/missing.ts", oldText: "x", newText: "y" }),
        call("c4", "bash", { command: "npm test > out.log 2>&1" }),
        call("c5", "read", { path: "README.md" }),
      ]),
      result(2, "c1", "wrote 5 characters to src/cache.ts"),
      result(3, "c2", "edited src/db.ts"),
      result(4, "c3", "error: ENOENT: no such file"),
      result(5, "c4", ""),
      result(6, "c5", "# readme"),
    ];
    expect(filesWrittenBy(messages)).toEqual([
      { path: "src/cache.ts", tool: "write", detail: "3 lines" },
      { path: "src/db.ts", tool: "edit", detail: "" },
      { path: "out.log", tool: "bash", detail: "`npm test > out.log 2>&1`" },
    ]);
  });
});

describe("pathsWrittenByBash", () => {
  it("finds redirections, tee, cp/mv targets, sed -i and touch", () => {
    expect(
      pathsWrittenByBash(
        "echo a >> log.txt; ls | tee -a list.txt; cp a.txt b.txt; mv c d/e.txt; sed -i 's/a/b/' f.txt; touch g.txt h.txt",
      ),
    ).toEqual(["log.txt", "list.txt", "b.txt", "d/e.txt", "f.txt", "g.txt", "h.txt"]);
  });

  it("ignores devices, variables, quoted text and heredoc bodies", () => {
    expect(pathsWrittenByBash('ls > /dev/null 2>&1; echo "a > b" > $OUT; grep x y')).toEqual([]);
    expect(pathsWrittenByBash("cat > 'my notes.md' <<EOF\n<div>> x</div>\nEOF")).toEqual([
      "my notes.md",
    ]);
  });
});
