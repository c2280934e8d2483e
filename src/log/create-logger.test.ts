import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./create-logger.js";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, destination };
}

describe("createLogger", () => {
  it("writes every secret's value as [redacted NAME], in messages and fields alike", () => {
    const { lines, destination } = capture();
    const logger = createLogger({
      destination,
      secrets: [{ name: "GITHUB_TOKEN", value: "ghp_0123456789abcdef" }],
    });
    logger.warn(
      { error: "401 for ghp_0123456789abcdef", apiKey: "x" },
      "token ghp_0123456789abcdef refused",
    );
    const line = lines.join("");
    expect(line).not.toContain("ghp_0123456789abcdef");
    expect(line).toContain("401 for [redacted GITHUB_TOKEN]");
    expect(line).toContain("token [redacted GITHUB_TOKEN] refused");
    expect(JSON.parse(line)).toMatchObject({ apiKey: "[redacted]" });
  });
});
