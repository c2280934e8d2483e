// A job or heartbeat turn that answered exactly `NO_REPLY` is one collapsed line: at the default
// heartbeat interval there are 48 a day, and each would otherwise be a tall prompt bubble and a
// `NO_REPLY` card (issue 48 item 2). Expanding it shows the prompt.
import { h } from "../dom.js";
import { formatTime } from "../format.js";

export function silentTurnElement(source: string, prompt: string, ts?: string): HTMLElement {
  return h(
    "details",
    { class: "silent-turn" },
    h(
      "summary",
      null,
      `· ${source}: nothing to report (NO_REPLY)`,
      ts ? h("time", { datetime: ts }, formatTime(ts)) : null,
    ),
    h("p", { class: "plain silent-prompt" }, prompt),
  );
}
