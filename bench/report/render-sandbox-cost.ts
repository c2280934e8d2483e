// The "Sandbox cost" section (issue 46): one `bash` call inside bubblewrap against one
// unconfined, from bench/results/sandbox-cost.json, written by bench/sandbox-cost.ts. Pure.
import { z } from "zod";

const rowSchema = z.object({
  mode: z.string(),
  medianMs: z.number(),
  p95Ms: z.number(),
  minMs: z.number(),
});

export const sandboxCostResultSchema = z.object({
  command: z.string(),
  calls: z.number(),
  commit: z.string(),
  cpu: z.string(),
  loadAverage: z.array(z.number()),
  rows: z.array(rowSchema),
});
export type SandboxCostResult = z.infer<typeof sandboxCostResultSchema>;

export function renderSandboxCost(result: SandboxCostResult | null): string {
  if (!result) return "";
  const [plain, boxed] = result.rows;
  const extra =
    plain && boxed
      ? ` The sandbox adds ${(boxed.medianMs - plain.medianMs).toFixed(1)} ms to the median call ` +
        `(${(boxed.medianMs / plain.medianMs).toFixed(2)}×).`
      : "";
  return [
    "## Sandbox cost",
    "",
    `One \`bash\` call of \`${result.command}\` through kern's spawn helper (the bash tool's own ` +
      "path: its watcher, its process group, stdout and stderr read to their end), unconfined " +
      `and inside bubblewrap (\`sandbox: "bwrap"\`, docs/security.md), ${result.calls} calls of ` +
      `each taken in turn, on ${result.cpu} (load ${result.loadAverage.join(", ")}), commit ` +
      `${result.commit}.${extra} Re-run: \`npx tsx bench/sandbox-cost.ts\`.`,
    "",
    "| mode | median | p95 | min |",
    "|---|---:|---:|---:|",
    ...result.rows.map(
      (row) =>
        `| ${row.mode} | ${row.medianMs.toFixed(1)} ms | ${row.p95Ms.toFixed(1)} ms | ${row.minMs.toFixed(1)} ms |`,
    ),
  ].join("\n");
}
