import { describe, expect, it } from "vitest";
import { createRedactor, MIN_SECRET_LENGTH, REDACT_NOTHING } from "./secret-redactor.js";

describe("createRedactor", () => {
  it("replaces every occurrence of each value by its name", () => {
    const redact = createRedactor([
      { name: "OPENAI_API_KEY", value: "sk-test-abcdef123456" },
      { name: "GITHUB_TOKEN", value: "ghp_0123456789" },
    ]);
    expect(redact("key sk-test-abcdef123456, again sk-test-abcdef123456; gh ghp_0123456789")).toBe(
      "key [redacted OPENAI_API_KEY], again [redacted OPENAI_API_KEY]; gh [redacted GITHUB_TOKEN]",
    );
  });

  it("prefers the longer of two overlapping values", () => {
    const redact = createRedactor([
      { name: "SHORT", value: "abcdefgh" },
      { name: "LONG", value: "abcdefgh-ijklmnop" },
    ]);
    expect(redact("x abcdefgh-ijklmnop y abcdefgh")).toBe("x [redacted LONG] y [redacted SHORT]");
  });

  it("ignores values shorter than the minimum and changes nothing without secrets", () => {
    const short = "a".repeat(MIN_SECRET_LENGTH - 1);
    expect(createRedactor([{ name: "PORT", value: short }])).toBe(REDACT_NOTHING);
    expect(createRedactor([])("anything")).toBe("anything");
  });

  it("takes regular-expression characters literally and catches the JSON-escaped form", () => {
    const value = 'p4$$w0rd.*"x\\y';
    const redact = createRedactor([{ name: "PASSWORD", value }]);
    expect(redact(`raw ${value}`)).toBe("raw [redacted PASSWORD]");
    expect(redact(JSON.stringify({ line: value }))).toBe('{"line":"[redacted PASSWORD]"}');
    expect(redact("p4$$w0rdXX")).toBe("p4$$w0rdXX");
  });
});
