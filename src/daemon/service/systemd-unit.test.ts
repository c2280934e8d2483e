import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { plistAgentDir, renderLaunchdPlist } from "./launchd-plist.js";
import { type ServiceSpec, serviceNameFor } from "./service-spec.js";
import { renderSystemdUnit, unitAgentDir } from "./systemd-unit.js";

const ANALYZE = "/usr/bin/systemd-analyze";
let temp: { path: string; cleanup: () => void };
beforeEach(() => {
  temp = makeTempDir("kern-unit-");
});
afterEach(() => temp.cleanup());

function specFor(agentDir: string, overrides: Partial<ServiceSpec> = {}): ServiceSpec {
  return {
    manager: "systemd",
    name: serviceNameFor("My Agent", agentDir),
    agentName: "My Agent",
    agentDir,
    command: [process.execPath, "/opt/kern/bin/kern"],
    path: "/usr/local/bin:/usr/bin:/bin",
    ...overrides,
  };
}

/** `systemd-analyze --user verify` on the unit, as the unit's own file name. */
function verify(name: string, text: string) {
  const folder = join(temp.path, "units");
  const runtime = join(temp.path, "runtime");
  mkdirSync(folder, { recursive: true });
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const file = join(folder, name);
  writeFileSync(file, text);
  // A user manager needs a runtime folder to start its offline check; no bus is used.
  return spawnSync(ANALYZE, ["--user", "verify", file], {
    env: { ...process.env, XDG_RUNTIME_DIR: runtime },
    encoding: "utf8",
  });
}

describe("service names", () => {
  it("gives two agents of the same name in two folders two units", () => {
    const a = serviceNameFor("assistant", "/home/u/a");
    const b = serviceNameFor("assistant", "/home/u/b");
    expect(a).toMatch(/^kern-assistant-[0-9a-f]{6}$/);
    expect(b).not.toBe(a);
    expect(serviceNameFor("assistant", "/home/u/a")).toBe(a);
  });

  it("keeps only letters, digits and dashes", () => {
    expect(serviceNameFor("Ünïcode & spaces!", "/x")).toMatch(/^kern-unicode-spaces-[0-9a-f]{6}$/);
    expect(serviceNameFor("***", "/x")).toMatch(/^kern-agent-[0-9a-f]{6}$/);
  });
});

describe.skipIf(!existsSync(ANALYZE))("the systemd unit", () => {
  it("is accepted by systemd-analyze verify, with no warning", () => {
    const spec = specFor(join(temp.path, "agent"));
    const result = verify(`${spec.name}.service`, renderSystemdUnit(spec));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("keeps a folder with spaces, %, $, quotes and backslashes exactly", () => {
    const agentDir = join(temp.path, `odd "name" 100% $HOME \\x`);
    const spec = specFor(agentDir);
    const text = renderSystemdUnit(spec);
    const result = verify(`${spec.name}.service`, text);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(unitAgentDir(text)).toBe(agentDir);
  });

  it("is a check that can fail: a broken unit is refused", () => {
    const spec = specFor(join(temp.path, "agent"), { command: ["relative-node", "kern"] });
    const result = verify(`${spec.name}.service`, renderSystemdUnit(spec));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("relative-node");
  });

  it("restarts on failure only, names the agent, and holds no secret or EnvironmentFile", () => {
    const text = renderSystemdUnit(specFor("/srv/agents/a"));
    expect(text).toContain("Restart=on-failure");
    expect(text).toContain("RestartForceExitStatus=75");
    expect(text).toContain("WantedBy=default.target");
    expect(text).toContain('"MALLOC_MMAP_THRESHOLD_=131072" "KERN_MALLOC_TUNED=1"');
    expect(text).not.toContain("EnvironmentFile");
    expect(text).not.toMatch(/KERN_AUTH_TOKEN|API_KEY/);
    expect(unitAgentDir(text)).toBe("/srv/agents/a");
  });
});

describe("the launchd plist", () => {
  it("runs `kern run DIR`, restarts only after an unsuccessful exit, and escapes XML", () => {
    const agentDir = "/Users/me/a & <b>";
    const text = renderLaunchdPlist({ ...specFor(agentDir), manager: "launchd" });
    expect(text).toContain("<key>Label</key><string>kern.my-agent-");
    expect(text).toContain(
      "<string>run</string>\n    <string>/Users/me/a &amp; &lt;b&gt;</string>",
    );
    expect(text).toMatch(/<key>KeepAlive<\/key>\s*<dict>\s*<key>SuccessfulExit<\/key><false\/>/);
    expect(text).toContain("<key>RunAtLoad</key><true/>");
    expect(text).not.toMatch(/KERN_AUTH_TOKEN|API_KEY/);
    expect(plistAgentDir(text)).toBe(agentDir);
  });

  it("refuses a folder no plist or unit can hold", () => {
    expect(() => renderLaunchdPlist({ ...specFor("/a\nb"), manager: "launchd" })).toThrow(
      expect.objectContaining({ code: "KERN_USAGE" }),
    );
    expect(() => renderSystemdUnit(specFor("/a\nb"))).toThrow(
      expect.objectContaining({ code: "KERN_USAGE" }),
    );
  });
});
