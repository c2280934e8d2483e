// MCP servers and skills (SPEC §14): `GET /extensions/mcp`, `POST /extensions/mcp/:name/test`,
// `GET /extensions/skills`, for `kern mcp|skills` and the web page's Extensions tab.
import { KernError } from "../../../kernel/index.js";
import {
  mcpListViewSchema,
  mcpServerParamsSchema,
  mcpServerViewSchema,
  skillsListViewSchema,
} from "../../../protocol/index.js";
import type { ExtensionsApi } from "../../../runtime/index.js";
import type { WebApp, WebContext } from "../web-app.js";

function extensionsOf(context: WebContext): ExtensionsApi {
  if (!context.extensions)
    throw new KernError("KERN_UNAVAILABLE", "this daemon was assembled without extensions");
  return context.extensions;
}

export function registerExtensionRoutes(app: WebApp, context: WebContext): void {
  app.get("/extensions/mcp", { schema: { response: { 200: mcpListViewSchema } } }, async () =>
    extensionsOf(context).mcpList(),
  );
  app.post(
    "/extensions/mcp/:name/test",
    { schema: { params: mcpServerParamsSchema, response: { 200: mcpServerViewSchema } } },
    async (request) => extensionsOf(context).mcpTest(request.params.name),
  );
  app.get("/extensions/skills", { schema: { response: { 200: skillsListViewSchema } } }, async () =>
    extensionsOf(context).skillsList(),
  );
}
