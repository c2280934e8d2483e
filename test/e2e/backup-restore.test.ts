// Issue 50, must show 2: a backup taken while 200 messages are posted to a running daemon, and
// restored into an empty folder: `kern doctor` is clean, the session holds the messages up to the
// cut in order with none torn (byte for byte the original's first lines), `kern recall` answers
// as the original does, and the manifest catches a damaged archive. Real processes, the fake model.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { readEnvFile } from "../../src/config/index.js";
import { restoreBackup } from "../../src/daemon/index.js";
import { kernProcess } from "../support/kern-process.js";
import { startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { makeTempDir } from "../support/temp-dir.js";
import { isBackgroundRequest, turnRequests, waitUntil } from "../support/test-daemon.js";

const MESSAGES = 200;
/** A word only message i holds, for recall to find. */
const word = (i: number) => `zq${i}x`;

function sessionLines(dir: string): string[] {
  const folder = join(dir, ".kern", "sessions");
  const [file] = readdirSync(folder).sort();
  return readFileSync(join(folder, file ?? ""), "utf8")
    .split("\n")
    .filter(Boolean);
}

interface RecallJson {
  results: Array<{ session: string; seqStart: number; seqEnd: number; snippet: string }>;
}

async function recall(query: string, dir: string): Promise<RecallJson["results"][number]> {
  const run = await kernProcess(["recall", query, dir, "--json"]);
  expect(run.code, run.stderr).toBe(0);
  const top = (JSON.parse(run.stdout) as RecallJson).results[0];
  if (!top) throw new Error(`no recall result for ${query} in ${dir}`);
  return top;
}

describe("kern backup while the daemon writes, then kern restore (issue 50)", () => {
  const agent = useProcessAgent("kern-backup-");
  const temp = makeTempDir("kern-backup-out-");
  afterAll(() => temp.cleanup());

  it("restores the messages up to the cut, whole and in order, into a healthy agent", async () => {
    const { llm } = agent;
    // Each turn's answer takes a little while, so the posting spans the backup.
    llm.when(
      (request) => !isBackgroundRequest(request),
      () => ({ kind: "text", text: "noted", delayMs: 10 }),
    );
    const live = await startLiveDaemon(agent.dir);
    const before = turnRequests(llm).length;
    let posted = 0;
    const posting = (async () => {
      for (let i = 0; i < MESSAGES; i++) {
        await live.client.sendMessage({ text: `item ${i}: the code word is ${word(i)}` });
        posted += 1;
        // At most a few turns wait in the queue: the posting goes on as long as the turns do.
        await waitUntil(
          () => turnRequests(llm).length - before >= posted - 3,
          "the turns to run",
          30_000,
        );
      }
    })();
    await waitUntil(() => posted >= 40, "40 messages posted", 60_000);
    const archive = join(temp.path, "agent.tar.gz");
    const backup = await kernProcess(["backup", agent.dir, archive, "--json"]);
    const postedAtEnd = posted;
    expect(backup.code, backup.stderr).toBe(0);
    await posting;
    expect(postedAtEnd).toBeLessThan(MESSAGES); // the backup ran while messages were posted

    const report = JSON.parse(backup.stdout) as {
      manifest: {
        counts: { messages: number };
        cut: { logs: Array<{ path: string; lines: number }> };
      };
    };
    const cutMessages = report.manifest.counts.messages;
    expect(cutMessages).toBeGreaterThan(0);

    const restored = join(temp.path, "restored");
    const restore = await kernProcess(["restore", archive, restored]);
    expect(restore.code, restore.stderr).toBe(0);

    // Byte for byte the original's first lines: the header and the messages up to the cut.
    await waitUntil(() => turnRequests(llm).length - before >= MESSAGES, "every turn", 60_000);
    const original = sessionLines(agent.dir);
    const copy = sessionLines(restored);
    expect(copy.length).toBe(cutMessages + 1);
    expect(copy).toEqual(original.slice(0, copy.length));
    const seqs = copy.slice(1).map((line) => (JSON.parse(line) as { seq: number }).seq);
    expect(seqs).toEqual(seqs.map((_, index) => index));
    const users = copy
      .slice(1)
      .map((line) => JSON.parse(line) as { role: string; content: string })
      .filter((entry) => entry.role === "user");
    expect(users.length).toBeGreaterThan(2);
    expect(users.length).toBeLessThan(MESSAGES); // the cut fell inside the stream
    for (const [i, entry] of users.entries())
      expect(entry.content).toContain(`item ${i}: the code word is ${word(i)}`);

    const doctor = await kernProcess(["doctor", restored, "--json"]);
    expect(doctor.code, doctor.stderr).toBe(0);
    const health = JSON.parse(doctor.stdout) as {
      healthy: boolean;
      findings: Array<{ severity: string }>;
    };
    expect(health.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
    expect(health.healthy).toBe(true);

    // Turns whole inside the cut (the last one's reply may lie past it, and recall shows a turn).
    for (const i of [0, Math.floor(users.length / 2), users.length - 2]) {
      expect(await recall(word(i), restored)).toEqual(await recall(word(i), agent.dir));
    }
    await kernProcess(["stop", agent.dir]);
  }, 240_000);

  it("refuses a damaged archive, with nothing restored", async () => {
    const archive = join(temp.path, "check.tar.gz");
    const backup = await kernProcess(["backup", agent.dir, archive]);
    expect(backup.code, backup.stderr).toBe(0);
    const bytes = readFileSync(archive);

    // A byte changed inside config.json, the gzip stream re-made whole: only the manifest tells.
    const tar = gunzipSync(bytes);
    const at = tar.indexOf(Buffer.from('"provider"'));
    expect(at).toBeGreaterThan(0);
    tar[at] = "Q".charCodeAt(0);
    const tampered = join(temp.path, "tampered.tar.gz");
    writeFileSync(tampered, gzipSync(tar));
    const into = join(temp.path, "from-tampered");
    await expect(
      restoreBackup({ file: tampered, agentDir: into, force: false, env: {} }),
    ).rejects.toMatchObject({ code: "KERN_BACKUP_CORRUPT" });
    expect(readdirSync(temp.path)).not.toContain("from-tampered");

    // A byte flipped in the compressed file.
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
    const broken = join(temp.path, "flipped.tar.gz");
    writeFileSync(broken, flipped);
    await expect(
      restoreBackup({
        file: broken,
        agentDir: join(temp.path, "from-flipped"),
        force: false,
        env: {},
      }),
    ).rejects.toMatchObject({ code: "KERN_BACKUP_CORRUPT" });
    const cli = await kernProcess(["restore", broken, join(temp.path, "from-flipped")]);
    expect(cli.code).toBe(1);
    expect(readdirSync(temp.path).filter((name) => name.startsWith("from-"))).toEqual([]);
  }, 120_000);

  it("refuses a folder that is not empty unless --force, which moves it aside", async () => {
    const archive = join(temp.path, "again.tar.gz");
    expect((await kernProcess(["backup", agent.dir, archive])).code).toBe(0);
    const target = join(temp.path, "busy");
    await kernProcess(["init", target, "--yes"]);
    await expect(
      restoreBackup({ file: archive, agentDir: target, force: false, env: {} }),
    ).rejects.toMatchObject({ code: "KERN_RESTORE_NOT_EMPTY" });
    const forced = await restoreBackup({ file: archive, agentDir: target, force: true, env: {} });
    expect(forced.movedAside).toMatch(/busy\.before-restore-/);
    expect(readdirSync(forced.movedAside ?? "")).toContain(".kern");
    const config = (dir: string) => readFileSync(join(dir, ".kern", "config.json"), "utf8");
    expect(config(target)).toBe(config(agent.dir));
  }, 120_000);

  it("holds .kern/.env only with --with-secrets", async () => {
    const token = (await readEnvFile(join(agent.dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const plain = join(temp.path, "plain.tar.gz");
    const secret = join(temp.path, "secret.tar.gz");
    expect((await kernProcess(["backup", agent.dir, plain])).code).toBe(0);
    expect((await kernProcess(["backup", agent.dir, secret, "--with-secrets"])).code).toBe(0);
    expect(gunzipSync(readFileSync(plain)).includes(token)).toBe(false);
    expect(gunzipSync(readFileSync(secret)).includes(token)).toBe(true);
    const fresh = await restoreBackup({
      file: plain,
      agentDir: join(temp.path, "plain"),
      force: false,
      env: {},
    });
    expect(fresh.newAuthToken).toBe(true);
    const fromPlain = await readEnvFile(join(temp.path, "plain", ".kern", ".env"));
    expect(fromPlain["KERN_AUTH_TOKEN"]).not.toBe(token);
    const kept = await restoreBackup({
      file: secret,
      agentDir: join(temp.path, "secret"),
      force: false,
      env: {},
    });
    expect(kept.newAuthToken).toBe(false);
    const fromSecret = await readEnvFile(join(temp.path, "secret", ".kern", ".env"));
    expect(fromSecret["KERN_AUTH_TOKEN"]).toBe(token);
  }, 120_000);
});
