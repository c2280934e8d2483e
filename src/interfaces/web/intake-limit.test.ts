import { describe, expect, it } from "vitest";
import { IntakeLimit } from "./intake-limit.js";

const end = (turnId: string) =>
  ({ type: "turn-end", turnId, text: "", stopReason: "end" }) as const;

describe("IntakeLimit", () => {
  it("refuses past the waiting text, but always takes one message when none waits", () => {
    const intake = new IntakeLimit(100);
    expect(intake.refusal(500)).toBeNull();
    intake.accepted("t1", 80);
    expect(intake.refusal(10)).toBeNull();
    expect(intake.refusal(30)).toContain("hold 80 characters (the limit is 100)");
    intake.observe(end("t1"));
    expect(intake.refusal(30)).toBeNull();
    expect(intake.waiting).toBe(0);
  });

  it("forgets a turn that ended before it was recorded (a chat command)", () => {
    const intake = new IntakeLimit(100);
    intake.observe(end("cmd"));
    intake.accepted("cmd", 5);
    expect(intake.waiting).toBe(0);
  });
});
