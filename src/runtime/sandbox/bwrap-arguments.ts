// bubblewrap's arguments for one sandboxed command (SPEC §16, docs/security.md "The sandbox"):
// the whole filesystem read-only, the agent folder read-write without `.kern/`, a private /tmp,
// an empty home, the extra `sandboxPaths`, and namespaces so nothing in it outlives its parent.
// Pure: every path comes in absolute and already resolved (sandbox-setup.ts).
//
// bwrap applies mounts in order and a later mount covers an earlier one; a mount on a path below
// another must come after it, so the mounts are sorted by depth (the built-in ones first at equal
// depth) and `.kern/` is hidden last, whatever `sandboxPaths` says.

export interface SandboxPathRule {
  path: string;
  mode: "ro" | "rw";
}

export interface BwrapPolicy {
  agentDir: string;
  home: string;
  /** False: a network namespace of its own (only its own loopback). */
  network: boolean;
  paths: readonly SandboxPathRule[];
  /** A fresh /proc for the new pid namespace; false where the kernel refuses it: an empty one. */
  proc: boolean;
}

type Mount = { depth: number; args: string[] };

function depth(path: string): number {
  return path.split("/").filter((part) => part !== "").length;
}

function mounts(policy: BwrapPolicy): Mount[] {
  const list: Mount[] = [
    { depth: 1, args: ["--tmpfs", "/tmp"] },
    { depth: depth(policy.agentDir), args: ["--bind", policy.agentDir, policy.agentDir] },
  ];
  // An empty home in place of the real one; "/" as a home would empty the whole filesystem.
  if (policy.home !== "/") list.push({ depth: depth(policy.home), args: ["--tmpfs", policy.home] });
  for (const rule of policy.paths) {
    const flag = rule.mode === "rw" ? "--bind-try" : "--ro-bind-try";
    list.push({ depth: depth(rule.path), args: [flag, rule.path, rule.path] });
  }
  return list
    .map((mount, index) => ({ mount, index }))
    .sort((a, b) => a.mount.depth - b.mount.depth || a.index - b.index)
    .map(({ mount }) => mount);
}

/**
 * The arguments before `--` and the command. `--die-with-parent` (PR_SET_PDEATHSIG) ends bwrap
 * when the daemon dies, even by SIGKILL, and the pid namespace's first process takes every other
 * process of it along, whatever session or group they moved to. `--cap-drop ALL`: run by root,
 * bwrap would otherwise keep every capability and the command could unmount what hides `.kern/`.
 * No `--new-session`: the daemon starts bwrap detached (a session of its own, no terminal), and
 * the command must stay in bwrap's process group, which the daemon signals on stop.
 */
export function bwrapArguments(policy: BwrapPolicy, cwd: string): string[] {
  const kernDir = `${policy.agentDir.replace(/\/$/, "")}/.kern`;
  return [
    "--die-with-parent",
    "--unshare-pid",
    "--unshare-ipc",
    ...(policy.network ? [] : ["--unshare-net"]),
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    ...(policy.proc ? ["--proc", "/proc"] : ["--tmpfs", "/proc"]),
    ...mounts(policy).flatMap((mount) => mount.args),
    "--tmpfs",
    kernDir,
    "--remount-ro",
    kernDir,
    "--setenv",
    "HOME",
    policy.home,
    "--setenv",
    "TMPDIR",
    "/tmp",
    "--chdir",
    cwd,
  ];
}
