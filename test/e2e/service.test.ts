// Issue 50, must show 1: `kern service install --dry-run` prints a unit that systemd-analyze
// accepts; `kern status` names the service that runs an agent. The live half — the installed
// service brings the daemon back after a kill -9 — needs a user systemd manager, which CI and
// containers lack: it is `npm run test:system` (test/system/service-systemd.test.ts), never a
// skip in the default suite.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { makeTempDir } from "../support/temp-dir.js";

const ANALYZE = "/usr/bin/systemd-analyze";
const temp = makeTempDir("kern-service-");
const dir = join(temp.path, "agent one");
/** A home of its own: nothing here may touch the real ~/.config/systemd/user. */
const env = { XDG_CONFIG_HOME: join(temp.path, "config") };

beforeAll(async () => {
  const init = await kernProcess(["init", dir, "--yes", "--name", "Agent One"]);
  expect(init.code, init.stderr).toBe(0);
}, 60_000);
afterAll(() => temp.cleanup());

describe("kern service install --dry-run", () => {
  it.skipIf(!existsSync(ANALYZE))(
    "prints a unit systemd-analyze verify accepts",
    async () => {
      const run = await kernProcess(["service", "install", dir, "--dry-run"], env);
      expect(run.code, run.stderr).toBe(0);
      const execStart = run.stdout.split("\n").find((line) => line.startsWith("ExecStart="));
      expect(execStart).toContain(`"run" "${dir}"`);
      const units = join(temp.path, "verify");
      const runtime = join(temp.path, "runtime");
      mkdirSync(units, { recursive: true });
      mkdirSync(runtime, { recursive: true, mode: 0o700 });
      const unitName = /kern-agent-one-[0-9a-f]{6}/.exec(run.stdout)?.[0];
      expect(unitName).toBeDefined();
      const file = join(units, `${unitName}.service`);
      writeFileSync(file, run.stdout);
      const verify = spawnSync(ANALYZE, ["--user", "verify", file], {
        env: { ...process.env, XDG_RUNTIME_DIR: runtime },
        encoding: "utf8",
      });
      expect(verify.stderr).toBe("");
      expect(verify.status).toBe(0);
      // A dry run writes nothing.
      expect(existsSync(join(env.XDG_CONFIG_HOME, "systemd"))).toBe(false);
    },
    60_000,
  );

  it("prints a launchd plist with --manager launchd", async () => {
    const run = await kernProcess(
      ["service", "install", dir, "--dry-run", "--manager", "launchd"],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("<key>ProgramArguments</key>");
    expect(run.stdout).toContain(`<string>run</string>\n    <string>${dir}</string>`);
  }, 60_000);
});

describe("kern status with a service installed", () => {
  it("names the service that runs the agent", async () => {
    const dry = await kernProcess(["service", "install", dir, "--dry-run", "--json"], env);
    const plan = JSON.parse(dry.stdout) as { name: string; file: string; text: string };
    mkdirSync(join(plan.file, ".."), { recursive: true });
    writeFileSync(plan.file, plan.text);
    try {
      const status = await kernProcess(["status", dir, "--json"], env);
      expect(status.code, status.stderr).toBe(0);
      const json = JSON.parse(status.stdout) as { service: { name: string; manager: string } };
      expect(json.service).toMatchObject({ name: plan.name, manager: "systemd" });
      const service = await kernProcess(["service", "status", dir, "--json"], env);
      expect(JSON.parse(service.stdout)).toMatchObject({ installed: true, file: plan.file });
    } finally {
      writeFileSync(plan.file, ""); // no longer names the agent
    }
    const after = await kernProcess(["status", dir, "--json"], env);
    expect((JSON.parse(after.stdout) as { service: unknown }).service).toBeNull();
  }, 60_000);
});
