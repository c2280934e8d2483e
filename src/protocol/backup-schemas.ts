// zod schema of `POST /backup/cut` (issue 50; docs/operations.md): the daemon, the one writer,
// takes a backup's cut between two appends and answers it; the CLI then reads each log up to its
// cut and writes the archive itself. No I/O.
import * as z from "zod";

export const backupCutSchema = z.object({
  /** When the cut was taken (ISO UTC). */
  takenAt: z.string(),
  /** Each append-only log and the byte length of its whole lines at the cut. */
  logs: z.array(
    z.object({
      /** Relative to the agent folder, `/`-separated: `.kern/sessions/ID.jsonl`. */
      path: z.string(),
      bytes: z.number().int().nonnegative(),
    }),
  ),
  /** The documents written by atomic replace (jobs.json, pairing.json), whole, at the cut. */
  snapshots: z.array(z.object({ path: z.string(), text: z.string() })),
});
export type BackupCutView = z.infer<typeof backupCutSchema>;
