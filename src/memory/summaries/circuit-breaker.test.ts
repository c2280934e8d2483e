import { describe, expect, it } from "vitest";
import { FakeClock } from "../../kernel/index.js";
import { CircuitBreaker } from "./circuit-breaker.js";

describe("CircuitBreaker", () => {
  it("opens after the threshold of consecutive failures and stays open for openMs", () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker({ clock, threshold: 3, openMs: 1_000 });
    for (let failure = 0; failure < 2; failure += 1) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure();
    }
    expect(breaker.state).toBe("closed");
    breaker.recordFailure();
    expect(breaker.state).toBe("open");
    expect(breaker.tryAcquire()).toBe(false);
    clock.advance(999);
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.retryAt).toBe(clock.now() + 1);
  });

  it("lets exactly one trial through when half-open, and closes on its success", () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker({ clock, threshold: 1, openMs: 1_000 });
    breaker.recordFailure();
    clock.advance(1_000);
    expect(breaker.state).toBe("half-open");
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.state).toBe("closed");
    expect(breaker.tryAcquire()).toBe(true);
  });

  it("reopens for a full period when the trial fails", () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker({ clock, threshold: 5, openMs: 1_000 });
    for (let failure = 0; failure < 5; failure += 1) breaker.recordFailure();
    clock.advance(1_000);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure();
    expect(breaker.state).toBe("open");
    clock.advance(500);
    expect(breaker.tryAcquire()).toBe(false);
  });

  it("counts only consecutive failures", () => {
    const breaker = new CircuitBreaker({ clock: new FakeClock(), threshold: 2 });
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    expect(breaker.state).toBe("closed");
  });
});
