// Outside plugins (issue 47 Must show 1, SPEC §17) against a real daemon process: the example
// plugin of examples/plugins/hello in a folder of the agent (`plugins: ["./plugins/hello"]`)
// registers a tool and a chat command — the model request offers its tool, a call returns its
// result, `/hello` answers on the web, on Telegram and in the real TUI (tmux) — while a second
// plugin whose setup throws is listed by `kern plugins list` with its error, and the daemon runs.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { type LiveDaemon, runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";
import { lastLine, startTmux } from "../support/tmux.js";

const ROOT = join(import.meta.dirname, "..", "..");
const ANN = 42;
const CODE = /KERN-[A-Z0-9]{4}/;

const BROKEN = `export default {
  name: "broken",
  setup() {
    throw new Error("broken on purpose: it wants a key nobody set");
  },
};
`;

describe("a plugin in a folder of the agent", () => {
  const agent = useProcessAgent("kern-plugins-", async (dir) => {
    cpSync(join(ROOT, "examples", "plugins", "hello"), join(dir, "plugins", "hello"), {
      recursive: true,
    });
    mkdirSync(join(dir, "plugins", "broken"), { recursive: true });
    writeFileSync(join(dir, "plugins", "broken", "index.js"), BROKEN);
    await updateConfigFile(dir, { plugins: ["./plugins/hello", "./plugins/broken"] });
  });
  let telegram: FakeTelegram;
  let live: LiveDaemon;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    const env = { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot };
    live = await startLiveDaemon(agent.dir, env);
  }, 60_000);

  afterAll(async () => {
    await kernProcess(["stop", agent.dir]);
    await telegram?.close();
  }, 60_000);

  it("lists both with kern plugins list: hello ready, broken with its error; the daemon runs", async () => {
    const listed = await kernProcess(["plugins", "list", agent.dir, "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const { running, plugins } = JSON.parse(listed.stdout) as {
      running: boolean;
      plugins: Array<{
        name: string;
        from: string;
        version: string | null;
        state: string;
        error: string | null;
      }>;
    };
    expect(running).toBe(true);
    expect(plugins).toContainEqual({
      name: "hello",
      from: "./plugins/hello",
      version: "1.0.0",
      state: "ready",
      error: null,
    });
    const broken = plugins.find((plugin) => plugin.name === "broken");
    expect(broken).toMatchObject({ state: "failed", from: "./plugins/broken" });
    expect(broken?.error).toContain("broken on purpose");
    expect(
      plugins.filter((plugin) => plugin.from === "kern").every((p) => p.state === "ready"),
    ).toBe(true);
    const text = await kernProcess(["plugins", "list", agent.dir]);
    expect(text.stdout).toMatch(/broken \(\.\/plugins\/broken\): failed — .*broken on purpose/);
    expect((await live.client.status()).plugins?.some((p) => p.name === "broken")).toBe(true);
  });

  it("offers its tool to the model, and a call returns its result", async () => {
    const before = turnRequests(agent.llm).length;
    agent.llm.replyToolCall("hello", { name: "Ann" });
    agent.llm.reply("I said hello.");
    const run = await runTurn(live.client, "say hello to Ann");
    const [first, second] = turnRequests(agent.llm).slice(before);
    expect(JSON.stringify(first?.tools ?? [])).toContain('"name":"hello"');
    const toolMessage = second?.messages.find((message) => message.role === "tool");
    expect(String(toolMessage?.content)).toBe("Hello, Ann!");
    const result = run.events.find((event) => event.type === "tool-result");
    expect(result).toMatchObject({ name: "hello", output: "Hello, Ann!", isError: false });
  }, 60_000);

  it("answers /hello on the web without the model", async () => {
    const before = turnRequests(agent.llm).length;
    const run = await runTurn(live.client, "/hello Bob");
    const answer = run.events.find((event) => event.type === "command-result");
    expect(answer).toMatchObject({ command: "hello" });
    expect(answer && "text" in answer ? answer.text : "").toContain("Hello, Bob!");
    expect(turnRequests(agent.llm)).toHaveLength(before);
    const commands = await live.client.commands();
    expect(commands.map((command) => command.name)).toContain("hello");
  }, 30_000);

  it("answers /hello on Telegram, listed in the bot's /help", async () => {
    telegram.userSays({ chatId: ANN, text: "hi", firstName: "Ann" });
    const code = await telegram.waitFor("sendMessage", (call) => CODE.test(call.text ?? ""));
    await live.client.pairingApprove(CODE.exec(code.text ?? "")?.[0] ?? "");
    const since = Date.now();
    telegram.userSays({ chatId: ANN, text: "/hello", firstName: "Ann" });
    const reply = await telegram.waitFor(
      "sendMessage",
      (call) =>
        call.chatId === ANN && call.at >= since && (call.text ?? "").includes("hello plugin"),
    );
    expect(reply.text).toContain("Hello, Ann!");
    const help = Date.now();
    telegram.userSays({ chatId: ANN, text: "/help", firstName: "Ann" });
    const listed = await telegram.waitFor(
      "sendMessage",
      (call) => call.chatId === ANN && call.at >= help && (call.text ?? "").includes("/status"),
    );
    expect(listed.text).toContain("/hello");
  }, 30_000);

  it("answers /hello in the real TUI (the daemon's command, not an unknown one)", async () => {
    const tui = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], {
      env: { NO_COLOR: "1" },
    });
    try {
      await tui.waitFor((lines) => lines.some((line) => line.includes("connected")));
      await tui.waitFor((lines) => lastLine(lines).startsWith("❯"));
      await tui.type("/hello TUI");
      await tui.keys("Enter");
      const answered = await tui.waitFor((lines) =>
        lines.some((line) => line.includes("Hello, TUI!")),
      );
      expect(answered.join("\n")).toContain("asked by the operator");
    } finally {
      await tui.close();
    }
  }, 60_000);
});
