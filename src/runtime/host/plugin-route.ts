// An HTTP route a plugin registers (SPEC §17) and the route as the web server mounts it. Types
// only; nothing here reaches up into the runtime.
import type { z } from "zod";
import type { Logger } from "../../log/index.js";

/** One HTTP route of a plugin, behind the API's auth; its path is under `/plugins/NAME/`. */
export interface PluginRoute {
  method: "GET" | "POST" | "DELETE";
  /** `/things/:id`; a built-in plugin's paths are its documented ones (`/jobs`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema: the reply is checked against it. */
  response?: z.ZodType;
  /** The reply's media type when `handle` returns text (a scrape format); JSON otherwise. */
  contentType?: string;
  handle(request: PluginRequest): Promise<unknown>;
}

export interface PluginRequest {
  params: unknown;
  query: unknown;
  body: unknown;
  log: Pick<Logger, "info" | "warn" | "error" | "debug">;
}

/** A route as the web server mounts it: the plugin's, with its full path. */
export interface MountedRoute {
  plugin: string;
  path: string;
  route: PluginRoute;
}
