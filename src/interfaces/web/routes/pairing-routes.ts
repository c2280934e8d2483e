// Telegram pairing from the web: list pending codes and paired users, approve a code.
import { pairBodySchema, pairedUserSchema, pairingListSchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerPairingRoutes(app: WebApp, context: WebContext): void {
  const { pairing } = context.runtime;

  app.get("/pairing", { schema: { response: { 200: pairingListSchema } } }, async () =>
    pairing.list(),
  );

  app.post(
    "/pairing/approve",
    { schema: { body: pairBodySchema, response: { 200: pairedUserSchema } } },
    async (request) => {
      const user = await pairing.approve(request.body.code.trim().toUpperCase());
      request.log.info({ userId: user.userId }, "pairing approved");
      return user;
    },
  );
}
