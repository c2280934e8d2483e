import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import { countTokens } from "../text/count-tokens.js";
import {
  extractiveTargetTokens,
  scoreSentence,
  summarizeExtractive,
  summarizeExtractiveRollup,
} from "./extractive-summarizer.js";

let seq = 0;
function message(
  role: SessionMessage["role"],
  content: string | null,
  extra: Partial<SessionMessage> = {},
) {
  seq += 1;
  return {
    seq,
    ts: `2026-04-02T06:${String(seq % 60).padStart(2, "0")}:00.000Z`,
    role,
    content,
    ...extra,
  };
}

const filler = [
  "Sounds good to me.",
  "Okay, let me look at that for a moment and get back to you shortly with more.",
  "Thanks, that is helpful.",
  "Alright.",
  "Let me think about the overall picture here for a bit.",
];

function conversation(): SessionMessage[] {
  seq = 100;
  const messages: SessionMessage[] = [
    message(
      "user",
      "[via telegram, chat 42, user Ann, 2026-04-02T06:09Z] The nightly backup of db-03 failed again, can you check?",
      { meta: { name: "Ann" } },
    ),
    message("assistant", "Checking the backup logs now.", {
      toolCalls: [
        {
          id: "c1",
          type: "function",
          function: { name: "bash", arguments: '{"command":"tail -n 50 /var/log/backup.log"}' },
        },
      ],
    }),
    message(
      "tool",
      "starting backup\nconnecting to db-03\nERROR: disk quota exceeded on /mnt/backups (used 98%)\ndone",
      { toolCallId: "c1", meta: { tool: "bash" } },
    ),
    message(
      "assistant",
      "The backup failed because the quota on /mnt/backups is at 98%. I will prune snapshots older than 14 days.",
    ),
  ];
  for (let index = 0; index < 20; index += 1) {
    messages.push(
      message(index % 2 === 0 ? "user" : "assistant", filler[index % filler.length] ?? ""),
    );
  }
  messages.push(
    message("user", "I prefer keeping 30 days of snapshots, not 14.", { meta: { name: "Ann" } }),
    message(
      "assistant",
      "Understood. We decided to move old snapshots to bucket s3://kx-archive instead of deleting them, because you prefer keeping 30 days.",
    ),
    message(
      "assistant",
      "```\nrm -rf /tmp/junk\nls -la\n```\nFixed the cron entry in deploy/cron/backup.yaml; ticket KX-4471 is closed.",
    ),
    message("user", "Should we also alert on 90% usage?", { meta: { name: "Ann" } }),
  );
  return messages;
}

describe("extractiveTargetTokens", () => {
  it("aims at a twelfth of the input within [80, 1500]", () => {
    expect(extractiveTargetTokens(12_000)).toBe(1_000);
    expect(extractiveTargetTokens(100)).toBe(80);
    expect(extractiveTargetTokens(1_000_000)).toBe(1_500);
  });
});

describe("scoreSentence", () => {
  it("ranks facts and decisions above small talk", () => {
    const fact = scoreSentence(
      "We decided to pin postgres 16.2 on db-03 because 16.3 broke replication.",
    );
    expect(fact).toBeGreaterThan(scoreSentence("Sounds good to me, thanks a lot for that."));
    expect(scoreSentence("Is the deploy still blocked?")).toBeGreaterThan(
      scoreSentence("The deploy went out."),
    );
  });
});

describe("summarizeExtractive", () => {
  const messages = conversation();
  const summary = summarizeExtractive({ messages, targetTokens: 200 });
  const lines = summary.split("\n");

  it("writes bullet lines only, within the token target", () => {
    expect(lines.every((line) => line.startsWith("- "))).toBe(true);
    expect(countTokens(summary)).toBeLessThanOrEqual(200);
    expect(summary).not.toContain("<summary>");
  });

  it("keeps identifiers, numbers and decisions verbatim", () => {
    expect(summary).toContain("db-03");
    expect(summary).toContain("KX-4471");
    expect(summary).toContain("s3://kx-archive");
    expect(summary).toContain("deploy/cron/backup.yaml");
    expect(summary).toContain("30 days");
    expect(summary).toMatch(/decided to move old snapshots/);
  });

  it("attributes user sentences, marks open questions and drops the envelope prefix", () => {
    expect(summary).toContain("Ann asked: Should we also alert on 90% usage?");
    expect(summary).toContain("Ann: I prefer keeping 30 days of snapshots, not 14.");
    expect(summary).not.toContain("[via telegram");
  });

  it("gives a tool output one short line with its most salient content", () => {
    const toolLines = lines.filter((line) => line.startsWith("- bash output:"));
    expect(toolLines).toEqual([
      "- bash output: ERROR: disk quota exceeded on /mnt/backups (used 98%)",
    ]);
  });

  it("ranks stated facts above dense tool-output log lines", () => {
    seq = 500;
    const log = (host: string) =>
      Array.from(
        { length: 30 },
        (_, index) =>
          `Mar 02 08:${String(index + 10)}:49 ${host} gunicorn[19645]: ERROR request id=9f87a4${index} status=500 duration=1289ms`,
      ).join("\n");
    const noisy: SessionMessage[] = [
      message("user", "Can you look at the web-02 errors?", { meta: { name: "Ann" } }),
      message("tool", log("web-02"), { toolCallId: "c1", meta: { tool: "bash" } }),
      message("tool", log("web-03"), { toolCallId: "c2", meta: { tool: "bash" } }),
      message("assistant", "Note: the staging API key id is tk_7d89c665c556, keep it handy."),
      message(
        "assistant",
        "We decided to use Kafka instead of RabbitMQ, because ordering matters.",
      ),
    ];
    const summary = summarizeExtractive({ messages: noisy, targetTokens: 60 });
    expect(summary).toContain("tk_7d89c665c556");
    expect(summary).toContain("Kafka instead of RabbitMQ");
    for (const line of summary.split("\n").filter((text) => text.includes("output:")))
      expect(line.length).toBeLessThanOrEqual(140);
  });

  it("leaves out small talk and code blocks", () => {
    expect(summary).not.toContain("Sounds good");
    expect(summary).not.toContain("rm -rf");
  });

  it("keeps conversation order and never repeats a line", () => {
    const position = (text: string) => summary.indexOf(text);
    expect(position("db-03")).toBeLessThan(position("KX-4471"));
    expect(new Set(lines).size).toBe(lines.length);
  });

  it("shrinks with the target and still says something under a tiny one", () => {
    const small = summarizeExtractive({ messages, targetTokens: 40 });
    expect(countTokens(small)).toBeLessThanOrEqual(40);
    expect(small.length).toBeGreaterThan(0);
    const tiny = summarizeExtractive({ messages, targetTokens: 5 });
    expect(tiny.startsWith("- ")).toBe(true);
  });

  it("never returns an empty summary", () => {
    expect(summarizeExtractive({ messages: [], targetTokens: 100 })).toBe("- No messages.");
    const empty = [message("assistant", null), message("tool", "   ", { meta: { tool: "bash" } })];
    expect(summarizeExtractive({ messages: empty, targetTokens: 100 })).toMatch(
      /^- Messages \d+-\d+ held no text\.$/,
    );
  });

  it("summarizes 20k messages' worth of segments in a few seconds", () => {
    const words = [
      "deploy",
      "db-03",
      "failed",
      "because",
      "the",
      "index",
      "KX-4471",
      "was",
      "rebuilt",
      "at",
      "06:09",
      "and",
      "we",
      "decided",
      "to",
      "retry",
    ];
    const pick = (index: number, count: number) =>
      Array.from(
        { length: count },
        (_, offset) => words[(index * 7 + offset * 3) % words.length],
      ).join(" ");
    const all: SessionMessage[] = Array.from({ length: 20_000 }, (_, index) => ({
      seq: index,
      ts: "2026-04-02T06:09:27.043Z",
      role: index % 3 === 0 ? "user" : index % 3 === 1 ? "assistant" : "tool",
      content: `${pick(index, 25)}. ${pick(index + 1, 40)}. ${pick(index + 2, 15)}?`,
      meta: index % 3 === 2 ? { tool: "bash" } : {},
    }));
    const started = performance.now();
    for (let start = 0; start < all.length; start += 150) {
      const summary = summarizeExtractive({
        messages: all.slice(start, start + 150),
        targetTokens: 600,
      });
      expect(summary.length).toBeGreaterThan(0);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("summarizeExtractiveRollup", () => {
  const children = [
    "- Ann: please migrate db-03 to postgres 16.2 by 2026-04-10.\n- Checked the disk.\n- Okay.",
    "<summary>\nlevel: L0\nmessages: 10-19\n- Rebuilt the index on db-03 in 42 minutes.\n- Talked.\n</summary>",
    "- Chose pgbouncer instead of pgpool because of KX-4471.\n- Fine.",
  ];

  it("keeps one fact of every child, in order, and drops headers", () => {
    const rollup = summarizeExtractiveRollup(children, 60);
    expect(rollup.split("\n")).toEqual([
      "- Ann: please migrate db-03 to postgres 16.2 by 2026-04-10.",
      "- Rebuilt the index on db-03 in 42 minutes.",
      "- Chose pgbouncer instead of pgpool because of KX-4471.",
    ]);
  });

  it("adds more lines when the budget allows and stays within it", () => {
    const rollup = summarizeExtractiveRollup(children, 500);
    expect(rollup).toContain("Checked the disk.");
    expect(rollup).not.toContain("level:");
    expect(countTokens(rollup)).toBeLessThanOrEqual(500);
  });

  it("never returns an empty rollup", () => {
    expect(summarizeExtractiveRollup([], 100).length).toBeGreaterThan(0);
  });
});

describe("scoreSentence on hostile input (issue 33 item 8)", () => {
  it("scores a 20,000-character word in bounded time (it took seconds on the event loop)", () => {
    const word = Array.from({ length: 20_000 }, (_, index) =>
      String.fromCharCode(97 + ((index * 7919) % 26)),
    ).join("");
    const started = performance.now();
    for (let round = 0; round < 10; round += 1) scoreSentence(`${word}1`);
    // Measured ~1 ms a call after the fix, ~400 ms before; 5x margin on a busy machine.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
