import { describe, expect, it } from "vitest";
import { FakeClock } from "../../kernel/index.js";
import { LOGIN_CODE_TTL_MS, LoginCodes } from "./login-codes.js";

describe("one-time login codes", () => {
  it("work once, in any case and without the dash", () => {
    const codes = new LoginCodes(new FakeClock());
    const { code } = codes.create();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(codes.redeem(code.toLowerCase().replace("-", ""))).toBe(true);
    expect(codes.redeem(code)).toBe(false);
  });

  it("expire after ten minutes, and only the newest five live", () => {
    const clock = new FakeClock();
    const codes = new LoginCodes(clock);
    const late = codes.create().code;
    clock.advance(LOGIN_CODE_TTL_MS + 1);
    expect(codes.redeem(late)).toBe(false);
    const all = Array.from({ length: 6 }, () => codes.create().code);
    expect(codes.redeem(all[0] as string)).toBe(false);
    expect(codes.redeem(all[5] as string)).toBe(true);
  });
});
