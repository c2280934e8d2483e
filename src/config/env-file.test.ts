import { describe, expect, it } from "vitest";
import { parseEnvText } from "./env-file.js";

describe("parseEnvText", () => {
  it("drops a comment after a value instead of keeping it in the key (issue 16)", () => {
    expect(parseEnvText("OPENAI_API_KEY=sk-abc # work key\n")).toEqual({
      OPENAI_API_KEY: "sk-abc",
    });
  });

  it("keeps quoted values whole, a # inside them included, and reads export lines", () => {
    const text = [
      "# secrets",
      'TELEGRAM_BOT_TOKEN="123:abc # not a comment"',
      "export KERN_AUTH_TOKEN='f00d'",
      "",
      "EMPTY=",
    ].join("\n");
    expect(parseEnvText(text)).toEqual({
      TELEGRAM_BOT_TOKEN: "123:abc # not a comment",
      KERN_AUTH_TOKEN: "f00d",
      EMPTY: "",
    });
  });
});
