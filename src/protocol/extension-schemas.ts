// zod schemas of the extensions API (SPEC §14): `GET /extensions/mcp`, `POST
// /extensions/mcp/:name/test`, `GET /extensions/skills`. Typed against the kernel views.
import * as z from "zod";
import type { McpListView, McpServerView, SkillsListView } from "./extension-views.js";

export const mcpServerViewSchema: z.ZodType<McpServerView> = z.object({
  name: z.string(),
  state: z.enum(["starting", "ready", "failed", "stopped"]),
  transport: z.enum(["stdio", "streamable-http", "sse"]).nullable(),
  toolScope: z.enum(["full", "write", "read"]),
  tools: z.array(z.object({ name: z.string(), description: z.string() })),
  error: z.string().nullable(),
  failures: z.number(),
  retrying: z.boolean(),
});

export const mcpListViewSchema: z.ZodType<McpListView> = z.object({
  running: z.boolean(),
  servers: z.array(mcpServerViewSchema),
});

export const skillsListViewSchema: z.ZodType<SkillsListView> = z.object({
  skills: z.array(z.object({ name: z.string(), description: z.string(), folder: z.string() })),
  problems: z.array(z.object({ path: z.string(), problem: z.string() })),
});

export const mcpServerParamsSchema = z.object({ name: z.string().min(1).max(64) });
