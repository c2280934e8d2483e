// Pairing from the web (SPEC §9, §16): list waiting codes, members and operators; approve a code;
// remove a paired user; make one an operator or a member again.
import {
  pairBodySchema,
  pairedUserSchema,
  pairingListSchema,
  pairingRoleBodySchema,
  pairingUserBodySchema,
} from "../../../protocol/index.js";
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

  app.post(
    "/pairing/revoke",
    { schema: { body: pairingUserBodySchema, response: { 200: pairedUserSchema } } },
    async (request) => {
      const user = await pairing.revoke(request.body.channel, request.body.user);
      request.log.info({ channel: user.channel, userId: user.userId }, "pairing revoked");
      return user;
    },
  );

  app.post(
    "/pairing/role",
    { schema: { body: pairingRoleBodySchema, response: { 200: pairedUserSchema } } },
    async (request) => {
      const { channel, user, role } = request.body;
      const changed = await pairing.setRole(channel, user, role);
      request.log.info({ channel, userId: user, role }, "pairing role changed");
      return changed;
    },
  );
}
