// Roles and approvals on Discord (SPEC §16), as Telegram has them: a member's bash waits for the
// operator; the operator's DM gets the call with Approve / Deny buttons; a member's press decides
// nothing, the operator's runs the call, and the request message then says how it ended, without
// buttons. A member's operator-only command gets one line and runs nothing. Real daemon,
// unmodified discord.js, the fake Discord (test/fakes/fake-discord.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeDiscord, startFakeDiscord } from "../fakes/fake-discord.js";
import {
  answerBackgroundCalls,
  startTestDaemon,
  type TestDaemon,
  waitUntil,
  waitUntilAsync,
} from "../support/test-daemon.js";

const OLGA = { id: "100000000000000051", name: "Olga" };
const MAX = { id: "100000000000000052", name: "Max" };
const CODE = /KERN-[A-Z0-9]{4}/;
const sends = (dm: string) => new RegExp(`/channels/${dm}/messages$`);

describe("Discord roles and approvals", () => {
  let discord: FakeDiscord;
  let harness: TestDaemon;
  const dms = new Map<string, string>();

  async function pair(user: { id: string; name: string }): Promise<void> {
    const dm = discord.userSaysDm(user, "hello");
    dms.set(user.id, dm);
    const reply = await discord.waitForCall("POST", sends(dm), (call) =>
      CODE.test(call.content ?? ""),
    );
    await harness.client.pairingApprove(CODE.exec(reply.content ?? "")?.[0] ?? "");
  }

  beforeEach(async () => {
    discord = await startFakeDiscord();
    harness = await startTestDaemon({
      env: { DISCORD_BOT_TOKEN: discord.token },
      config: { pluginConfig: { discord: { apiRoot: discord.apiRoot, editIntervalMs: 200 } } },
    });
    answerBackgroundCalls(harness.llm, "- We talked.");
    await discord.connected();
    await pair(OLGA);
    await pair(MAX);
    await harness.client.pairingRole("discord", OLGA.id, "operator");
  });

  afterEach(async () => {
    await harness.close();
    await discord.close();
  });

  it("asks the operator's DM with buttons, and only the operator's press decides", async () => {
    const olgaDm = dms.get(OLGA.id) ?? "";
    const maxDm = dms.get(MAX.id) ?? "";
    harness.llm.replyToolCall("bash", { command: "echo approved > pressed.txt" });
    harness.llm.reply("I asked the operator for that.");
    discord.userSaysDm(MAX, "please write pressed.txt");
    const [approval] = await waitUntilAsync(async () => {
      const pending = (await harness.client.approvals()).filter((a) => a.state === "pending");
      return pending.length > 0 ? pending : undefined;
    }, "a parked call");
    if (!approval) throw new Error("no approval");
    const asked = await discord.waitForCall("POST", sends(olgaDm), (call) =>
      (call.content ?? "").includes(approval.id),
    );
    const buttons = JSON.stringify(asked.body["components"]);
    expect(buttons).toContain(`kern:approve:${approval.id}`);
    expect(buttons).toContain(`kern:deny:${approval.id}`);
    expect(JSON.stringify(discord.sent("POST", sends(maxDm)))).not.toContain("kern:approve");
    // A member's press decides nothing; the presser is answered.
    const pressData = `kern:approve:${approval.id}`;
    discord.userPresses(MAX, olgaDm, asked.messageId ?? "", pressData);
    const refused = await discord.waitForCall("POST", /\/interactions\/\d+\/[^/]+\/callback$/);
    expect(JSON.stringify(refused.body)).toContain("Only the operator decides approvals.");
    expect((await harness.client.approvals())[0]?.state).toBe("pending");
    harness.llm.reply("Written.");
    discord.userPresses(OLGA, olgaDm, asked.messageId ?? "", pressData);
    await waitUntil(() => existsSync(join(harness.agentDir, "pressed.txt")), "the approved call");
    const decided = (await harness.client.approvals()).find((a) => a.id === approval.id);
    expect(decided).toMatchObject({ state: "approved", decidedBy: `operator discord:${OLGA.id}` });
    const outcome = await discord.waitForCall(
      "PATCH",
      new RegExp(`/channels/${olgaDm}/messages/${asked.messageId}$`),
      (call) => (call.content ?? "").includes("approved"),
    );
    expect(outcome.body["components"]).toEqual([]);
  });

  it("answers a member's operator-only command with one line, and runs nothing", async () => {
    const maxDm = dms.get(MAX.id) ?? "";
    const before = harness.llm.requests.length;
    discord.userSaysDm(MAX, "/restart");
    const answer = await discord.waitForCall("POST", sends(maxDm), (call) =>
      (call.content ?? "").includes("restart"),
    );
    expect(answer.content).toMatch(/operator/i);
    expect(harness.llm.requests.length).toBe(before);
  });
});
