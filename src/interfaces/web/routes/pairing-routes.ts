// Telegram pairing from the web: list pending codes and paired users, approve a code.
import { pairBodySchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerPairingRoutes(app: WebApp, context: WebContext): void {
  const { pairing } = context.runtime;

  app.get("/pairing", async () => pairing.list());

  app.post("/pairing/approve", { schema: { body: pairBodySchema } }, async (request) => {
    const user = await pairing.approve(request.body.code.trim().toUpperCase());
    request.log.info({ userId: user.userId }, "pairing approved");
    return user;
  });
}
