// `kern doctor` on the files: the memory engine's checks, or, when kern.db cannot be read at all
// (damaged), a report that says so with its fix instead of a crash; `--fix` then rebuilds it
// from the logs and checks again.
import { isKernError } from "../kernel/index.js";
import { type DoctorReport, damagedIndexReport } from "../memory/index.js";
import { withOfflineMemory } from "./offline-memory.js";
import { reindex } from "./reindex-agent-folder.js";

export async function doctorAgent(options: {
  agentDir: string;
  env: Record<string, string | undefined>;
  fix: boolean;
}): Promise<DoctorReport> {
  const run = () =>
    withOfflineMemory({ agentDir: options.agentDir, env: options.env }, (memory) =>
      memory.doctor({ fix: options.fix }),
    );
  try {
    return await run();
  } catch (error) {
    if (!isKernError(error) || error.code !== "KERN_INDEX_DAMAGED") throw error;
    if (!options.fix) return damagedIndexReport(error.message, options.agentDir);
    await reindex({ agentDir: options.agentDir, env: options.env });
    const report = await run();
    return { ...report, fixed: ["rebuilt the damaged kern.db from the logs", ...report.fixed] };
  }
}
