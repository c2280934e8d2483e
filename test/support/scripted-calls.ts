// Lets a test drive tool calls through the fake model by message text: a user message ending in
// `CALL {"name": …, "args": …}` gets that tool call, and the turn ends with "done." once its
// result is in. Every other turn request is answered "noted.".
import type { FakeLlm } from "../fakes/fake-llm-server.js";
import { isBackgroundRequest, lastUserText } from "./test-daemon.js";

export function scriptCallsByText(llm: FakeLlm): void {
  llm.when(
    (request) => !isBackgroundRequest(request),
    (request) => {
      const text = lastUserText(request);
      const at = text.lastIndexOf("CALL {");
      if (at < 0) return "noted.";
      if (request.messages.at(-1)?.role === "tool") return "done.";
      const call = JSON.parse(text.slice(at + 5)) as { name: string; args: unknown };
      return { kind: "tool-calls", calls: [{ name: call.name, args: call.args }] };
    },
  );
}

/** The message that makes the fake model call `name` with `args` (scriptCallsByText). */
export function callText(name: string, args: unknown): string {
  return `CALL ${JSON.stringify({ name, args })}`;
}
