// An action a schedule runs itself instead of a prompt for the model (issue 50):
// today a backup (`kern backup --every`). Such a run is no turn and costs no model call. The one
// schema the jobs file (store/), the jobs API (protocol/) and the runtime share. No I/O.
import { z } from "zod";

export const scheduledActionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("backup"),
    /** The folder the archives go to (absolute). */
    folder: z.string().min(1),
    /** Keep this agent's newest N archives there; null = keep all. */
    keep: z.number().int().positive().nullable(),
    withSecrets: z.boolean(),
  }),
]);

export type ScheduledAction = z.infer<typeof scheduledActionSchema>;
