// Counting a document by its remembered lines must give countTokens' answer exactly, whatever
// follows each newline (words, blank lines, indentation, "/", punctuation, long runs, emoji).
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../test/support/seeded-random.js";
import { LineTokenCounter, splitsCleanly } from "./count-lines.js";
import { countTokens } from "./count-tokens.js";

const PIECES = [
  "- decided to use SQS (seq 12)",
  "## Decisions",
  "",
  "  indented line",
  "/path/to/file.ts",
  "//comment",
  "!!! ...",
  ")",
  "\t\ttabbed",
  "x".repeat(300),
  "über naïve café",
  "日本語のテキスト",
  "🙂 emoji first",
  "1234567",
  "'quoted' and it's",
  " leading space",
  "\r",
];

function aDocument(random: () => number): string {
  const lines = Array.from(
    { length: 1 + Math.floor(random() * 40) },
    () => PIECES[Math.floor(random() * PIECES.length)] as string,
  );
  return lines.join("\n") + (random() < 0.5 ? "\n" : "");
}

describe("LineTokenCounter", () => {
  it("counts exactly as countTokens does, on 400 random documents, remembered or not", () => {
    const random = seededRandom(7);
    const counter = new LineTokenCounter();
    for (let document = 0; document < 400; document += 1) {
      const text = aDocument(random);
      expect(counter.count(text)).toBe(countTokens(text));
      expect(counter.count(text)).toBe(countTokens(text)); // from remembered parts
    }
  });

  it("cuts only where the next line starts cleanly", () => {
    expect(splitsCleanly("- item")).toBe(true);
    expect(splitsCleanly("## heading")).toBe(true);
    expect(splitsCleanly("/path")).toBe(false);
    expect(splitsCleanly(" x")).toBe(false);
    expect(splitsCleanly("\n")).toBe(false);
    expect(splitsCleanly("")).toBe(false);
  });
});
