// Public surface of interfaces/web: the daemon's HTTP server (API, SSE, web page). No fastify
// type crosses this file (SG-5).
export {
  type CreateWebServerOptions,
  createWebServer,
  type WebServer,
} from "./create-web-server.js";
export { DEFAULT_STATIC_DIR } from "./static-files.js";
