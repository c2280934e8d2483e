// A fake OpenAI-compatible endpoint for manual runs (docs/manual-checks.md): every chat request gets
// a short Markdown reply echoing the user's last message; the memory worker's own calls (summaries,
// the working-memory keeper) get answers of their own. Serves until Ctrl-C.
//   node_modules/.bin/tsx scripts/fake-llm.ts [--port 4310]
import { parseArgs } from "node:util";
import { type FakeChatRequest, startFakeLlm } from "../test/fakes/fake-llm-server.js";

const { values } = parseArgs({ options: { port: { type: "string", default: "0" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port ${values.port}: expected a port number between 0 and 65535`);
  process.exit(2);
}

/** Every background system prompt opens with this (SUMMARIZER_MARKER, the keeper's marker). */
const BACKGROUND = "You are kern's ";

function systemText(request: FakeChatRequest): string {
  const first = request.messages[0];
  return first?.role === "system" ? String(first.content ?? "") : "";
}

/** The user's last message without kern's `[via tui, …]` envelope line. */
function lastUserText(request: FakeChatRequest): string {
  const last = request.messages.filter((message) => message.role === "user").at(-1);
  return String(last?.content ?? "").replace(/^\[via [^\]\n]*\]\n/, "");
}

const llm = await startFakeLlm({ port });
let turns = 0;
llm.when(
  (request) => systemText(request).startsWith(BACKGROUND),
  (request) =>
    systemText(request).includes("working-memory keeper")
      ? '{"task": null, "decisions": [], "files": [], "context": [], "preferences": []}'
      : "<summary>\n- I chatted with the user through the fake LLM.\n</summary>",
);
llm.when(
  () => true,
  (request) => {
    turns += 1;
    const said = lastUserText(request);
    console.log(`[fake-llm] turn ${turns}: ${JSON.stringify(said)}`);
    return `You said: **${said}**\n\n- reply number ${turns}\n- from the *fake* LLM`;
  },
);
console.log(`fake LLM listening; base URL: ${llm.baseUrl}`);
console.log(
  `use it: kern init DIR --provider openai-compatible --model fake --base-url ${llm.baseUrl}`,
);

const shutdown = () => {
  llm.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
