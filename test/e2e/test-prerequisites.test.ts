// Issue 48 item 12, Must show 7: `npm test` first runs scripts/test-prerequisites.sh; on a machine
// without the tools and no way to install them it fails at once, naming the apt packages.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the tests' prerequisites check", () => {
  it("fails naming the packages to install when tools are missing and apt-get is not there", () => {
    // An empty PATH: no tmux, git, ps or apt-get; Chromium pointed at nothing.
    const run = spawnSync("/bin/bash", ["scripts/test-prerequisites.sh"], {
      env: { PATH: "/nonexistent", KERN_CHROMIUM_PATH: "/nonexistent/chromium" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "the tests need these Debian packages, not installed: chromium tmux",
    );
    expect(run.stderr).toMatch(/sudo apt-get install -y chromium tmux .*git procps util-linux/);
  });
});
