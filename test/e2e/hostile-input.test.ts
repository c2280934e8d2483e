// Issue 49, Must show 1, against a real daemon (`kern start`, the fake model, a fake Bot API, a
// local web server): a PDF whose one content stream inflates to 100 MB, uploaded through the web
// and sent on Telegram, and a page of 200,000 nested <div>s fetched by `webfetch`. During each,
// GET /status answers within 1 s, the daemon's peak RSS (VmHWM, reset before each input) stays
// under 600 MB, and the input ends with a clear error or capped text. A kill -9 while a PDF is
// read leaves it recorded: the restarted daemon is given the same Telegram update again and does
// not read the file again, and the update is acknowledged; `kern stop` does not wait for a
// parse. Before the fix (main at 504199e) each held every interface: the figures are in
// docs/reliability.md.

import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DaemonClient } from "../../src/client/index.js";
import { updateConfigFile } from "../../src/config/index.js";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  manyPagesPdf,
  nestedDivsHtml,
  operatorBombPdf,
  spacesBombPdf,
} from "../support/hostile-files.js";
import { kernProcess } from "../support/kern-process.js";
import { type LiveDaemon, runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { pollStatus } from "../support/status-poller.js";
import { isBackgroundRequest, lastUserText, waitUntil } from "../support/test-daemon.js";

const ANN = 4242;
/** The bounds: /status within 1 s (the behaviour is a time limit), RSS under 600 MB. */
const STATUS_BOUND_MS = 1000;
const RSS_BOUND_MB = 600;

/** The daemon's peak RSS since the last reset, in MB (/proc/PID/status VmHWM). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resets VmHWM to the current RSS (`echo 5 > /proc/PID/clear_refs`, Linux 4.0+). */
function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

interface Measured<T> {
  result: T;
  /** The slowest GET /status meanwhile, and the slowest answer of a trivial server (the noise). */
  statusMaxMs: number;
  noiseMaxMs: number;
  statusCount: number;
  peakMb: number;
}

/**
 * Runs `work` while /status is polled, with the peak RSS reset before; prints the figures
 * whatever the outcome (they are the point, before a fix too).
 */
async function measured<T>(
  daemon: LiveDaemon,
  what: string,
  work: () => Promise<T>,
): Promise<Measured<T>> {
  resetPeakRss(daemon.pid);
  const poll = await pollStatus(daemon.url, daemon.token);
  const settled = await work().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const samples = await poll.stop();
  const figures = {
    statusMaxMs: Math.max(0, ...samples.daemon),
    noiseMaxMs: Math.max(0, ...samples.baseline),
    statusCount: samples.daemon.length,
    peakMb: peakRssMb(daemon.pid),
  };
  process.stderr.write(
    `${what}: slowest of ${figures.statusCount} GET /status ${figures.statusMaxMs.toFixed(0)} ms (a trivial server's slowest ${figures.noiseMaxMs.toFixed(0)} ms); peak RSS ${figures.peakMb.toFixed(0)} MB; load ${(loadavg()[0] ?? 0).toFixed(1)}\n`,
  );
  if (!settled.ok) throw settled.error;
  return { ...figures, result: settled.value };
}

function expectResponsive(figures: Measured<unknown>): void {
  expect(figures.statusCount).toBeGreaterThan(0);
  // Judged beside the machine's own noise: at a load of 20 on 2 cores any process may wait.
  expect(figures.statusMaxMs - figures.noiseMaxMs).toBeLessThan(STATUS_BOUND_MS);
  expect(figures.peakMb).toBeLessThan(RSS_BOUND_MB);
}

/** The mediaIds of the "reading document" lines in kern.log (one per PDF read). */
function documentReads(dir: string): string[] {
  const log = readFileSync(join(dir, ".kern", "logs", "kern.log"), "utf8");
  return log
    .split("\n")
    .filter((line) => line.includes('"reading document"'))
    .map((line) => String((JSON.parse(line) as { mediaId?: string }).mediaId));
}

describe("hostile input against a real daemon (issue 49, Must show 1)", () => {
  let telegram: FakeTelegram;
  let pages: Server;
  let pagesOrigin = "";
  let daemon: LiveDaemon;
  const agent = useProcessAgent("kern-hostile-", async (dir) => {
    await updateConfigFile(dir, {
      web: { allowPrivateNetworks: true }, // the page server is on 127.0.0.1
      telegram: { editIntervalMs: 200 },
    });
  });
  const env = () => ({
    TELEGRAM_BOT_TOKEN: telegram.token,
    KERN_TELEGRAM_API_ROOT: telegram.apiRoot,
  });
  /** The turns of Ann's Telegram messages, as the model saw them. */
  const turns = () => agent.llm.requests.filter((request) => !isBackgroundRequest(request));

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const deep = nestedDivsHtml(200_000);
    pages = createServer((request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(request.url === "/deep" ? deep : "<p>ok</p>");
    });
    await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
    pagesOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    agent.llm.when(
      (chat) => !isBackgroundRequest(chat),
      answerTurn(() => pagesOrigin),
    );
    daemon = await startLiveDaemon(agent.dir, env());
    await pair(telegram, daemon.client);
    // One ordinary turn first: what the first turn loads once (recall's word vectors, the
    // tokenizer) is not what is measured.
    await runTurn(daemon.client, "hello");
  }, 120_000);

  afterAll(async () => {
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
    await new Promise((resolve) => pages?.close(resolve));
  });

  it("answers a 100 MB-inflating PDF uploaded through the web with a clear error, responsive", async () => {
    const bomb = spacesBombPdf();
    expect(bomb.length).toBeLessThan(400 * 1024);
    const figures = await measured(daemon, "web upload: 100 MB of spaces", () =>
      upload(daemon, bomb, "bomb.pdf"),
    );
    expect(figures.result.status).toBe(200);
    expect(figures.result.text).toMatch(
      /^\[document bomb\.pdf\]\n\(no text extracted: KERN_PARSE_LIMIT: the PDF is not read: one of its streams inflates past 64 MB/,
    );
    expectResponsive(figures);
    // 100 MB of text operators (pdf.js made 2.8 million text items of it on the main loop).
    // Each file is made before the measure: deflating 100 MB holds this process a second or two.
    const operatorBomb = operatorBombPdf();
    const operators = await measured(daemon, "web upload: 100 MB of operators", () =>
      upload(daemon, operatorBomb, "operators.pdf"),
    );
    expect(operators.result.text).toContain("KERN_PARSE_LIMIT");
    expectResponsive(operators);
  }, 120_000);

  it("answers a PDF of 20,000 pages uploaded through the web with the text it read in time", async () => {
    const pdf = manyPagesPdf(20_000);
    const figures = await measured(daemon, "web upload: 20,000 pages", () =>
      upload(daemon, pdf, "pages.pdf"),
    );
    expect(figures.result.status).toBe(200);
    expect(figures.result.text).toMatch(
      // Whichever cap comes first on this machine: the time limit or 2,000 pages.
      /^\[document pages\.pdf, 20000 pages\]\n\(text of pages 1-\d+ of 20000: (reading it took over 30 s; the text stops after page \d+|kern reads at most 2000 pages at a time); the pdf tool reads any page\)\n\npage 1\n\npage 2/,
    );
    expectResponsive(figures);
  }, 120_000);

  it("answers the same PDF sent on Telegram: the turn gets the caption and why", async () => {
    const bomb = operatorBombPdf();
    const before = turns().length;
    const figures = await measured(daemon, "Telegram document: 100 MB of operators", async () => {
      telegram.userSendsFile({
        chatId: ANN,
        kind: "document",
        bytes: bomb,
        fileName: "bomb.pdf",
        mimeType: "application/pdf",
        caption: "what does it say?",
      });
      return waitUntil(() => turns()[before], "the PDF's turn", 60_000);
    });
    const text = lastUserText(figures.result);
    expect(text).toContain("(no text extracted: KERN_PARSE_LIMIT");
    expect(text).toContain("what does it say?");
    expectResponsive(figures);
  }, 120_000);

  it("does not read a PDF again after a kill -9 during its intake, and acknowledges the update", async () => {
    const long = manyPagesPdf(20_001); // ~25 ms a page: reading it takes the whole time budget
    const readsBefore = documentReads(agent.dir).length;
    const update = telegram.userSendsFile({
      chatId: ANN,
      kind: "document",
      bytes: long,
      fileName: "long.pdf",
      mimeType: "application/pdf",
      caption: "the long one",
    });
    await waitUntil(
      () => documentReads(agent.dir).length > readsBefore,
      "the daemon to start reading long.pdf",
      60_000,
    );
    process.kill(daemon.pid, "SIGKILL");
    await waitUntil(() => !isAlive(daemon.pid), "the daemon to die", 10_000);
    const before = turns().length;
    daemon = await startLiveDaemon(agent.dir, env());
    // Telegram gives the unacknowledged update again; the record answers it, nothing is read.
    const figures = await measured(daemon, "the same update after kill -9", () =>
      waitUntil(() => turns()[before], "the re-delivered PDF's turn", 60_000),
    );
    const text = lastUserText(figures.result);
    expect(text).toContain("[document long.pdf]");
    expect(text).toMatch(/\(no text extracted: reading it did not finish .+\)\nthe long one/);
    expect(documentReads(agent.dir).length).toBe(readsBefore + 1);
    // The next poll asks past it; a message answers that poll at once, so it is recorded.
    telegram.userSays({ chatId: ANN, text: "still there?" });
    await waitUntil(
      () =>
        telegram
          .sent("getUpdates")
          .some((call) => Number(call.payload["offset"] ?? 0) > update.update_id),
      "the update to be acknowledged",
      60_000,
    );
    // The web, given the same bytes, answers from the record too.
    const again = await upload(daemon, long, "long.pdf");
    expect(again.text).toContain("reading it did not finish");
    expect(documentReads(agent.dir).length).toBe(readsBefore + 1);
    // The restarted daemon's first turn loads what every first turn does: only its memory is
    // judged here (the reading itself is timed in the tests above).
    expect(figures.peakMb).toBeLessThan(RSS_BOUND_MB);
  }, 240_000);

  it("answers webfetch of a 200,000-deep page with its plain text, responsive", async () => {
    const figures = await measured(daemon, "webfetch of the 200,000-deep page", () =>
      runTurn(daemon.client, "FETCH-DEEP: read the page", { limitMs: 120_000 }),
    );
    const result = figures.result.events.find((event) => event.type === "tool-result");
    const output = result?.type === "tool-result" ? result.output : "";
    expect(output).toContain("(plain text: the page has 200");
    expect(output).toContain("deep inside the page");
    expectResponsive(figures);
  }, 180_000);

  it("stops at once on `kern stop` while a PDF is read, and starts again", async () => {
    const pdf = manyPagesPdf(20_002);
    const readsBefore = documentReads(agent.dir).length;
    const uploading = upload(daemon, pdf, "stopped.pdf").catch(() => null); // cut by the stop
    await waitUntil(
      () => documentReads(agent.dir).length > readsBefore,
      "the daemon to start reading stopped.pdf",
      60_000,
    );
    const startedAt = Date.now();
    const stopped = await kernProcess(["stop", agent.dir]);
    const stopMs = Date.now() - startedAt;
    process.stderr.write(`kern stop while a PDF is read: ${stopMs} ms\n`);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(isAlive(daemon.pid)).toBe(false);
    // The read had most of its 30 s left: a stop that waited for it would take that long.
    expect(stopMs).toBeLessThan(15_000);
    await uploading;
    daemon = await startLiveDaemon(agent.dir, env());
    expect(await daemon.client.status()).toHaveProperty("session");
  }, 120_000);
});

/** POST /upload of a PDF: the status and the answer's text. */
async function upload(daemon: LiveDaemon, bytes: Buffer, name: string) {
  const response = await fetch(new URL("/upload", daemon.url), {
    method: "POST",
    headers: {
      authorization: `Bearer ${daemon.token}`,
      "content-type": "application/pdf",
      "x-kern-file-name": name,
    },
    body: new Uint8Array(bytes),
    signal: AbortSignal.timeout(300_000),
  });
  const body = (await response.json()) as { text?: string };
  return { status: response.status, text: body.text ?? JSON.stringify(body) };
}

/** The model: webfetch of the deep page for the message that asks, then "done"; "ok" otherwise. */
function answerTurn(origin: () => string) {
  return (request: FakeChatRequest) => {
    const last = request.messages.at(-1);
    if (last?.role === "tool") return { kind: "text" as const, text: "done" };
    if (!lastUserText(request).includes("FETCH-DEEP")) return { kind: "text" as const, text: "ok" };
    return {
      kind: "tool-calls" as const,
      calls: [{ name: "webfetch", args: { url: `${origin()}/deep` } }],
    };
  };
}

/** Ann writes, gets a pairing code, and the operator approves it. */
async function pair(telegram: FakeTelegram, client: DaemonClient): Promise<void> {
  telegram.userSays({ chatId: ANN, text: "hi" });
  const reply = await telegram.waitFor(
    "sendMessage",
    (call) => /KERN-[A-Z0-9]{4}/.test(call.text ?? ""),
    60_000,
  );
  await client.pairingApprove(/KERN-[A-Z0-9]{4}/.exec(reply.text ?? "")?.[0] ?? "");
}
