// Starts the terminal chat and resolves when the user quits (Ctrl-C or /exit). The daemon keeps running:
// the TUI is only a client of its API. The caller checks that stdin is a TTY (ink needs raw mode).
import { render } from "ink";
import type { DaemonClient } from "../../client/index.js";
import { App } from "./App.js";

export interface RenderTuiOptions {
  client: DaemonClient;
  agentName: string;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  reconnectDelayMs?: number;
  /** The agent's input history file; see line-history.ts. */
  historyFile?: string | null;
}

// Bracketed paste: the terminal marks pasted text, so its line breaks stay text, not Enter.
const PASTE_ON = "\x1b[?2004h";
const PASTE_OFF = "\x1b[?2004l";

export async function renderTui(options: RenderTuiOptions): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  if (stdout.isTTY) stdout.write(PASTE_ON);
  const instance = render(
    <App
      client={options.client}
      agentName={options.agentName}
      reconnectDelayMs={options.reconnectDelayMs}
      historyFile={options.historyFile ?? null}
    />,
    {
      ...(options.stdin ? { stdin: options.stdin } : {}),
      stdout,
      // The App decides: Ctrl-C clears the line, asks while a turn runs, else quits.
      exitOnCtrlC: false,
    },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    if (stdout.isTTY) stdout.write(PASTE_OFF);
  }
}
