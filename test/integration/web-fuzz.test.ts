// Issue 49 item 10 (Must show 5): hostile inputs per route of a real daemon answer with their
// status and the error shape, never 500. The campaign's 119 answers 500 came from a bad
// %-escape in X-Kern-Import-Name, `100%.png` as an upload's name, MCP server and job names that
// are keys of Object.prototype (`constructor`), and durations past what a date holds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

const PNG = readFileSync(join(import.meta.dirname, "../fixtures/media/photo.png"));
const BAD_ESCAPES = ["100%.png", "%", "%E0%A4%A", "%zz", "a%2", "%C0%AF", "%ED%A0%80"];
const PROTOTYPE_KEYS = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
  "__defineGetter__",
];
/** Durations a date cannot hold once added to now, and ones no number holds. */
const HUGE_DURATIONS = [
  "99999999999999999999d",
  "9999999999999999d",
  "1e999",
  `${"9".repeat(400)}m`,
];

interface Probe {
  what: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

function probes(): Probe[] {
  const list: Probe[] = [];
  for (const name of BAD_ESCAPES) {
    list.push({
      what: `import name ${name}`,
      method: "POST",
      path: "/import",
      headers: { "content-type": "application/x-ndjson", "x-kern-import-name": name },
      body: '{"role":"user","content":"hello"}\n',
    });
    list.push({
      what: `upload name ${name}`,
      method: "POST",
      path: "/upload",
      headers: { "content-type": "image/png", "x-kern-file-name": name },
      body: new Uint8Array(PNG),
    });
  }
  for (const key of PROTOTYPE_KEYS) {
    list.push({ what: `mcp test ${key}`, method: "POST", path: `/extensions/mcp/${key}/test` });
    for (const action of ["pause", "resume", "remove", "run"]) {
      list.push({ what: `job ${action} ${key}`, method: "POST", path: `/jobs/${key}/${action}` });
    }
    list.push({
      what: `job named ${key}`,
      method: "POST",
      path: "/jobs",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: key, prompt: "p", in: "1h" }),
    });
  }
  for (const [index, duration] of HUGE_DURATIONS.entries()) {
    for (const kind of ["in", "every"]) {
      list.push({
        what: `job ${kind} ${duration.slice(0, 24)}`,
        method: "POST",
        path: "/jobs",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: `huge-${kind}-${index}`, prompt: "p", [kind]: duration }),
      });
    }
  }
  // The run history's page size: the web Jobs page's `GET /jobs/runs?limit=N`.
  for (const limit of ["-1", "0", "abc", "1e400", "2001", "NaN", "%zz", ...HUGE_DURATIONS]) {
    list.push({
      what: `job runs limit ${limit.slice(0, 24)}`,
      method: "GET",
      path: `/jobs/runs?limit=${limit}`,
    });
  }
  return list;
}

describe("hostile inputs per route of the daemon (issue 49, Must show 5)", () => {
  let harness: TestDaemon;
  beforeAll(async () => {
    harness = await startTestDaemon({ config: { vision: false } });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  async function send(probe: Probe): Promise<{ status: number; body: string }> {
    const response = await fetch(new URL(probe.path, harness.url), {
      method: probe.method,
      headers: { authorization: `Bearer ${harness.token}`, ...probe.headers },
      ...(probe.body === undefined ? {} : { body: probe.body }),
    });
    return { status: response.status, body: await response.text() };
  }

  it("answers none of them with 500", async () => {
    const answers: string[] = [];
    for (const probe of probes()) {
      const { status, body } = await send(probe);
      // An import answers 200 and streams its outcome: an error line there is the 500 of it.
      const failed = status >= 500 || body.includes('"KERN_INTERNAL"');
      if (failed) answers.push(`${probe.what}: ${status} ${body.slice(0, 160)}`);
    }
    expect(answers).toEqual([]);
  }, 120_000);

  it("keeps an upload's name that is not %-encoded as it was sent", async () => {
    const { status, body } = await send(
      probes().find((probe) => probe.what === "upload name 100%.png") ?? probes()[0]!,
    );
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ media: { name: "100%.png" } });
  });

  it("refuses a run-history page size out of 1–2000 as a bad request", async () => {
    for (const limit of ["0", "2001", "abc", "1e400"]) {
      const { status, body } = await send({
        what: limit,
        method: "GET",
        path: `/jobs/runs?limit=${limit}`,
      });
      expect(status, limit).toBe(400);
      expect(JSON.parse(body), limit).toMatchObject({ error: { code: "KERN_BAD_REQUEST" } });
    }
    const { status, body } = await send({
      what: "2000",
      method: "GET",
      path: "/jobs/runs?limit=2000",
    });
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ runs: [], total: 0 });
  });

  it("refuses durations past 100 years as not durations", async () => {
    const { status, body } = await send({
      what: "in",
      method: "POST",
      path: "/jobs",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "far-away", prompt: "p", in: "9999999999999999d" }),
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ error: { code: "KERN_USAGE" } });
  });
});
