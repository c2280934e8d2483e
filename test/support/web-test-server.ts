// Shared set-up for the web server tests: a web server over FakeRuntime and a tiny static
// folder, plus helpers to log in. Not a test file itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CreateWebServerOptions,
  createWebServer,
  type WebServer,
} from "../../src/interfaces/web/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import type { RuntimeApi } from "../../src/runtime/runtime-api.js";
import { FakeRuntime } from "../fakes/fake-runtime.js";

export const TEST_TOKEN = "test-token-0123456789abcdef";
export const AUTH = { authorization: `Bearer ${TEST_TOKEN}` };

export interface TestServer<R extends RuntimeApi = FakeRuntime> {
  server: WebServer;
  runtime: R;
  staticDir: string;
  dispose(): Promise<void>;
}

function makeStaticDir(): string {
  const staticDir = mkdtempSync(join(tmpdir(), "kern-web-static-"));
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>kern</title>");
  writeFileSync(join(staticDir, "assets", "app.js"), "export {};\n");
  writeFileSync(join(staticDir, "assets", "styles.css"), "body{}\n");
  writeFileSync(join(staticDir, "secret.txt"), "outside assets\n");
  return staticDir;
}

export type TestServerOptions<R extends RuntimeApi> = Partial<
  Omit<CreateWebServerOptions, "runtime">
> & { runtime?: R };

/** A server over `runtime` (a new FakeRuntime by default); `dispose` closes it. */
export function startTestServer<R extends RuntimeApi = FakeRuntime>(
  overrides: TestServerOptions<R> = {},
): TestServer<R> {
  // The default applies only when no runtime is given, i.e. when R is FakeRuntime.
  const runtime = overrides.runtime ?? (new FakeRuntime() as unknown as R);
  const staticDir = makeStaticDir();
  const server = createWebServer({
    logger: createSilentLogger(),
    authToken: TEST_TOKEN,
    staticDir,
    ...overrides,
    runtime,
  });
  return {
    server,
    runtime,
    staticDir,
    async dispose() {
      await server.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** Logs in with the token and returns the `Cookie` header value for later requests. */
export async function logIn(server: WebServer): Promise<string> {
  const response = await server.inject({
    method: "POST",
    url: "/login",
    payload: { token: TEST_TOKEN },
  });
  const setCookie = response.headers["set-cookie"];
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (response.statusCode !== 200 || !line) throw new Error(`login failed: ${response.body}`);
  return line.split(";")[0] ?? "";
}

export function errorCode(body: string): string {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
    const error = parsed.error;
    if (typeof error === "object" && error !== null && "code" in error) return String(error.code);
  }
  return "(no error code)";
}
