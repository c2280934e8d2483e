import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { uploadImport } from "./upload-import.js";

const opened: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

/** A daemon that reads the upload, answers `lines` and then closes without a report. */
async function daemonThatStops(lines: object[]): Promise<string> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/x-ndjson" });
      for (const line of lines) response.write(`${JSON.stringify(line)}\n`);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  opened.push({ close: () => server.close() });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function importFile(): string {
  const temp = makeTempDir("kern-upload-import-");
  opened.push({ close: temp.cleanup });
  const file = join(temp.path, "chat.jsonl");
  writeFileSync(file, '{"role":"user","content":"hello"}\n');
  return file;
}

const progress = (phase: string, done: number, total: number) => ({
  type: "progress",
  phase,
  done,
  total,
});

describe("uploadImport when the daemon closes the answer early", () => {
  it("says the messages are kept once the memory build began (issue 49 item 10)", async () => {
    const baseUrl = await daemonThatStops([
      progress("parse", 20_000, 20_000),
      progress("append", 20_000, 20_000),
      progress("summarize", 3, 40),
    ]);
    const failure = uploadImport({ baseUrl, token: "t", file: importFile(), name: "chat.jsonl" });
    await expect(failure).rejects.toMatchObject({
      code: "KERN_DAEMON_API",
      message: expect.stringContaining("its 20000 messages are in the session and kept"),
    });
  });

  it("says nothing stays when it closed before the append was done", async () => {
    const baseUrl = await daemonThatStops([
      progress("parse", 20_000, 20_000),
      progress("append", 5_000, 20_000),
    ]);
    const failure = uploadImport({ baseUrl, token: "t", file: importFile(), name: "chat.jsonl" });
    await expect(failure).rejects.toMatchObject({
      message: expect.stringContaining("nothing of it stays in the session"),
    });
  });

  it("says it cannot know when it closed right as the append ended", async () => {
    const baseUrl = await daemonThatStops([progress("append", 20_000, 20_000)]);
    const failure = uploadImport({ baseUrl, token: "t", file: importFile(), name: "chat.jsonl" });
    await expect(failure).rejects.toMatchObject({
      message: expect.stringContaining("'kern status' shows whether they are in the session"),
    });
  });
});
