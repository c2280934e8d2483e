// Issue 49 item 10, against a real daemon (`kern start`): twelve 40 MB uploads at once (before:
// each held whole and copied, RSS 1.6 GB) are written to disk as they arrive and taken in two at
// a time, so the daemon's peak RSS stays bounded; an upload on a full disk answers 507
// KERN_DISK_FULL (before: 500), the daemon stays up, and the next upload works once space
// returns. A full disk is made without root as test/e2e/disk-full.test.ts makes it: the running
// daemon's file-size limit is lowered (`prlimit --fsize`; writes past it fail with EFBIG).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type LiveDaemon, startLiveDaemon } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";

const MB = 1024 * 1024;
const UPLOADS = 12;

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A text file of `bytes` printable ASCII characters in lines (each upload its own bytes). */
function textFile(bytes: number): Buffer {
  const text = randomBytes(Math.ceil((bytes * 3) / 4))
    .toString("base64")
    .slice(0, bytes);
  return Buffer.from(text.replace(/(.{100})/g, "$1\n").slice(0, bytes), "latin1");
}

async function upload(daemon: LiveDaemon, bytes: Buffer, name: string) {
  const response = await fetch(new URL("/upload", daemon.url), {
    method: "POST",
    headers: {
      authorization: `Bearer ${daemon.token}`,
      "content-type": "text/plain",
      "x-kern-file-name": name,
    },
    body: new Uint8Array(bytes),
    signal: AbortSignal.timeout(300_000),
  });
  const body = (await response.json()) as { error?: { code: string }; media?: { name: string } };
  return { status: response.status, body };
}

/** Sets the soft file-size limit only, so the test can lift it again without privileges. */
function setFileSizeLimit(pid: number, bytes: number | "unlimited"): void {
  execFileSync("prlimit", ["--pid", String(pid), `--fsize=${bytes}:unlimited`]);
}

describe("uploads on a real daemon (issue 49 item 10)", () => {
  const agent = useProcessAgent("kern-upload-limits-");

  it("takes twelve 40 MB uploads at once with a bounded peak RSS", async () => {
    const daemon = await startLiveDaemon(agent.dir);
    const files = Array.from({ length: UPLOADS }, () => textFile(40 * MB));
    writeFileSync(`/proc/${daemon.pid}/clear_refs`, "5"); // VmHWM from here
    const answers = await Promise.all(
      files.map((bytes, index) => upload(daemon, bytes, `big-${index}.txt`)),
    );
    const peakMb = peakRssMb(daemon.pid);
    process.stderr.write(`${UPLOADS} uploads of 40 MB at once: peak RSS ${peakMb.toFixed(0)} MB\n`);
    expect(answers.map((answer) => answer.status)).toEqual(files.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body.media?.name)).size).toBe(UPLOADS);
    // Two intakes at a time, each its bytes and a few copies: well under the 1.6 GB of before.
    expect(peakMb).toBeLessThan(800);
    const media = readdirSync(join(agent.dir, ".kern", "media"));
    expect(media.filter((name) => name.startsWith(".upload-") || name.startsWith(".tmp-"))).toEqual(
      [],
    );
  }, 300_000);

  it("answers 507 KERN_DISK_FULL on a full disk, stays up, and takes the file once space returns", async () => {
    const daemon = await startLiveDaemon(agent.dir);
    const file = textFile(2 * MB);
    setFileSizeLimit(daemon.pid, 1 * MB);
    const full = await upload(daemon, file, "notes.txt");
    expect(full.status).toBe(507);
    expect(full.body.error?.code).toBe("KERN_DISK_FULL");
    expect(isAlive(daemon.pid)).toBe(true);
    expect(await daemon.client.status()).toHaveProperty("session");
    setFileSizeLimit(daemon.pid, "unlimited");
    const after = await upload(daemon, file, "notes.txt");
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.media?.name).toBe("notes.txt");
  }, 120_000);
});
