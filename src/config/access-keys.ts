// The keys of who may do what (SPEC §16) and of plugins (SPEC §17), spread into the schema's top
// level (schema.ts).
import { z } from "zod";
import { parseDuration } from "../kernel/index.js";

const scope = z.enum(["full", "write", "read"]);

/** A plugin entry: an npm package name or a folder (relative to the agent folder), with config. */
const pluginEntrySchema = z.union([
  z.string().min(1),
  z
    .object({
      from: z.string().min(1).describe("an npm package name or a folder path"),
      config: z.record(z.string(), z.unknown()).default({}),
    })
    .strict(),
]);

export type PluginEntryConfig = z.infer<typeof pluginEntrySchema>;

export const accessKeys = {
  memberToolScope: scope
    .default("read")
    .describe(
      "The tools a paired member's turns run with (read < write < full); a wider call waits for the operator's approval.",
    ),
  approvals: z
    .enum(["members", "unattended", "all", "off"])
    .default("members")
    .describe(
      "Which full-scope calls (bash, MCP tools, message to another chat) wait for the operator's yes: members = in members' turns and what they started; unattended = also every job, heartbeat and sub-agent turn; all = also the operator's own turns; off = never.",
    ),
  approvalTimeout: z
    .string()
    .refine((text) => (parseDuration(text) ?? 0) > 0, {
      message: 'expected a duration such as "30m" (90s, 20m, 2h, 1d)',
    })
    .default("30m")
    .describe("How long a call waits for the operator's approval; no answer means no."),
  plugins: z
    .array(pluginEntrySchema)
    .default([])
    .describe(
      'Outside plugins to load at start: npm package names or folder paths (relative to the agent folder), or { "from", "config" }. A plugin is code with the operator\'s rights: list only what you trust (docs/plugins.md).',
    ),
  pluginConfig: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .default({})
    .describe(
      'The own config of kern\'s built-in plugins, by plugin name ({ "discord": { "channel": "…" } }); each plugin checks its section and says what is wrong. Outside plugins take theirs in plugins.',
    ),
};
