import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { KernError } from "../../kernel/index.js";
import { receiveFile } from "./receive-file.js";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

function directory(): string {
  const temp = makeTempDir("kern-receive-");
  temps.push(temp);
  return join(temp.path, "media");
}

async function* chunks(count: number, size: number): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < count; index += 1) yield new Uint8Array(size).fill(index);
}

const tooLarge = (bytes: number) => new KernError("KERN_MEDIA_TOO_LARGE", `${bytes} bytes`);

describe("receiveFile", () => {
  it("writes the stream to a private file as it comes", async () => {
    const dir = directory();
    const file = await receiveFile(chunks(4, 1000), { directory: dir, limit: 4000, tooLarge });
    expect(file.bytes).toBe(4000);
    expect(readFileSync(file.path).subarray(3000, 3003)).toEqual(Buffer.from([3, 3, 3]));
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
  });

  it("refuses a stream past its limit and leaves nothing behind", async () => {
    const dir = directory();
    await expect(
      receiveFile(chunks(5, 1000), { directory: dir, limit: 4000, tooLarge }),
    ).rejects.toMatchObject({ code: "KERN_MEDIA_TOO_LARGE", message: "5000 bytes" });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes what an earlier process left before its first write", async () => {
    const dir = directory();
    mkdirSync(dir);
    writeFileSync(join(dir, ".upload-000000000000"), "left by a kill -9");
    writeFileSync(join(dir, "0123456789abcdef.png"), "a stored file");
    const file = await receiveFile(chunks(1, 10), { directory: dir, limit: 100, tooLarge });
    expect(readdirSync(dir).sort()).toEqual(
      ["0123456789abcdef.png", file.path.split("/").at(-1)].sort(),
    );
  });
});
