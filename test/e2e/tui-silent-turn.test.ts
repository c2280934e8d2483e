// Issue 48 item 2, Must show 1 (the TUI's part): the real `kern tui` in tmux against a real
// daemon with the fake model; a job run the model answers `NO_REPLY` shows as one line, not its
// prompt plus a NO_REPLY reply.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";
import { lastLine, startTmux, type TmuxSession } from "../support/tmux.js";

const PROMPT = "Check that last night's backup archive exists";

describe("kern tui in tmux: a silent job turn", () => {
  const agent = useProcessAgent("kern-tui-silent-");
  let tui: TmuxSession;

  beforeAll(async () => {
    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
    tui = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], { env: { NO_COLOR: "1" } });
    await tui.waitFor((lines) => lastLine(lines).startsWith("❯"));
    await tui.waitFor((lines) => lines.some((line) => line.includes("connected")));
  }, 60_000);

  afterAll(async () => {
    await tui?.close();
    await kernProcess(["stop", agent.dir]);
  });

  it("shows a job run answered NO_REPLY as one line", async () => {
    const add = await kernProcess([
      "jobs",
      "add",
      "backups",
      "--in",
      "1h",
      "--prompt",
      PROMPT,
      agent.dir,
    ]);
    expect(add.code, add.stderr).toBe(0);
    const before = turnRequests(agent.llm).length;
    agent.llm.reply("NO_REPLY");
    const run = await kernProcess(["jobs", "run", "backups", agent.dir]);
    expect(run.code, run.stderr).toBe(0);
    const screen = await tui.waitFor((lines) =>
      lines.some((line) => line.includes("· job backups: nothing to report (NO_REPLY)")),
    );
    expect(turnRequests(agent.llm).length).toBe(before + 1);
    const text = screen.join("\n");
    expect(text).not.toContain(PROMPT);
    expect(text.match(/NO_REPLY/g)).toHaveLength(1);
  }, 60_000);

  it("shows it as one line again from the daemon's history in a new kern tui", async () => {
    const again = await startTmux([KERN_NODE, KERN_MAIN, "tui", agent.dir], {
      env: { NO_COLOR: "1" },
    });
    try {
      const screen = await again.waitFor((lines) =>
        lines.some((line) => line.includes("· job backups: nothing to report (NO_REPLY)")),
      );
      const text = screen.join("\n");
      expect(text).not.toContain(PROMPT);
      expect(text.match(/NO_REPLY/g)).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 60_000);
});
