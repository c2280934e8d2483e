// `GET /commands`: the chat commands the daemon answers without the model — the core's and every
// plugin's (SPEC §17) — for the TUI's completion and the web page's menu.
import { commandListSchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerCommandRoutes(app: WebApp, context: WebContext): void {
  app.get("/commands", { schema: { response: { 200: commandListSchema } } }, async () => ({
    commands: context.runtime.registries.commands.list().map((command) => ({
      name: command.name,
      help: command.help,
      ...(command.usage ? { usage: command.usage } : {}),
      operatorOnly:
        typeof command.operatorOnly === "function"
          ? ("some" as const)
          : command.operatorOnly
            ? ("all" as const)
            : ("none" as const),
    })),
  }));
}
