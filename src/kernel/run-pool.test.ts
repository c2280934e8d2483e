import { describe, expect, it } from "vitest";
import { runPool } from "./run-pool.js";

describe("runPool", () => {
  it("runs every item, never more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (item % 3)));
      done.push(item);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it("treats a limit below one as one and an empty list as done", async () => {
    let peak = 0;
    let running = 0;
    await runPool([1, 2], 0, async () => {
      running += 1;
      peak = Math.max(peak, running);
      await Promise.resolve();
      running -= 1;
    });
    expect(peak).toBe(1);
    await expect(runPool([], 4, async () => {})).resolves.toBeUndefined();
  });
});
