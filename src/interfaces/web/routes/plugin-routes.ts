// The HTTP routes plugins registered (SPEC §17), mounted behind the API's auth like every other
// route: the body, params and query checked against the plugin's schemas, the answer against its
// response schema, errors in the one error shape.
import type { PluginRoute } from "../../../runtime/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerPluginRoutes(app: WebApp, context: WebContext): void {
  for (const { path, route } of context.runtime.registries.routes()) {
    app.route({
      method: route.method,
      url: path,
      schema: schemaOf(route),
      handler: async (request, reply) => {
        const answer = await route.handle({
          params: request.params,
          query: request.query,
          body: request.body,
          log: request.log,
        });
        if (route.contentType) reply.type(route.contentType);
        return answer;
      },
    });
  }
}

function schemaOf(route: PluginRoute) {
  return {
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.response ? { response: { 200: route.response } } : {}),
  };
}
