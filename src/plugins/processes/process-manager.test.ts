import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { SYSTEM_CLOCK } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { groupMembers, processStartTicks } from "./process-identity.js";
import {
  type ProcessEnd,
  ProcessManager,
  UNATTENDED_COMMANDS_PER_HOUR,
} from "./process-manager.js";
import { endLeftoverProcesses } from "./recover-processes.js";

const temps: Array<{ cleanup: () => void }> = [];
const managers: ProcessManager[] = [];

function setup(options: { maxRunning?: number } = {}) {
  const temp = makeTempDir("kern-processes-");
  temps.push(temp);
  const ends: ProcessEnd[] = [];
  const manager = new ProcessManager({
    dir: join(temp.path, "processes"),
    recordFile: join(temp.path, "processes.json"),
    clock: SYSTEM_CLOCK,
    logger: createSilentLogger(),
    maxRunning: options.maxRunning ?? 3,
    graceMs: 300,
    onEnd: (end) => ends.push(end),
  });
  managers.push(manager);
  return { dir: temp.path, manager, ends };
}

async function until(probe: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  for (const manager of managers.splice(0)) await manager.stopAll();
  for (const temp of temps.splice(0)) temp.cleanup();
});

describe("ProcessManager", () => {
  it("runs a command in the background and reports its exit code and output tail", async () => {
    const { manager, ends, dir } = setup();
    const view = manager.start({
      command: "echo hello; echo oops >&2; exit 3",
      cwd: dir,
      replyTo: { channel: "web" },
    });
    expect(view.id).toMatch(/^p-[0-9a-z]{6}$/);
    expect(view.state).toBe("running");
    await until(() => ends.length === 1, "the end");
    const end = ends[0];
    expect(end?.view).toMatchObject({ id: view.id, state: "exited", exitCode: 3 });
    expect(end?.tail).toContain("hello");
    expect(end?.tail).toContain("oops");
    expect(end?.replyTo).toEqual({ channel: "web" });
    const file = join(dir, "processes", `${view.id}.log`);
    expect(readFileSync(file, "utf8")).toContain("hello");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Ended: no longer in the record of running groups.
    expect(JSON.parse(readFileSync(join(dir, "processes.json"), "utf8"))).toEqual([]);
  });

  it("bounds chains: at most 30 commands an hour for unattended turns, a person's not counted; the end carries its starter's origin and depth", async () => {
    const { manager, ends, dir } = setup({ maxRunning: 1_000 });
    const member = { role: "member" as const, user: "ann" };
    for (let index = 0; index < UNATTENDED_COMMANDS_PER_HOUR; index += 1)
      manager.start({ command: "true", cwd: dir, kind: "process", origin: member, depth: 1 });
    expect(() => manager.start({ command: "true", cwd: dir, kind: "job" })).toThrow(
      /30 background commands were started by unattended turns in the last hour/,
    );
    expect(() => manager.start({ command: "true", cwd: dir, kind: "message" })).not.toThrow();
    expect(() => manager.start({ command: "true", cwd: dir, kind: "approval" })).not.toThrow();
    await until(() => ends.length === UNATTENDED_COMMANDS_PER_HOUR + 2, "every end");
    expect(ends.filter((end) => end.origin?.user === "ann" && end.depth === 1)).toHaveLength(
      UNATTENDED_COMMANDS_PER_HOUR,
    );
  });

  it("stops a command and the processes it started (its group) within the grace", async () => {
    const { manager, ends, dir } = setup();
    const view = manager.start({ command: "sleep 600 & sleep 601; wait", cwd: dir });
    await until(() => manager.output(view.id) !== null, "the start");
    const started = Date.now();
    const stopped = await manager.stop(view.id);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stopped?.state).toBe("stopped");
    expect(processStartTicks(view.pid)).toBeNull();
    await until(() => groupMembers(view.pid).length === 0, "no process of the group left", 1000);
    await until(() => ends.length === 1, "the end notice");
    expect(ends[0]?.view.state).toBe("stopped");
  });

  it("refuses a command beyond maxRunning with a message saying how to go on", () => {
    const { manager, dir } = setup({ maxRunning: 1 });
    manager.start({ command: "sleep 600", cwd: dir });
    expect(() => manager.start({ command: "sleep 600", cwd: dir })).toThrow(/stop one/);
  });

  it("keeps the records across a daemon stop; the next start ends survivors only where the pid is still theirs", async () => {
    const { manager, dir } = setup();
    const view = manager.start({ command: "sleep 600", cwd: dir });
    await manager.stopAll();
    const next = new ProcessManager({
      dir: join(dir, "processes"),
      recordFile: join(dir, "processes.json"),
      clock: SYSTEM_CLOCK,
      logger: createSilentLogger(),
      maxRunning: 3,
      onEnd: () => undefined,
    });
    const left = next.leftovers();
    expect(left.map((record) => record.id)).toEqual([view.id]);
    expect(endLeftoverProcesses(left)[0]?.killedSurvivors).toBe(false);
    expect(next.leftovers()).toEqual([]); // reported once
    // A record whose pid now belongs to another process (a different start time) is not signalled.
    const me = {
      ...left[0],
      pid: process.pid,
      pgid: process.pid,
      startTicks: "1",
    } as (typeof left)[0];
    expect(endLeftoverProcesses([me])[0]?.killedSurvivors).toBe(false);
  });

  it("ends a survivor group a dead daemon left behind", async () => {
    const survivor = spawn("bash", ["-c", "sleep 600 & sleep 601"], {
      detached: true,
      stdio: "ignore",
    });
    const pid = survivor.pid ?? -1;
    await until(() => groupMembers(pid).length >= 2, "the survivor's group");
    const [ended] = endLeftoverProcesses([
      {
        id: "p-test01",
        command: "sleep",
        pid,
        pgid: pid,
        startTicks: processStartTicks(pid),
        startedAt: "",
        outputFile: "",
      },
    ]);
    expect(ended?.killedSurvivors).toBe(true);
    await until(() => groupMembers(pid).length === 0, "the group to end");
  });

  it("runs no ~/.bashrc, also with SHLVL=0 (a daemon under systemd)", async () => {
    // bash sources ~/.bashrc when its stdin is a socket (Node's pipes are) and SHLVL < 1.
    const { manager, ends, dir } = setup();
    writeFileSync(join(dir, ".bashrc"), 'echo BASHRC-RAN; touch "$HOME/bashrc-ran"\n');
    const saved = { HOME: process.env["HOME"], SHLVL: process.env["SHLVL"] };
    Object.assign(process.env, { HOME: dir, SHLVL: "0" });
    try {
      manager.start({ command: "echo from-the-command", cwd: dir });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    await until(() => ends.length === 1, "the end");
    expect(ends[0]?.tail).toContain("from-the-command");
    expect(ends[0]?.tail).not.toContain("BASHRC-RAN");
    expect(existsSync(join(dir, "bashrc-ran"))).toBe(false);
  });
});
