// The "Heartbeat prompt" section (issue 26): the tokens of a heartbeat turn's light prompt against
// a full prompt on the 20k history, from bench/results/heartbeat-prompt.json, written by
// bench/heartbeat-prompt.ts. Pure.
import { z } from "zod";

export const heartbeatPromptResultSchema = z.object({
  messages: z.number(),
  seed: z.number(),
  commit: z.string().optional(),
  rows: z.array(
    z.object({
      prompt: z.string(),
      system: z.number(),
      summary: z.number(),
      messages: z.number(),
      total: z.number(),
    }),
  ),
});
export type HeartbeatPromptResult = z.infer<typeof heartbeatPromptResultSchema>;

export function renderHeartbeatPrompt(result: HeartbeatPromptResult | null): string {
  if (!result) return "";
  const [full, light] = result.rows;
  const share =
    full && light
      ? ` The light prompt is ${((100 * light.total) / full.total).toFixed(1)}% of the full one.`
      : "";
  return [
    "## Heartbeat prompt",
    "",
    `A heartbeat turn's light prompt (\`maxContextTokens\` 8,000, no autoRecall; docs/jobs.md) ` +
      `against a full prompt, on the ${result.messages / 1000}k history (seed ${result.seed}, memory built ` +
      `offline), composed without a question.${share} Re-run: \`npx tsx bench/heartbeat-prompt.ts\`.`,
    "",
    "| prompt | system | summary | messages | total |",
    "|---|---:|---:|---:|---:|",
    ...result.rows.map(
      (row) =>
        `| ${row.prompt} | ${row.system} | ${row.summary} | ${row.messages} | ${row.total} |`,
    ),
  ].join("\n");
}
