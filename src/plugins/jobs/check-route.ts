// A job's reply route, checked when the job is made (SPEC §16 "Job routes"): the session, the
// web page, the terminal, or a chat of a registered channel that somebody paired. Anything else
// is refused at once with the list of valid routes, instead of a reply that reaches nobody. Pure.
import { KernError } from "../../kernel/index.js";
import type { JobRecord } from "../../store/index.js";

/** The routes that exist now: the channels registered, and the chats paired on them. */
export interface KnownRoutes {
  channels: readonly string[];
  paired: ReadonlyArray<{ channel: string; chatId: string; name: string }>;
}

/** Interfaces every daemon has: their turns are seen by whoever watches the session. */
const SESSION_ROUTES = ["web", "tui", "cli"];

export function checkRoute(route: JobRecord["to"], known: KnownRoutes): void {
  if (route === null || (SESSION_ROUTES.includes(route.channel) && !route.chat)) return;
  const chatOk =
    route.chat !== undefined &&
    known.channels.includes(route.channel) &&
    known.paired.some((user) => user.channel === route.channel && user.chatId === route.chat);
  if (chatOk) return;
  throw new KernError(
    "KERN_ROUTE_INVALID",
    `${refusal(route, known)}; valid: ${validRoutes(known)}`,
  );
}

function refusal(route: NonNullable<JobRecord["to"]>, known: KnownRoutes): string {
  const text = route.chat ? `${route.channel}:${route.chat}` : route.channel;
  if (!known.channels.includes(route.channel) && !SESSION_ROUTES.includes(route.channel))
    return `--to ${text}: there is no channel "${route.channel}"`;
  if (!route.chat) return `--to ${text}: name the chat, as ${route.channel}:CHAT_ID`;
  return `--to ${text}: nobody paired chat ${route.chat} on ${route.channel} ('kern pair' lists who is)`;
}

/** `session, web, tui, telegram:111 (Ann)`. */
function validRoutes(known: KnownRoutes): string {
  const chats = known.paired
    .filter((user) => known.channels.includes(user.channel))
    .map((user) => `${user.channel}:${user.chatId} (${user.name})`);
  return ["session", "web", "tui", ...chats].join(", ");
}
