import { describe, expect, it } from "vitest";
import { parseLaunchctlPrint } from "./launchd-manager.js";
import { parseSystemdShow } from "./systemd-manager.js";

describe("what a service manager says of a service", () => {
  it("reads systemctl show", () => {
    const running = parseSystemdShow(
      "LoadState=loaded\nActiveState=active\nSubState=running\nUnitFileState=enabled\nMainPID=4242\nNRestarts=2\n",
    );
    expect(running).toEqual({
      loaded: true,
      enabled: true,
      active: true,
      state: "active (running)",
      pid: 4242,
      restarts: 2,
    });
    const failed = parseSystemdShow(
      "LoadState=loaded\nActiveState=failed\nSubState=failed\nUnitFileState=disabled\nMainPID=0\n",
    );
    expect(failed).toMatchObject({ active: false, enabled: false, pid: null, restarts: null });
    expect(parseSystemdShow("")).toMatchObject({ loaded: false, active: false, state: "unknown" });
  });

  it("reads launchctl print", () => {
    const text = "gui/501/kern.a-1f2e3d = {\n\tstate = running\n\truns = 3\n\tpid = 777\n}";
    expect(parseLaunchctlPrint(text)).toMatchObject({ active: true, pid: 777, restarts: 2 });
    expect(parseLaunchctlPrint(null)).toMatchObject({ loaded: false, active: false, pid: null });
  });
});
