// Where a heartbeat's finding goes (docs/jobs.md "Where a finding goes"): config `heartbeatTo`
// (a route as a job's `--to` writes it), else the operator's chat that spoke last, else a paired
// operator's chat, else the session only. A `NO_REPLY` beat goes nowhere whatever the route (the
// channel holds the silent reply back). A route nobody paired is never used: the session is.
import type { ReplyRoute } from "../../kernel/index.js";

/** A paired user as the route needs them (the pairing store's shape). */
export interface PairedChat {
  channel: string;
  chatId: string;
  userId: string;
  role: string;
  pairedAt: string;
}

export interface HeartbeatRouteInput {
  /** Config `heartbeatTo`: null = the default. */
  configured: string | null;
  /** The registered channels. */
  channels: readonly string[];
  paired: readonly PairedChat[];
  /** The chat of the newest operator message from a channel, when one came since the start. */
  lastOperatorChat: ReplyRoute | null;
}

/** The heartbeat's reply route, or null for the session only. Pure. */
export function heartbeatRoute(input: HeartbeatRouteInput): ReplyRoute | null {
  if (input.configured !== null) return configuredRoute(input);
  const operators = input.paired.filter(
    (user) => user.role === "operator" && input.channels.includes(user.channel),
  );
  const last = input.lastOperatorChat;
  if (last && operators.some((user) => user.channel === last.channel && user.chatId === last.chat))
    return last;
  const newest = [...operators].sort((a, b) => b.pairedAt.localeCompare(a.pairedAt))[0];
  return newest ? { channel: newest.channel, chat: newest.chatId, user: newest.userId } : null;
}

function configuredRoute(input: HeartbeatRouteInput): ReplyRoute | null {
  const text = (input.configured ?? "").trim();
  const [channel, chat] = text.split(":", 2);
  if (!channel || text === "session" || !chat) return null; // web, tui: they see the session
  const paired = input.paired.some((user) => user.channel === channel && user.chatId === chat);
  return paired && input.channels.includes(channel) ? { channel, chat } : null;
}
