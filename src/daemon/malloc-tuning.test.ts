import { describe, expect, it } from "vitest";
import { forgetAddedMallocTuning, withMallocTuning } from "./malloc-tuning.js";

describe("the daemon's malloc tuning", () => {
  it("is added to a daemon's environment, and forgotten by the daemon it started", () => {
    const env = withMallocTuning({ PATH: "/usr/bin" });
    expect(env).toEqual({
      PATH: "/usr/bin",
      MALLOC_MMAP_THRESHOLD_: "131072",
      KERN_MALLOC_TUNED: "1",
    });
    forgetAddedMallocTuning(env);
    expect(env).toEqual({ PATH: "/usr/bin" });
  });

  it("leaves a threshold the user set alone, in the start and in the daemon", () => {
    const mine = { MALLOC_MMAP_THRESHOLD_: "65536" };
    const env = withMallocTuning(mine);
    expect(env).toEqual({ MALLOC_MMAP_THRESHOLD_: "65536" });
    forgetAddedMallocTuning(env);
    expect(env).toEqual({ MALLOC_MMAP_THRESHOLD_: "65536" });
  });
});
