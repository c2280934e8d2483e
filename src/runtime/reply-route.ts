// Where the reply to work a turn started goes (a sub-agent's result, a background command's end):
// the turn's own reply route, or back to the channel and chat its message came from.
import type { ReplyRoute } from "../kernel/index.js";

/** Where a turn's replies go: back to the channel (and chat) its message came from. */
export function routeOf(envelope: {
  interface: string;
  channel?: string;
  user?: string;
  replyTo?: ReplyRoute | undefined;
}): ReplyRoute {
  if (envelope.replyTo) return envelope.replyTo;
  return {
    channel: envelope.interface,
    ...(envelope.channel ? { chat: envelope.channel } : {}),
    ...(envelope.user ? { user: envelope.user } : {}),
  };
}
