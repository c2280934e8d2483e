import { describe, expect, it } from "vitest";
import { LineCarry } from "./follow-file.js";

describe("LineCarry", () => {
  it("keeps a line that straddles two reads whole, UTF-8 split inside a character included", () => {
    const carry = new LineCarry();
    const bytes = Buffer.from('{"msg":"first"}\n{"msg":"caf\u00e9 second"}\n');
    const cut = bytes.indexOf(0xa9); // inside the two bytes of "é"
    expect(carry.push(bytes.subarray(0, cut))).toEqual(['{"msg":"first"}']);
    expect(carry.push(bytes.subarray(cut))).toEqual(['{"msg":"caf\u00e9 second"}']);
  });

  it("holds an unfinished last line until its newline arrives", () => {
    const carry = new LineCarry();
    expect(carry.push(Buffer.from('{"a":1}\n{"b":'))).toEqual(['{"a":1}']);
    expect(carry.push(Buffer.from("2}"))).toEqual([]);
    expect(carry.push(Buffer.from("\n"))).toEqual(['{"b":2}']);
  });
});
