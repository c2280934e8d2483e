// Drives a real terminal program in tmux for e2e tests: a private tmux server (its own socket,
// so no one else's sessions are touched), keys sent as a person types them, and the screen read
// back with capture-pane.
import { execFile } from "node:child_process";

export interface TmuxSession {
  /** Types text literally (no key names). */
  type(text: string): Promise<void>;
  /** Sends named keys: Enter, Left, Up, Tab, C-c… */
  keys(...names: string[]): Promise<void>;
  /** Pastes text the way a terminal does (bracketed when the program asked for it). */
  paste(text: string): Promise<void>;
  /**
   * Writes keystrokes to the program in one write, unbracketed — as they arrive over ssh or on a
   * busy machine (`/sta` and Tab in one read).
   */
  burst(text: string): Promise<void>;
  /** The visible screen, lines without trailing blanks. */
  screen(): Promise<string[]>;
  /** The scrollback and the screen, oldest line first. */
  history(): Promise<string[]>;
  /** Waits until `predicate` holds for the screen; fails with the last screen after `ms`. */
  waitFor(predicate: (lines: string[]) => boolean, ms?: number): Promise<string[]>;
  close(): Promise<void>;
}

function tmux(socket: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("tmux", ["-L", socket, ...args], { env, timeout: 10_000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** Starts `command` (argv) in a detached tmux session of `width`×`height`. */
export async function startTmux(
  command: string[],
  options: { env?: Record<string, string>; width?: number; height?: number } = {},
): Promise<TmuxSession> {
  const socket = `kern-test-${process.pid}-${Date.now()}`;
  // A terminal session, not CI: ink draws nothing until exit when it sees CI=true (is-in-ci), and
  // CI runners set it for the whole job.
  const { CI: _ci, CONTINUOUS_INTEGRATION: _continuous, ...inherited } = process.env;
  const env = { ...inherited, ...options.env };
  const size = ["-x", String(options.width ?? 100), "-y", String(options.height ?? 30)];
  await tmux(socket, ["-f", "/dev/null", "new-session", "-d", "-s", "t", ...size, ...command], env);
  const target = ["-t", "t"];
  const screen = async () =>
    (await tmux(socket, ["capture-pane", "-p", ...target])).split("\n").map((l) => l.trimEnd());
  return {
    type: async (text) => void (await tmux(socket, ["send-keys", ...target, "-l", text])),
    keys: async (...names) => void (await tmux(socket, ["send-keys", ...target, ...names])),
    async paste(text) {
      await tmux(socket, ["set-buffer", "-b", "p", text]);
      await tmux(socket, ["paste-buffer", "-p", "-d", "-b", "p", ...target]);
    },
    async burst(text) {
      await tmux(socket, ["set-buffer", "-b", "k", text]);
      await tmux(socket, ["paste-buffer", "-d", "-b", "k", ...target]);
    },
    screen,
    async history() {
      const all = await tmux(socket, ["capture-pane", "-p", "-S", "-", ...target]);
      return all.split("\n").map((line) => line.trimEnd());
    },
    async waitFor(predicate, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const lines = await screen();
        if (predicate(lines)) return lines;
        if (Date.now() > deadline) throw new Error(`screen never matched:\n${lines.join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await tmux(socket, ["kill-server"]).catch(() => undefined);
    },
  };
}

/** The last non-blank line: in the TUI, the input line (or what is drawn under it). */
export function lastLine(lines: string[]): string {
  return lines.filter((line) => line.trim()).at(-1) ?? "";
}
