// The sandbox keys (SPEC §16, docs/security.md "The sandbox"), spread into the schema's top level.
import { z } from "zod";

export const SANDBOX_MODES = ["auto", "bwrap", "off"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export const sandboxKeys = {
  sandbox: z
    .enum(SANDBOX_MODES)
    .default("auto")
    .describe(
      "Where bash, background commands and stdio MCP servers run: auto = inside bubblewrap when it is installed, else unconfined with a warning (kern status, kern doctor); bwrap = refuse to start without it; off = unconfined.",
    ),
  sandboxNetwork: z
    .boolean()
    .default(true)
    .describe(
      "Let sandboxed commands reach the network; false gives them none (not even localhost).",
    ),
  sandboxPaths: z
    .record(z.string().min(1), z.enum(["ro", "rw"]))
    .default({})
    .describe(
      'Extra paths the sandbox shows, each "ro" or "rw" (e.g. {"~/.npm": "rw"}); ~ is the home folder, a relative path is inside the agent folder; a missing path is skipped.',
    ),
};
