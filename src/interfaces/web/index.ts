// Public surface of interfaces/web: the daemon's HTTP server (API, SSE, web page). No fastify
// type crosses this file (SG-5).
export {
  type CreateWebServerOptions,
  createWebServer,
  type InjectRequest,
  type InjectResponse,
  type ListenOptions,
  type ListenResult,
  type WebServer,
} from "./create-web-server.js";
export { CONTENT_SECURITY_POLICY } from "./security-headers.js";
export { DEFAULT_STATIC_DIR } from "./static-files.js";
export type { WebErrorCode } from "./web-errors.js";
