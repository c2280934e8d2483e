// Issue 31: `kern pair` without a code lists who waits to pair (with the command that lets each
// one in) and who is paired — with the daemon stopped, from .kern/pairing.json.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentPaths } from "../../src/config/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { PairingStore } from "../../src/runtime/pairing-store.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("kern pair without a code", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let dir: string;
  beforeEach(async () => {
    temp = makeTempDir("kern-pair-list-");
    dir = join(temp.path, "agent");
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
  });
  afterEach(() => temp.cleanup());

  async function request(name: string, userId: string): Promise<string> {
    const paths = agentPaths(dir);
    const store = await PairingStore.open({
      pairingFile: paths.pairingFile,
      usersFile: join(dir, "USERS.md"),
      clock: SYSTEM_CLOCK,
    });
    const pending = await store.request({ channel: "telegram", userId, chatId: userId, name });
    return pending.code;
  }

  it("lists who waits, then who is paired after an approval", async () => {
    const empty = await runKern(["pair", dir]);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain("nobody waits to pair");

    const code = await request("Ann", "42");
    const listed = await runKern(["pair", dir]);
    expect(listed.stdout).toContain("waiting to pair (1):");
    expect(listed.stdout).toContain(`${code}  Ann (telegram:42) since `);
    // The time is wall-clock (no ISO "T…Z"), and each line fits 80 columns but the folder's.
    expect(listed.stdout).not.toMatch(/since \d{4}-\d\d-\d\dT/);
    expect(listed.stdout).toContain(`kern pair ${code} ${dir}`);

    expect((await runKern(["pair", code, dir])).code).toBe(0);
    const json = await runKern(["pair", dir, "--json"]);
    const list = JSON.parse(json.stdout);
    expect(list.pending).toEqual([]);
    expect(list.paired.map((user: { name: string }) => user.name)).toEqual(["Ann"]);
  });

  it("refuses a first argument that is neither a code nor followed by nothing", async () => {
    const run = await runKern(["pair", "hello", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no pairing code");
  });
});
