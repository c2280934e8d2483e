import { describe, expect, it } from "vitest";
import { type BwrapPolicy, bwrapArguments } from "./bwrap-arguments.js";

const POLICY: BwrapPolicy = {
  agentDir: "/home/ada/agents/kern",
  home: "/home/ada",
  network: true,
  paths: [],
  proc: true,
};

/** The index of the mount of `flag` onto `target` in the argument list (-1: none). */
function mountAt(args: string[], flag: string, target: string): number {
  return args.findIndex(
    (arg, index) => arg === flag && args[index + (flag.includes("bind") ? 2 : 1)] === target,
  );
}

describe("bwrapArguments", () => {
  it("dies with the daemon, in its own pid namespace, without capabilities, the rest read-only", () => {
    const args = bwrapArguments(POLICY, POLICY.agentDir);
    expect(args).toContain("--die-with-parent");
    expect(args).toContain("--unshare-pid");
    expect(args.join(" ")).toContain("--cap-drop ALL");
    expect(args.slice(0, args.indexOf("--ro-bind") + 3)).toContain("/");
    expect(mountAt(args, "--proc", "/proc")).toBeGreaterThan(0);
    expect(args).not.toContain("--unshare-net");
    expect(args.slice(-2)).toEqual(["--chdir", POLICY.agentDir]);
  });

  it("empties the home, then shows the agent folder inside it read-write, then hides .kern last", () => {
    const args = bwrapArguments(POLICY, POLICY.agentDir);
    const home = mountAt(args, "--tmpfs", "/home/ada");
    const agent = mountAt(args, "--bind", POLICY.agentDir);
    const kern = mountAt(args, "--tmpfs", "/home/ada/agents/kern/.kern");
    expect(home).toBeGreaterThan(mountAt(args, "--ro-bind", "/"));
    expect(agent).toBeGreaterThan(home);
    expect(kern).toBeGreaterThan(agent);
    expect(args[kern + 2]).toBe("--remount-ro");
    expect(args.join(" ")).toContain("--setenv HOME /home/ada");
  });

  it("puts a path below /tmp or the home after them, and never over the hidden .kern", () => {
    const args = bwrapArguments(
      {
        ...POLICY,
        paths: [
          { path: "/home/ada/agents/kern/.kern", mode: "rw" },
          { path: "/tmp/cache", mode: "rw" },
          { path: "/home/ada/.npm", mode: "ro" },
        ],
      },
      POLICY.agentDir,
    );
    expect(mountAt(args, "--bind-try", "/tmp/cache")).toBeGreaterThan(
      mountAt(args, "--tmpfs", "/tmp"),
    );
    expect(mountAt(args, "--ro-bind-try", "/home/ada/.npm")).toBeGreaterThan(
      mountAt(args, "--tmpfs", "/home/ada"),
    );
    expect(mountAt(args, "--tmpfs", "/home/ada/agents/kern/.kern")).toBeGreaterThan(
      mountAt(args, "--bind-try", "/home/ada/agents/kern/.kern"),
    );
  });

  it("cuts the network, and mounts an empty /proc where a fresh one is refused", () => {
    const args = bwrapArguments({ ...POLICY, network: false, proc: false }, "/");
    expect(args).toContain("--unshare-net");
    expect(mountAt(args, "--proc", "/proc")).toBe(-1);
    expect(mountAt(args, "--tmpfs", "/proc")).toBeGreaterThan(0);
  });

  it("never mounts over / when the home is /", () => {
    const args = bwrapArguments({ ...POLICY, home: "/" }, "/");
    expect(mountAt(args, "--tmpfs", "/")).toBe(-1);
  });
});
