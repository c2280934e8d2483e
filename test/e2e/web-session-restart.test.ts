// Issue 14, Must show 2: a browser logged in to the web UI stays logged in across `kern restart`
// (sessions are kept in .kern/web-sessions.json), and logging out still ends the session.
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readEnvFile } from "../../src/config/index.js";
import {
  type BrowserSession,
  describeInBrowser,
  launchBrowser,
  logInThroughForm,
} from "../support/browser.js";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";

async function statusOf(dir: string): Promise<{ url: string; pid: number }> {
  const status = await kernProcess(["status", dir, "--json"]);
  return JSON.parse(status.stdout) as { url: string; pid: number };
}

describeInBrowser("web sessions across a daemon restart", () => {
  const agent = useProcessAgent("kern-web-session-");
  let browser: BrowserSession;

  beforeAll(async () => {
    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("log in, kern restart, reload: still logged in; log out: the form again", async () => {
    const before = await statusOf(agent.dir);
    const token = (await readEnvFile(join(agent.dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    const page = await browser.context.newPage();
    await logInThroughForm(page, before.url, token);

    const restarted = await kernProcess(["restart", agent.dir]);
    expect(restarted.code, restarted.stderr).toBe(0);
    const after = await statusOf(agent.dir);
    expect(after.pid).not.toBe(before.pid);
    expect(after.url).toBe(before.url); // the port is kept, so the cookie still applies

    await page.reload();
    await page.locator(".app-header").waitFor({ timeout: 15_000 });
    expect(await page.locator("input[name=token]").count()).toBe(0);
    const api = await page.evaluate(async () => (await fetch("/status")).status);
    expect(api).toBe(200);

    const loggedOut = await page.evaluate(
      async () => (await fetch("/logout", { method: "POST" })).status,
    );
    expect(loggedOut).toBe(200);
    await page.reload();
    await page.locator("input[name=token]").waitFor({ timeout: 15_000 });
  }, 90_000);
});
