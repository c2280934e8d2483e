// Starts the terminal chat and resolves when the user quits with Ctrl-C. The daemon keeps running:
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
}

export async function renderTui(options: RenderTuiOptions): Promise<void> {
  const instance = render(
    <App
      client={options.client}
      agentName={options.agentName}
      reconnectDelayMs={options.reconnectDelayMs}
    />,
    {
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.stdout ? { stdout: options.stdout } : {}),
      exitOnCtrlC: true,
    },
  );
  await instance.waitUntilExit();
}
