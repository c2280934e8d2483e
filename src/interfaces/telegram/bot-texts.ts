// What the bot itself says (as opposed to the agent): pairing instructions, greetings, the short
// error reply, and the command menu. Pure. Texts are plain; callers escape them for HTML.
import type { ChatCommand } from "../../kernel/index.js";

/** Longest error text a user sees; details stay in the log. */
const MAX_ERROR_TEXT = 300;

/** The reply to someone who is not paired yet. Nothing they write reaches the agent. */
export function pairingReply(options: { name: string; code: string; isStart: boolean }): string {
  const hello = options.isStart ? `Hi ${options.name}! ` : "";
  return [
    `${hello}I only talk to people my operator has approved.`,
    `Your pairing code: ${options.code}`,
    `Ask the operator to approve it: kern pair ${options.code} in a terminal,`,
    `/pair ${options.code} in kern tui, or the Pairing page of the web UI.`,
    "I'll tell you here as soon as you're approved.",
  ].join("\n");
}

/** Sent to a user the moment the operator approved their code. */
export function approvedReply(name: string): string {
  return `You're approved, ${name}! Write to me any time; /help lists the chat commands.`;
}

/** The reply to /start from someone already paired. */
export function greetingReply(name: string): string {
  return `Hi ${name}! We're paired: just write, and /help lists the chat commands.`;
}

/** A short reply for a turn that ended in an error. */
export function errorReply(error: { code: string; message: string } | undefined): string {
  if (!error) return "⚠️ Sorry, that failed. The details are in the agent's log (kern logs).";
  const message =
    error.message.length > MAX_ERROR_TEXT
      ? `${error.message.slice(0, MAX_ERROR_TEXT)}…`
      : error.message;
  return `⚠️ Sorry, that failed (${error.code}): ${message}`;
}

const COMMAND_DESCRIPTIONS: Record<ChatCommand, string> = {
  status: "Agent, model, session and memory status",
  context: "What the model sees: the prompt's token breakdown",
  segments: "The memory's segment tree",
  recall: "Search everything ever said: /recall words",
  new: "Start a new session",
  help: "List the chat commands",
  restart: "Restart the agent",
  cancel: "Cancel the running turn",
  jobs: "Scheduled jobs: next and last runs",
  mcp: "MCP servers and their tools",
  skills: "The agent's skills",
  subagents: "Running sub-agents",
  ps: "Background commands",
};

/** The command menu registered with `setMyCommands` at start. */
export const BOT_COMMANDS: ReadonlyArray<{ command: string; description: string }> = [
  { command: "start", description: "Say hello (and get a pairing code)" },
  ...Object.entries(COMMAND_DESCRIPTIONS).map(([command, description]) => ({
    command,
    description,
  })),
];
