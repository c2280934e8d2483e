// The page itself: GET / and GET /assets/*, public (no login needed to load the login form).
import { z } from "zod";
import { readAsset, readIndexPage } from "../static-files.js";
import type { WebApp, WebContext } from "../web-app.js";

const assetParamsSchema = z.object({ "*": z.string() });

export function registerStaticRoutes(app: WebApp, context: WebContext): void {
  app.get("/", { config: { public: true } }, async (_request, reply) => {
    const file = await readIndexPage(context.staticDir);
    return reply.header("cache-control", "no-cache").type(file.contentType).send(file.body);
  });

  app.get(
    "/assets/*",
    { config: { public: true }, schema: { params: assetParamsSchema } },
    async (request, reply) => {
      const file = await readAsset(context.staticDir, request.params["*"]);
      return reply.header("cache-control", "no-cache").type(file.contentType).send(file.body);
    },
  );
}
