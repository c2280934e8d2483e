import { describe, expect, it } from "vitest";
import { DISCORD_MESSAGE_LIMIT, splitDiscordMarkdown } from "./discord-format.js";

const fences = (text: string) => text.split("\n").filter((line) => line.startsWith("```")).length;

describe("splitDiscordMarkdown", () => {
  it("keeps a short reply whole", () => {
    expect(splitDiscordMarkdown("**hi** <b>there</b>")).toEqual(["**hi** <b>there</b>"]);
  });

  it("cuts a long code block into messages under the limit, each with its fences closed", () => {
    const code = Array.from({ length: 300 }, (_, index) => `const line${index} = ${index};`);
    const markdown = `Here:\n\n\`\`\`ts\n${code.join("\n")}\n\`\`\`\nDone.`;
    const chunks = splitDiscordMarkdown(markdown);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(DISCORD_MESSAGE_LIMIT);
      expect(fences(chunk) % 2).toBe(0);
    }
    expect(chunks[1]?.startsWith("```ts\n")).toBe(true);
    const joined = chunks.join("\n");
    for (const line of code) expect(joined).toContain(line);
    expect(chunks.at(-1)).toContain("Done.");
  });
});
