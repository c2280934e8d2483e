// `.kern/processes.json`: the background commands running now (pid, process group, start time),
// rewritten whole (temp file + rename, 0600) on every start and end. What is left in it at the
// next start was running when the daemon died: those groups are ended and reported.
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { parseJsonOrUndefined } from "../../kernel/index.js";
import { writeFileAtomic } from "../../store/index.js";

export const processRecordSchema = z.object({
  id: z.string(),
  command: z.string(),
  pid: z.number().int(),
  pgid: z.number().int(),
  startTicks: z.string().nullable(),
  startedAt: z.string(),
  outputFile: z.string(),
  replyTo: z
    .object({ channel: z.string(), chat: z.string().optional(), user: z.string().optional() })
    .optional(),
});
export type ProcessRecord = z.infer<typeof processRecordSchema>;

const fileSchema = z.array(processRecordSchema);

export class ProcessRecordFile {
  private records: ProcessRecord[] = [];

  constructor(private readonly file: string) {}

  /** The records the last run left (a torn or foreign file counts as none). */
  readLeftovers(): ProcessRecord[] {
    if (!existsSync(this.file)) return [];
    const parsed = fileSchema.safeParse(parseJsonOrUndefined(readFileSync(this.file, "utf8")));
    return parsed.success ? parsed.data : [];
  }

  add(record: ProcessRecord): void {
    this.records = [...this.records.filter((known) => known.id !== record.id), record];
    this.write();
  }

  remove(id: string): void {
    this.records = this.records.filter((known) => known.id !== id);
    this.write();
  }

  /** Forgets the last run's records (after they were ended and reported). */
  clear(): void {
    this.records = [];
    this.write();
  }

  private write(): void {
    writeFileAtomic(this.file, `${JSON.stringify(this.records)}\n`);
  }
}
