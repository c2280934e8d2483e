// `.kern/subagents.json`: the sub-agents running now, rewritten whole (temp file + rename, 0600)
// when one starts or ends. What is left in it at the next start was cut short by a stop or crash.
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { parseJsonOrUndefined } from "../../kernel/index.js";
import { writeFileAtomic } from "../../store/index.js";

export const subagentRecordSchema = z.object({
  id: z.string(),
  task: z.string(),
  startedAt: z.string(),
  transcript: z.string(),
  replyTo: z
    .object({ channel: z.string(), chat: z.string().optional(), user: z.string().optional() })
    .optional(),
});
export type SubagentRecord = z.infer<typeof subagentRecordSchema>;

export class SubagentRecordFile {
  private records: SubagentRecord[] = [];

  constructor(private readonly file: string) {}

  /** The records the last run left, then forgets them (a torn or foreign file counts as none). */
  takeLeftovers(): SubagentRecord[] {
    if (!existsSync(this.file)) return [];
    const parsed = z
      .array(subagentRecordSchema)
      .safeParse(parseJsonOrUndefined(readFileSync(this.file, "utf8")));
    this.write();
    return parsed.success ? parsed.data : [];
  }

  add(record: SubagentRecord): void {
    this.records = [...this.records, record];
    this.write();
  }

  remove(id: string): void {
    this.records = this.records.filter((known) => known.id !== id);
    this.write();
  }

  private write(): void {
    writeFileAtomic(this.file, `${JSON.stringify(this.records)}\n`);
  }
}
