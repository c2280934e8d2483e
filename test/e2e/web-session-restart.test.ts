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

  it("log in with the code kern status prints, kern restart, reload: still logged in", async () => {
    const before = await statusOf(agent.dir);
    const printed = await kernProcess(["status", agent.dir]);
    const line = printed.stdout.split("\n").find((text) => text.startsWith("web UI:")) ?? "";
    expect(line.length).toBeLessThanOrEqual(80);
    const code = /log in with code ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(line)?.[1] ?? "";
    expect(line).toContain(before.url);
    expect(code, printed.stdout).not.toBe("");
    const page = await browser.context.newPage();
    await logInThroughForm(page, before.url, code);
    // A new agent's chat says it is empty, until the first message.
    await page.locator(".messages .empty").waitFor();
    await page.locator(".composer-input").fill("hello there");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".messages .empty").count()).toBe(0);
    // The code is spent: a second browser cannot use it.
    const reused = await page.evaluate(
      async (body) =>
        (
          await fetch("/login", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          })
        ).status,
      JSON.stringify({ token: code }),
    );
    expect(reused).toBe(401);

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
    // The token itself still logs in.
    const token = (await readEnvFile(join(agent.dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    await logInThroughForm(page, before.url, token);
  }, 90_000);
});
