// `kern import FILE [DIR]`: append a conversation to the agent's session and build its memory to
// completion (SPEC §3), with progress by phase on a TTY and one summary line. With the daemon
// running, the file is streamed to it (the daemon stays the one writer) and waits its turn in the
// queue; without one, the CLI does the work itself.
import type { Command } from "commander";
import type { ImportBuildReport, ImportPhase } from "../../kernel/index.js";
import { UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerImportCommand(program: Command, context: CliContext): void {
  program
    .command("import")
    .description("append a conversation (kern JSONL, OpenAI JSONL or JSON array) to the session")
    .argument("<file>", "conversation file")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print the report as JSON")
    .option(
      "--offline",
      "build the memory without model calls: local embeddings, extractive summaries (daemon stopped)",
    )
    .option("-y, --yes", "do not ask before the summary calls a configured model makes")
    .addHelpText(
      "after",
      "\nWith a model configured, the memory build makes about one summary call per 15k tokens of\nhistory on it (plus rollups); kern import says how many before it starts and asks on a\nterminal. --offline makes none.",
    )
    .action((file: string, dir: string, flags: ImportFlags) =>
      importConversation(context, file, dir, flags),
    );
}

/** `kern import`: through the running daemon, in a bounded-heap child, or in-process. */
async function importConversation(
  context: CliContext,
  file: string,
  dir: string,
  flags: ImportFlags,
): Promise<void> {
  const onProgress = progressReporter(context);
  const daemon = await connectDaemon(dir);
  if (flags.offline && daemon)
    throw new UsageError(
      `--offline builds with the local defaults, but the running daemon builds with its model; stop it first: kern stop ${dir}`,
    );
  // Said (and asked) once, by the process the user started, not by its import child.
  if (context.env["KERN_IMPORT_CHILD"] !== "1" && !(await callsAgreed(context, dir, file, flags)))
    return;
  let report: ImportBuildReport;
  if (daemon) {
    const { uploadImport } = await import("../../client/index.js");
    const { existsSync } = await import("node:fs");
    if (!existsSync(file)) {
      const { ConfigError } = await import("../../kernel/index.js");
      throw new ConfigError("KERN_IMPORT_INVALID", `cannot read ${file}: no such file`);
    }
    report = await uploadImport({
      baseUrl: daemon.address.url,
      token: daemon.address.token,
      file,
      name: file,
      onProgress,
    });
  } else if (context.stdout === process.stdout && context.env["KERN_IMPORT_CHILD"] !== "1") {
    context.exitCode = await rerunWithBoundedHeap();
    return;
  } else {
    // Only the import child is tied to its parent; run in-process (tests, embedders) the IPC
    // channel, if any, is someone else's (a test runner's worker) and must stay as it is.
    if (context.env["KERN_IMPORT_CHILD"] === "1") stopWithParent();
    const { runImport, OFFLINE_OVERRIDES } = await loadDaemon();
    report = await runImport({
      agentDir: dir,
      file,
      clock: context.clock,
      env: context.env,
      onProgress,
      ...(flags.offline ? { overrides: { ...OFFLINE_OVERRIDES } } : {}),
    });
  }
  context.output.endProgress();
  if (flags.json) return context.output.json(report);
  printReport(context, report, daemon !== null);
}

interface ImportFlags {
  json?: boolean;
  offline?: boolean;
  yes?: boolean;
}

/**
 * Says how many summary calls the build makes on which model before any is made; on a terminal
 * without --yes, asks. False when the person said no (nothing is imported).
 */
async function callsAgreed(
  context: CliContext,
  dir: string,
  file: string,
  flags: ImportFlags,
): Promise<boolean> {
  const { planImportCalls } = await loadDaemon();
  const plan = await planImportCalls({
    agentDir: dir,
    file,
    env: context.env,
    offline: flags.offline === true,
  });
  if (!plan) return true;
  const tokens = `${Math.max(1, Math.round(plan.tokens / 1000))}k`;
  const embeddings = plan.embeddingModel ? ` and embeddings on ${plan.embeddingModel}` : "";
  context.output.error(
    `this import makes about ${plan.summaryCalls} summary call(s) (~${tokens} tokens of history) on ${plan.model} at ${plan.endpoint}${embeddings}; --offline builds without the model`,
  );
  if (flags.yes || !context.stdinIsTTY) return true;
  const { confirm } = await import("../confirm.js");
  if (await confirm(context, "go on?")) return true;
  context.output.line("nothing imported");
  return false;
}

/**
 * V8 lets the heap grow to gigabytes before it collects: an import of 100k messages, all garbage
 * once appended, reached 740 MB. The import runs in a child whose old space is capped, where it
 * stays under 300 MB (docs/benchmarks.md); the cap is generous for what an import keeps alive.
 */
const IMPORT_HEAP_MB = 320;

async function rerunWithBoundedHeap(): Promise<number> {
  const { spawn } = await import("node:child_process");
  // The IPC channel ties the child to this process: when this one dies (kill -9 included), the
  // channel closes and the child stops too (stopWithParent), leaving its import uncommitted —
  // rolled back by the next process that takes the folder's lock, never half-imported.
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${IMPORT_HEAP_MB}`, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      env: { ...process.env, KERN_IMPORT_CHILD: "1" },
    },
  );
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = (["SIGINT", "SIGTERM", "SIGHUP"] as const).map((signal) => {
    const handler = forward(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on("error", () => resolve(1));
  });
}

/** In the import's child: end at once when the parent `kern import` is gone. */
function stopWithParent(): void {
  if (!process.connected) return;
  process.once("disconnect", () => process.exit(1));
  process.channel?.unref(); // the channel must not keep this process alive by itself
}

/** One progress bar per phase, replaced when the phase changes. */
function progressReporter(context: CliContext) {
  let phase = "";
  let update = context.output.progress("import");
  return (next: ImportPhase, done: number, total: number) => {
    if (next !== phase) {
      context.output.endProgress();
      [phase, update] = [next, context.output.progress(`import: ${PHASE_NAMES[next]}`)];
    }
    update(done, total);
  };
}

function printReport(context: CliContext, report: ImportBuildReport, viaDaemon: boolean): void {
  const levels = Object.entries(report.segments)
    .map(([level, count]) => `${level} ${count}`)
    .join(", ");
  context.output.line(
    `imported ${report.imported} messages (${report.format}) into ${report.session} [${report.seqStart}, ${report.seqEnd})${viaDaemon ? " through the daemon" : ""}`,
  );
  context.output.line(
    `memory built: ${levels || "no segments"} in ${seconds(report.memoryMs)}; total ${seconds(report.totalMs)}`,
  );
  if (report.skippedDuplicates > 0)
    context.output.line(
      `skipped ${report.skippedDuplicates} message(s) already imported (same source id and content)`,
    );
  if (report.skippedSystemMessages > 0)
    context.output.line(`skipped ${report.skippedSystemMessages} system message(s)`);
}

const PHASE_NAMES: Record<ImportPhase, string> = {
  parse: "validate (MB)",
  append: "append + index",
  embed: "embed",
  segment: "segment",
  summarize: "summarize",
  rollup: "roll up",
};

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
