import { countTokens as packageCount } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../test/support/seeded-random.js";
import type { SessionMessage } from "../../kernel/index.js";
import { countMessageTokens, countTokens, MESSAGE_OVERHEAD_TOKENS } from "./count-tokens.js";

describe("countTokens", () => {
  it("counts o200k tokens exactly for ordinary text", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("hello")).toBe(1);
    expect(countTokens("Hello, world!")).toBe(4);
  });

  it("counts exactly as the package counts the whole text, also from remembered pieces", () => {
    const texts = [
      "The deploy of api-gateway v2.14.3 failed at 03:12 UTC; I'll roll back.",
      "  indented\n\n\tcode(x) {\r\n  return x ** 2; }  \n",
      "naïve café 東京タワー 🤖🚀 ﬁne e\u0301 Привет мир",
      "DON'T we'RE they'll 1234567 3.14159 0x1F_ff /usr/local/bin//x",
      "a   b    \n   c\u00a0d\u3000e <|endoftext|> <|im_start|>user",
      JSON.stringify({ id: "d41d8cd98f00b204e9800998ecf8427e", tags: ["a", "b"] }),
    ];
    const joined = texts.join("\n");
    for (const text of [...texts, joined, ...texts, joined]) {
      expect(countTokens(text)).toBe(packageCount(text, { disallowedSpecial: new Set() }));
    }
  });

  it("merges as the package does on 3,000 random texts of mixed scripts and symbols", () => {
    // The merge (bpe-count.ts) and the rank table (bpe-ranks.ts) are kern's own; the package's
    // count is the reference. Words from several scripts, digits, emoji with modifiers and joiners,
    // combining marks, a lone surrogate, code punctuation and whitespace of each kind.
    const random = seededRandom(2026);
    const alphabets = [
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
      "àéîõüçñßøåæœ",
      "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
      "αβγδεζηθικλμνξοπρστυφχψω",
      "東京タワーの日本語テキスト中文한국어",
      "0123456789",
      "!@#$%^&*()_+-=[]{};':\",./<>?`~|",
      " \t\n\r\u00a0\u3000",
    ];
    const extras = ["🤖", "👍🏽", "👨‍👩‍👧", "e\u0301", "\ud800", "<|endoftext|>", "'s", "'LL"];
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    for (let text = 0; text < 3_000; text += 1) {
      let value = "";
      const words = 1 + Math.floor(random() * 12);
      for (let word = 0; word < words; word += 1) {
        if (random() < 0.15) value += pick(extras);
        const alphabet = pick(alphabets);
        const length = 1 + Math.floor(random() * 14);
        for (let char = 0; char < length; char += 1) value += pick([...alphabet]);
        value += random() < 0.7 ? " " : pick(["", "\n", "  ", ".", "-", "/"]);
      }
      expect(countTokens(value), JSON.stringify(value)).toBe(
        packageCount(value, { disallowedSpecial: new Set() }),
      );
    }
  });

  it("counts special-token text as plain text instead of throwing", () => {
    expect(() => countTokens("before <|endoftext|> after <|im_start|>")).not.toThrow();
    expect(countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("stays close on long runs without spaces", () => {
    const run = "=".repeat(200_000);
    const count = countTokens(run);
    expect(count).toBeGreaterThan(1_000);
    let random = "";
    let seed = 7;
    for (let index = 0; index < 20_000; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      random += String.fromCharCode(97 + (seed % 26));
    }
    // Within 1% of the exact count of the same text cut into words of 200.
    const exact = countTokens(random.replace(/(.{200})/g, "$1 ")) - 100;
    expect(Math.abs(countTokens(random) - exact) / exact).toBeLessThan(0.01);
  });

  it("counts a 6-million-character token without overflowing, close to the exact count", () => {
    // Issue 18: a base64 blob of this size overflowed the old regex's stack and bricked the agent.
    let blob = "";
    let seed = 11;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const piece: string[] = [];
    for (let index = 0; index < 65_536; index += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      piece.push(alphabet[seed % 64] as string);
    }
    blob = piece.join("").repeat(92); // 6,029,312 characters, no whitespace
    const count = countTokens(`before ${blob} after`);
    // Each 64k slice counts alike, so the whole is 92 times one slice, plus the two words.
    const slice = countTokens(piece.join(""));
    expect(Math.abs(count - (slice * 92 + countTokens("before  after")))).toBeLessThanOrEqual(2);
  });

  it("counts a long run of spaces or newlines, and text around it, without a regex", () => {
    const text = `a${" ".repeat(1_000_000)}b${"\n".repeat(300)}c`;
    expect(countTokens(text)).toBeGreaterThan(3);
    expect(countTokens(text)).toBeLessThan(20_000);
  });
});

describe("countMessageTokens", () => {
  const message: SessionMessage = {
    seq: 3,
    ts: "2026-04-02T06:09:27.043Z",
    role: "assistant",
    content: "Running the tests.",
    toolCalls: [
      {
        id: "c1",
        type: "function",
        function: { name: "bash", arguments: '{"command":"npm test"}' },
      },
    ],
  };

  it("adds the per-message overhead to the text's tokens", () => {
    const text = 'Running the tests.\nbash({"command":"npm test"})';
    expect(countMessageTokens(message)).toBe(countTokens(text) + MESSAGE_OVERHEAD_TOKENS);
  });
});
