// `kern service install|uninstall` and the start/stop hand-off, against a typed fake of the user's
// systemd (this machine has none): it records every systemctl call and, as systemd would, runs
// the daemon when a unit is started and stops it when it is stopped. The real manager is the
// subject of service.test.ts, where one exists.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  installService,
  planService,
  type ServiceHost,
  serviceStatus,
  startThroughService,
  stopThroughService,
  uninstallService,
} from "../../src/daemon/index.js";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { isAlive } from "../support/process-agent.js";
import { makeTempDir } from "../support/temp-dir.js";

const temp = makeTempDir("kern-service-handoff-");
const dir = join(temp.path, "agent");
const folders = {
  systemdUnits: join(temp.path, "config", "systemd", "user"),
  launchAgents: join(temp.path, "LaunchAgents"),
};
const ok = { code: 0, stdout: "", stderr: "" };

function daemonPid(): number | null {
  const file = join(dir, ".kern", "daemon.pid");
  if (!existsSync(file)) return null;
  const pid = (JSON.parse(readFileSync(file, "utf8")) as { pid: number }).pid;
  return isAlive(pid) ? pid : null;
}

/** A user systemd that runs `kern start`/`kern stop` where the real one would run the unit. */
function fakeSystemd(options: { available: boolean }) {
  const calls: string[] = [];
  let enabled = false;
  const host: ServiceHost = {
    platform: "linux",
    uid: 1000,
    user: "tester",
    folders,
    async run(program, args) {
      calls.push([program, ...args].join(" "));
      if (program === "loginctl") return { ...ok, stdout: "no\n" };
      const [, verb] = args;
      if (verb === "show-environment")
        return options.available ? ok : { code: 1, stdout: "", stderr: "Failed to connect to bus" };
      if (verb === "enable") enabled = true;
      if (verb === "disable") enabled = false;
      if (verb === "enable" || verb === "start") await kernProcess(["start", dir]);
      if (verb === "disable" || verb === "stop") await kernProcess(["stop", dir]);
      if (verb === "show") {
        const pid = daemonPid();
        const active =
          pid === null
            ? "ActiveState=inactive\nSubState=dead"
            : "ActiveState=active\nSubState=running";
        return {
          ...ok,
          stdout: `LoadState=loaded\n${active}\nUnitFileState=${enabled ? "enabled" : "disabled"}\nMainPID=${pid ?? 0}\nNRestarts=0\n`,
        };
      }
      return ok;
    },
  };
  return { host, calls };
}

const env = { PATH: "/usr/bin:/bin" };
const command = [KERN_NODE, KERN_MAIN];

beforeAll(async () => {
  const init = await kernProcess(["init", dir, "--yes"]);
  expect(init.code, init.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await kernProcess(["stop", dir]);
  temp.cleanup();
}, 60_000);

describe("kern service with a user systemd", () => {
  it("installs over a daemon started by hand, hands start and stop to systemctl, uninstalls", async () => {
    const { host, calls } = fakeSystemd({ available: true });
    expect((await kernProcess(["start", dir])).code).toBe(0);
    const byHand = daemonPid();

    const installed = await installService({ agentDir: dir, env, command, host });
    expect(installed.stoppedPid).toBe(byHand);
    expect(installed.pid).not.toBe(byHand);
    expect(installed.pid).toBe(daemonPid());
    expect(installed.lingering).toBe(false);
    expect(readFileSync(installed.file, "utf8")).toBe(installed.text);
    const unit = `${installed.name}.service`;
    expect(calls).toContain("systemctl --user daemon-reload");
    expect(calls).toContain(`systemctl --user enable --now ${unit}`);

    const status = await serviceStatus({ agentDir: dir, env, host });
    expect(status).toMatchObject({ installed: true, name: installed.name, lingering: false });
    expect(status.state).toMatchObject({ enabled: true, active: true, pid: installed.pid });

    const stopped = await stopThroughService({ agentDir: dir, env, host });
    expect(stopped).toMatchObject({ wasRunning: true, pid: installed.pid });
    expect(calls).toContain(`systemctl --user stop ${unit}`);
    expect(daemonPid()).toBeNull();

    const started = await startThroughService({ agentDir: dir, env, host });
    expect(calls).toContain(`systemctl --user start ${unit}`);
    expect(started?.pid).toBe(daemonPid());

    const { removed } = await uninstallService({ agentDir: dir, env, host });
    expect(removed?.name).toBe(installed.name);
    expect(calls).toContain(`systemctl --user disable --now ${unit}`);
    expect(existsSync(installed.file)).toBe(false);
    expect(daemonPid()).toBeNull();
    expect(await stopThroughService({ agentDir: dir, env, host })).toBeNull();
  }, 120_000);

  it("refuses to install where no user manager runs; start and stop take the plain path there", async () => {
    const { host, calls } = fakeSystemd({ available: false });
    await expect(installService({ agentDir: dir, env, command, host })).rejects.toMatchObject({
      code: "KERN_SERVICE_UNAVAILABLE",
    });
    expect((await serviceStatus({ agentDir: dir, env, host })).installed).toBe(false);
    // With a unit but a manager that cannot be reached, start and stop take the plain path.
    const plan = await planService({ agentDir: dir, env, command, host });
    mkdirSync(folders.systemdUnits, { recursive: true });
    writeFileSync(plan.file, plan.text);
    try {
      expect(await stopThroughService({ agentDir: dir, env, host })).toBeNull();
      expect(calls.filter((call) => call.includes(" stop "))).toEqual([]);
    } finally {
      rmSync(plan.file);
    }
  }, 60_000);
});
