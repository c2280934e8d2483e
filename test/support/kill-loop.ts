// The kill -9 loop of issue 18 (Must show 2), shared by `scripts/kill-loop.ts` (20+ rounds, the
// figures in docs/reliability.md) and a short e2e run in the suite. Each round: the daemon runs
// with turns that call a tool, messages are queued behind them and an import is in flight, then
// the daemon is killed with SIGKILL at a random moment and started again. After each restart:
// every accepted message is in the log exactly once, every import is all there or not at all,
// every tool call has its result, and `kern doctor` scores 100.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDaemonClient, type DaemonClient, uploadImport } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { KERN_MAIN, KERN_NODE } from "./kern-process.js";
import { makeTempDir } from "./temp-dir.js";
import { answerBackgroundCalls, isBackgroundRequest } from "./test-daemon.js";

export interface KillLoopOptions {
  rounds: number;
  /** Messages sent per round, queued behind the first. */
  messages?: number;
  /** Messages in the file imported during each round. */
  importSize?: number;
  log?: (line: string) => void;
  /** Seed of the kill delays (deterministic runs). */
  seed?: number;
}

export interface RoundResult {
  round: number;
  killedAfterMs: number;
  accepted: number;
  importCommitted: boolean | null;
  doctorScore: number;
}

export interface KillLoopReport {
  rounds: RoundResult[];
  acceptedMessages: number;
  lostMessages: number;
  duplicateMessages: number;
  partialImports: number;
  duplicateImports: number;
  orphanToolCalls: number;
  minDoctorScore: number;
  problems: string[];
}

function kern(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      KERN_NODE,
      [KERN_MAIN, ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

interface LogEntry {
  seq?: number;
  role?: string;
  content?: string | null;
  toolCalls?: Array<{ id: string }>;
  toolCallId?: string;
  meta?: { sourceId?: string };
}

function readLog(dir: string): LogEntry[] {
  const sessions = join(dir, ".kern", "sessions");
  return readdirSync(sessions)
    .sort()
    .flatMap((name) => readFileSync(join(sessions, name), "utf8").split("\n"))
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LogEntry)
    .filter((entry) => entry.seq !== undefined);
}

/** A turn answers with a tool call first, then text: a kill can land between them. */
function scriptModel(llm: FakeLlm): void {
  answerBackgroundCalls(llm, "- (summary)", { fallback: true });
  llm.when(
    (request) => !isBackgroundRequest(request),
    (request) => {
      const last = request.messages.at(-1);
      if (last?.role === "tool")
        return { kind: "text" as const, text: "done reading", delayMs: 120 };
      const id = `call_${Math.random().toString(36).slice(2, 10)}`;
      return {
        kind: "tool-calls" as const,
        calls: [{ id, name: "read", args: { path: "AGENTS.md" } }],
        delayMs: 120,
      };
    },
  );
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function waitIdle(client: DaemonClient, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await client.status().catch(() => null);
    const idle =
      status?.queue.running === null &&
      status.queue.waiting === 0 &&
      status.memory.status === "idle" &&
      status.memory.pendingJobs === 0;
    if (idle) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the daemon did not go idle within ${timeoutMs} ms`);
}

export async function runKillLoop(options: KillLoopOptions): Promise<KillLoopReport> {
  const log = options.log ?? (() => undefined);
  const temp = makeTempDir("kern-kill-loop-");
  const dir = join(temp.path, "agent");
  const llm = await startFakeLlm();
  scriptModel(llm);
  const next = random(options.seed ?? 18);
  const accepted: string[] = [];
  const imports: Array<{ prefix: string; size: number; committed: boolean | null }> = [];
  const rounds: RoundResult[] = [];
  const problems: string[] = [];
  try {
    const init = await kern([
      ...["init", dir, "--yes", "--provider", "openai-compatible", "--model", "fake-model"],
      ...["--base-url", llm.baseUrl],
    ]);
    if (init.code !== 0) throw new Error(`kern init failed: ${init.stderr}`);
    const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    for (let round = 1; round <= options.rounds + 1; round += 1) {
      const started = await kern(["start", dir]);
      if (started.code !== 0) throw new Error(`kern start failed: ${started.stderr}`);
      const status = await kern(["status", dir, "--json"]);
      const { url } = JSON.parse(status.stdout) as { url?: string };
      if (!url) throw new Error(`no daemon after kern start: ${started.stdout} ${status.stdout}`);
      const client = createDaemonClient({ baseUrl: url, token });
      await waitIdle(client, 60_000);
      const doctor = JSON.parse((await kern(["doctor", dir, "--json"])).stdout) as {
        score: number;
        findings: Array<{ check: string; message: string }>;
      };
      if (doctor.score < 100)
        problems.push(
          `round ${round - 1}: doctor ${doctor.score}: ${JSON.stringify(doctor.findings)}`,
        );
      const previous = rounds.at(-1);
      if (previous) previous.doctorScore = doctor.score;
      if (round > options.rounds) {
        await kern(["stop", dir]);
        break;
      }
      rounds.push(
        await loadAndKill({ round, dir, url, token, client, next, accepted, imports, options }),
      );
      log(`round ${round}: killed after ${rounds.at(-1)?.killedAfterMs} ms`);
    }
    return summarize({ dir, rounds, accepted, imports, problems });
  } finally {
    await kern(["stop", dir]);
    await llm.close();
    temp.cleanup();
  }
}

async function loadAndKill(context: {
  round: number;
  dir: string;
  url: string;
  token: string;
  client: DaemonClient;
  next: () => number;
  accepted: string[];
  imports: Array<{ prefix: string; size: number; committed: boolean | null }>;
  options: KillLoopOptions;
}): Promise<RoundResult> {
  const { round, dir, client, next } = context;
  const size = context.options.importSize ?? 400;
  const prefix = `r${round}i`;
  const file = join(dir, "..", `import-${round}.jsonl`);
  writeFileSync(
    file,
    Array.from({ length: size }, (_, index) =>
      JSON.stringify({
        id: `${prefix}${index}`,
        role: index % 2 ? "assistant" : "user",
        content: `imported ${prefix}${index} about harbours`,
      }),
    ).join("\n"),
  );
  const entry = { prefix, size, committed: null as boolean | null };
  context.imports.push(entry);
  let count = 0;
  // Odd rounds put the import first in the queue (it may commit before the kill), even rounds last.
  const importing =
    round % 2 === 1
      ? startImport(context, file, entry)
      : new Promise<void>((resolve) => setTimeout(resolve, 0));
  const sending = (async () => {
    for (let index = 0; index < (context.options.messages ?? 6); index += 1) {
      const text = `round ${round} message ${index}`;
      try {
        await client.sendMessage({ text });
        context.accepted.push(text);
        count += 1;
      } catch {
        return; // the daemon died: this one was not accepted
      }
    }
  })();
  const lateImport = round % 2 === 0 ? startImport(context, file, entry) : Promise.resolve();
  const killAfter = Math.round(100 + next() * 2400);
  await new Promise((resolve) => setTimeout(resolve, killAfter));
  const pid = (
    JSON.parse(readFileSync(join(dir, ".kern", "daemon.pid"), "utf8")) as { pid: number }
  ).pid;
  process.kill(pid, "SIGKILL");
  await Promise.all([sending, importing, lateImport]);
  return {
    round,
    killedAfterMs: killAfter,
    accepted: count,
    importCommitted: entry.committed,
    doctorScore: -1,
  };
}

function startImport(
  context: { url: string; token: string },
  file: string,
  entry: { committed: boolean | null },
): Promise<void> {
  return uploadImport({ baseUrl: context.url, token: context.token, file, name: file })
    .then(() => {
      entry.committed = true;
    })
    .catch(() => undefined); // killed before its report: it must be all there or not at all
}

function summarize(context: {
  dir: string;
  rounds: RoundResult[];
  accepted: string[];
  imports: Array<{ prefix: string; size: number; committed: boolean | null }>;
  problems: string[];
}): KillLoopReport {
  const entries = readLog(context.dir);
  const userTexts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.role === "user" && typeof entry.content === "string")
      userTexts.set(entry.content, (userTexts.get(entry.content) ?? 0) + 1);
  }
  const lost = context.accepted.filter((text) => !userTexts.has(text));
  const duplicated = context.accepted.filter((text) => (userTexts.get(text) ?? 0) > 1);
  let partialImports = 0;
  let duplicateImports = 0;
  for (const entry of context.imports) {
    const ids = entries.filter((row) => row.meta?.sourceId?.startsWith(entry.prefix));
    const distinct = new Set(ids.map((row) => row.meta?.sourceId)).size;
    if (distinct !== 0 && distinct !== entry.size) partialImports += 1;
    if (ids.length > distinct) duplicateImports += 1;
    if (entry.committed && distinct !== entry.size) partialImports += 1;
  }
  const results = new Set(entries.map((row) => row.toolCallId).filter(Boolean));
  const orphanToolCalls = entries
    .flatMap((row) => row.toolCalls ?? [])
    .filter((call) => !results.has(call.id)).length;
  for (const text of lost) context.problems.push(`lost: ${text}`);
  for (const text of duplicated) context.problems.push(`duplicated: ${text}`);
  return {
    rounds: context.rounds,
    acceptedMessages: context.accepted.length,
    lostMessages: lost.length,
    duplicateMessages: duplicated.length,
    partialImports,
    duplicateImports,
    orphanToolCalls,
    minDoctorScore: Math.min(...context.rounds.map((round) => round.doctorScore)),
    problems: context.problems,
  };
}
