// Who may do what (issue 46, SPEC §16), against a real daemon process, the fake Bot API and two
// paired users: Olga, promoted to operator, and Max, a member. Every command of §16 from Max is
// refused with one line and changes nothing (the job survives `/jobs rm`, the daemon's pid
// survives `/restart`, `/recall` shows no history); the same commands from Olga work. Then
// `kern pair --revoke` unpairs Max: his next message reaches no model and gets a pairing code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { kernProcess } from "../support/kern-process.js";
import { type LiveDaemon, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests, waitUntil, waitUntilAsync } from "../support/test-daemon.js";

const OLGA = 11;
const MAX = 77;
const CODE = /KERN-[A-Z0-9]{4}/;
const REFUSED = /is the operator's command/;
/** The commands of SPEC §16 that are the operator's, with an argument where they take one. */
const OPERATOR_COMMANDS = [
  "/jobs rm attime",
  "/recall spare key",
  "/context",
  "/segments",
  "/mcp",
  "/skills",
  "/ps stop p-abcdef",
  "/subagents cancel s-abcdef",
  "/approve a-abcdef",
  "/deny a-abcdef",
  "/new",
  "/restart",
];

describe("a member and the operator on Telegram", () => {
  const agent = useProcessAgent("kern-roles-");
  let telegram: FakeTelegram;
  let live: LiveDaemon;
  let env: Record<string, string>;

  /** The bot's messages to a chat so far. */
  const sentTo = (chatId: number) =>
    telegram.sent("sendMessage").filter((call) => call.chatId === chatId && call.ok);

  /**
   * Sends `text` as the user and resolves with what the bot sent that chat in answer: every new
   * message (a long answer may be split), once none came for 400 ms.
   */
  async function say(chatId: number, text: string): Promise<string> {
    const before = sentTo(chatId).length;
    telegram.userSays({ chatId, text, firstName: chatId === OLGA ? "Olga" : "Max" });
    await waitUntil(() => sentTo(chatId).length > before, `an answer to ${text}`, 20_000);
    let count = sentTo(chatId).length;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (sentTo(chatId).length === count) break;
      count = sentTo(chatId).length;
    }
    return sentTo(chatId)
      .slice(before)
      .map((call) => call.text ?? "")
      .join("\n");
  }

  async function pair(chatId: number): Promise<void> {
    const code = CODE.exec(await say(chatId, "hello"))?.[0] ?? "";
    const paired = await kernProcess(["pair", code, agent.dir]);
    expect(paired.code, paired.stderr).toBe(0);
    await waitUntil(
      () => telegram.messages(chatId).some((text) => text.startsWith("You're approved")),
      "the approval notice",
    );
  }

  async function jobNames(): Promise<string[]> {
    const listed = await kernProcess(["jobs", "list", agent.dir, "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const overview = JSON.parse(listed.stdout) as { jobs: Array<{ name: string }> };
    return overview.jobs.map((job) => job.name);
  }

  async function daemonPid(): Promise<number | null> {
    const status = await kernProcess(["status", agent.dir, "--json"]);
    return (JSON.parse(status.stdout) as { pid?: number }).pid ?? null;
  }

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    env = { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot };
    live = await startLiveDaemon(agent.dir, env);
    await pair(OLGA);
    await pair(MAX);
    const promoted = await kernProcess(["pair", "--operator", `telegram:${OLGA}`, agent.dir]);
    expect(promoted.code, promoted.stderr).toBe(0);
    agent.llm.reply("Noted: the spare key is under the blue flowerpot.");
    expect(await say(OLGA, "My spare key is under the blue flowerpot.")).toContain("Noted");
    const added = await kernProcess([
      ...["jobs", "add", "attime", "--in", "1h", "--prompt", "ping the backups", agent.dir],
    ]);
    expect(added.code, added.stderr).toBe(0);
  }, 90_000);

  afterAll(async () => {
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
  }, 60_000);

  it("refuses every operator command from the member and changes nothing", async () => {
    const requests = turnRequests(agent.llm).length;
    const session = (await live.client.status()).session.id;
    for (const command of OPERATOR_COMMANDS) {
      const reply = await say(MAX, command);
      expect(reply, command).toMatch(REFUSED);
      expect(reply, command).not.toContain("flowerpot");
    }
    expect(await jobNames()).toContain("attime");
    expect(await daemonPid()).toBe(live.pid);
    expect((await live.client.status()).session.id).toBe(session);
    expect(turnRequests(agent.llm)).toHaveLength(requests);
    const help = await say(MAX, "/help");
    expect(help).toContain("/status");
    for (const command of ["/restart", "/recall", "/jobs", "/context", "/new"])
      expect(help).not.toContain(command);
  }, 120_000);

  it("lets the member cancel only a turn of their own", async () => {
    expect(await say(MAX, "/cancel")).toContain("no turn of yours is running");
  });

  it("answers the same commands from the operator", async () => {
    expect(await say(OLGA, "/recall spare key")).toContain("flowerpot");
    expect(await say(OLGA, "/help")).toContain("/restart");
    await say(OLGA, "/jobs rm attime");
    expect(await jobNames()).not.toContain("attime");
    await say(OLGA, "/restart");
    const before = live.pid;
    await waitUntilAsync(
      async () => {
        const pid = await daemonPid().catch(() => null);
        return pid !== null && pid !== before;
      },
      "the restarted daemon",
      45_000,
    );
    live = await startLiveDaemon(agent.dir, env);
  }, 90_000);

  it("unpairs with kern pair --revoke: the next message reaches no model and gets a code", async () => {
    const revoked = await kernProcess(["pair", "--revoke", `telegram:${MAX}`, agent.dir]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain("unpaired");
    const requests = turnRequests(agent.llm).length;
    const reply = await say(MAX, "what is my spare key's hiding place?");
    expect(reply).toMatch(CODE);
    expect(reply).toContain("shares its memory");
    expect(turnRequests(agent.llm)).toHaveLength(requests);
    const listed = JSON.parse((await kernProcess(["pair", agent.dir, "--json"])).stdout) as {
      paired: Array<{ userId: string; role: string }>;
    };
    expect(listed.paired).toEqual([
      expect.objectContaining({ userId: String(OLGA), role: "operator" }),
    ]);
  }, 60_000);
});
