import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, KernError } from "./errors.js";
import { parseJsonAs, parseJsonOrUndefined } from "./parse-json.js";

const schema = z.object({ port: z.number() });
const where = { source: "/agent/.kern/config.json", code: "KERN_CONFIG_INVALID" } as const;

describe("parseJsonAs", () => {
  it("returns the validated value", () => {
    expect(parseJsonAs('{"port": 8080}', schema, where)).toEqual({ port: 8080 });
  });

  it("names the file and the fix when the text is not JSON", () => {
    const run = () => parseJsonAs("{port: 8080", schema, { ...where, fix: "fix it by hand" });
    expect(run).toThrow(KernError);
    expect(run).toThrow(/^\/agent\/\.kern\/config\.json: not valid JSON \(.+\); fix it by hand$/);
    try {
      run();
    } catch (error) {
      expect((error as KernError).code).toBe("KERN_CONFIG_INVALID");
    }
  });

  it("names the key path when the shape is wrong, with the error class asked for", () => {
    const run = () =>
      parseJsonAs('{"port": "eighty"}', schema, { ...where, errorClass: ConfigError });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/config\.json: unexpected content \(.* at port\)/);
  });
});

describe("parseJsonOrUndefined", () => {
  it("is undefined for text that is not JSON, the value otherwise", () => {
    expect(parseJsonOrUndefined("{torn")).toBeUndefined();
    expect(parseJsonOrUndefined("[1]")).toEqual([1]);
  });
});
