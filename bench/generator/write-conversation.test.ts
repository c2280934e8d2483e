import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateConversation } from "./generate-conversation.js";
import { writeConversation } from "./write-conversation.js";

describe("writeConversation", () => {
  let directory: string | undefined;

  afterEach(async () => {
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  });

  it("writes one JSON message per line and the truth as JSON", async () => {
    directory = await mkdtemp(join(tmpdir(), "kern-generator-"));
    const conversation = generateConversation({
      seed: 4,
      messages: 300,
      toolOutputChars: [100, 400],
    });
    const messagesPath = join(directory, "nested", "conversation.jsonl");
    const truthPath = join(directory, "truth.json");
    await writeConversation({ conversation, messagesPath, truthPath });
    const lines = (await readFile(messagesPath, "utf8")).split("\n");
    expect(lines.at(-1)).toBe("");
    const parsed: unknown[] = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(parsed).toEqual(conversation.messages);
    const truth: unknown = JSON.parse(await readFile(truthPath, "utf8"));
    expect(truth).toEqual(conversation.truth);
  });
});
