// Browser tests (SG-31): Debian's Chromium driven by playwright-core, with a fresh profile per
// launch, against a web server built from web/ into a temp folder. Without /usr/bin/chromium the
// suites fail in CI and skip with a visible notice elsewhere, never silently.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { describe, it } from "vitest";
import { buildWeb } from "../../scripts/build-web.js";
import { createWebServer, type WebServer } from "../../src/interfaces/web/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import { type JobsApi, jobsRoutes } from "../../src/plugins/jobs/index.js";
import type { PluginRegistries, RuntimeApi } from "../../src/runtime/index.js";

/** Debian's Chromium; KERN_CHROMIUM_PATH points elsewhere (or at nothing, to test the skip). */
const CHROMIUM_PATH = process.env["KERN_CHROMIUM_PATH"] ?? "/usr/bin/chromium";
export const BROWSER_TOKEN = "browser-test-token-7f3a9c";
const SCREENSHOT_DIR = join(process.cwd(), "test-output", "screenshots");

/** STYLE §4: the flags our Chromium runs with, everywhere. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const hasChromium = existsSync(CHROMIUM_PATH);

/**
 * `describe` when Chromium is installed. Without it: in CI (`CI` set) the suite fails, saying why
 * and how to install it — browser tests never skip silently there; elsewhere `describe.skip` plus
 * a notice on stderr.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (hasChromium) {
    describe(name, body);
    return;
  }
  if (process.env["CI"]) {
    describe(name, () => {
      it("needs Chromium", () => {
        throw new Error(
          `${CHROMIUM_PATH} is missing, so the browser suite "${name}" cannot run; ` +
            "install it with: apt-get update && apt-get install -y chromium",
        );
      });
    });
    return;
  }
  // `npm test` never gets here (its pretest, scripts/test-prerequisites.sh, installs Chromium or
  // stops): only a direct `vitest run` on a machine without it does.
  process.stderr.write(
    `\n[kern] SKIPPED browser suite "${name}": ${CHROMIUM_PATH} is missing. ` +
      "Install it with: apt-get update && apt-get install -y chromium\n\n",
  );
  describe.skip(name, body);
}

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium with a fresh --user-data-dir (playwright sets it from the first argument). */
export async function launchBrowser(): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), "kern-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 820 },
    colorScheme: "light",
    locale: "en-US",
    timezoneId: "UTC",
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface WebHarness {
  server: WebServer;
  url: string;
  /** Replaces the server with a new one on the same port, as a daemon restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the page into a temp folder and serves it over `runtime` on 127.0.0.1, port 0;
 * `extra.jobs` mounts the jobs plugin's routes over a fake of its jobs on the fake runtime.
 */
export async function startWebHarness(
  runtime: RuntimeApi & { registries: PluginRegistries },
  extra: { jobs?: JobsApi } = {},
): Promise<WebHarness> {
  if (extra.jobs) runtime.registries.addRoutes("jobs", "", jobsRoutes(extra.jobs));
  const staticDir = mkdtempSync(join(tmpdir(), "kern-web-"));
  await buildWeb({ outDir: staticDir, minify: false });
  const create = () =>
    createWebServer({
      runtime,
      logger: createSilentLogger(),
      authToken: BROWSER_TOKEN,
      staticDir,
    });
  let server = create();
  const { url, port } = await server.listen({ host: "127.0.0.1", port: 0 });
  return {
    get server() {
      return server;
    },
    url,
    async restart() {
      await server.close();
      server = create();
      await server.listen({ host: "127.0.0.1", port });
    },
    async close() {
      await server.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** Opens the page and logs in through the form, as a person would; a real daemon has its token. */
export async function logInThroughForm(
  page: Page,
  url: string,
  token = BROWSER_TOKEN,
): Promise<void> {
  await page.goto(url);
  await page.locator("input[name=token]").fill(token);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.locator(".app-header").waitFor();
}

/**
 * Saves a screenshot to test-output/screenshots/<name>.png (gitignored). `fullPage`: all of the
 * page view, which scrolls inside the app (not the document), so the window is made as tall as
 * its content for the shot and given its size back after.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  const viewport = page.viewportSize();
  const hidden = options.fullPage
    ? await page.evaluate(() => {
        const view = document.querySelector<HTMLElement>(".page-view:not([hidden])");
        return view ? view.scrollHeight - view.clientHeight : 0;
      })
    : 0;
  if (!viewport || hidden <= 0) {
    await page.screenshot({ path });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

/** Collects dialogs and Content-Security-Policy violations a page reports. */
export function watchPage(page: Page): {
  dialogs: string[];
  cspViolations: string[];
  errors: string[];
} {
  const record = { dialogs: [] as string[], cspViolations: [] as string[], errors: [] as string[] };
  page.on("dialog", (dialog) => {
    record.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy"))
      record.cspViolations.push(message.text());
  });
  page.on("pageerror", (error) => record.errors.push(error.message));
  return record;
}
