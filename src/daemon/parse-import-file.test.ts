import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import type { NewMessage } from "../kernel/index.js";
import { scanImportFile } from "./parse-import-file.js";

describe("an import file's null fields", () => {
  const temp = makeTempDir("kern-import-null-");
  afterAll(() => temp.cleanup());

  async function scan(text: string): Promise<NewMessage[]> {
    const file = join(temp.path, "chat.jsonl");
    writeFileSync(file, text);
    const messages: NewMessage[] = [];
    await scanImportFile({
      file,
      now: "2026-03-01T00:00:00.000Z",
      onMessage: (message) => {
        messages.push(message);
      },
    });
    return messages;
  }

  it('reads "name": null (and the other optional fields null) as absent', async () => {
    // As JSON exports write a message without a name, time, id or tool calls.
    const messages = await scan(
      [
        '{"role":"user","content":"hi","name":null,"ts":null,"id":null,"tool_calls":null,"tool_call_id":null}',
        '{"role":"assistant","content":"hello","name":"Ann","timestamp":null}',
      ].join("\n"),
    );
    expect(messages).toMatchObject([
      { ts: "2026-03-01T00:00:00.000Z", role: "user", content: "hi" },
      { ts: "2026-03-01T00:00:00.000Z", role: "assistant", content: "hello" },
    ]);
    expect(messages[0]?.meta?.name).toBeUndefined();
    expect(messages[0]?.toolCalls).toBeUndefined();
    expect(messages[1]?.meta?.name).toBe("Ann");
  });

  it("still refuses a name that is not a string, naming the line", async () => {
    await expect(scan('{"role":"user","content":"hi","name":42}')).rejects.toMatchObject({
      code: "KERN_IMPORT_INVALID",
    });
  });
});
