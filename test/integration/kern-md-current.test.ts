// Issue 48 item 9: templates/KERN.md, in every prompt, names the tools a turn really has and the
// chat commands kern really answers — read from a running daemon (the tools of the model request,
// the commands /help lists), so a tool or command added, renamed or removed fails here until
// KERN.md says so.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { packageFile } from "../../src/kernel/index.js";
import { startTestDaemon, type TestDaemon, turnRequests } from "../support/test-daemon.js";

/** The text of KERN.md's `## TITLE` section. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`KERN.md has no "## ${title}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

/** The tools of a chat request, as the OpenAI wire format sends them. */
const toolSchema = z.array(z.object({ function: z.object({ name: z.string() }) }));

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("templates/KERN.md", () => {
  const kernMd = readFileSync(packageFile("templates/KERN.md"), "utf8");
  let daemon: TestDaemon;
  let tools: string[];
  let commands: string[];

  beforeAll(async () => {
    daemon = await startTestDaemon();
    daemon.llm.reply("ok");
    const turn = await daemon.client.sendMessage({ text: "hello", interface: "web" });
    await daemon.turnEvents(turn.turnId);
    const request = turnRequests(daemon.llm)[0];
    tools = toolSchema.parse(request?.tools ?? []).map((tool) => tool.function.name);
    const help = await daemon.client.sendMessage({ text: "/help", interface: "web" });
    const events = await daemon.turnEvents(help.turnId);
    const end = events.find((event) => event.type === "turn-end");
    const text = end?.type === "turn-end" ? end.text : "";
    commands = [...text.matchAll(/^\s+\/([a-z]+)/gm)].map((match) => String(match[1]));
  }, 60_000);

  afterAll(async () => {
    await daemon?.close();
  });

  it("names every tool a turn has, and no other", () => {
    expect(tools.length).toBeGreaterThan(10); // the request was read
    // Tool names are lower-case words in backticks; `SERVER__TOOL` and `background: true` are not.
    const named = [...section(kernMd, "Tools").matchAll(/`([a-z]+)`/g)].map((m) => String(m[1]));
    expect(sorted(named)).toEqual(sorted(tools));
  });

  it("names every chat command kern answers, and no other", () => {
    expect(commands).toContain("help"); // /help was read
    const named = [...section(kernMd, "Chat commands").matchAll(/`\/([a-z]+)/g)].map((m) =>
      String(m[1]),
    );
    expect(sorted(named)).toEqual(sorted(commands));
  });

  it("explains kern's own envelopes and NO_REPLY", () => {
    const envelopes = section(kernMd, "Envelopes");
    for (const source of ["job", "heartbeat", "subagent", "process"]) {
      expect(envelopes).toContain(`[via ${source}`);
    }
    expect(envelopes).toContain("`NO_REPLY`");
  });
});
