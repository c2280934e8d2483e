// What every chat-platform plugin does around its bot the same way: tell a user approved through
// the daemon (the web, `kern pair`, the TUI) at once, in their chat; and stand in as a channel
// that is off when the platform's token is missing, saying how to turn it on.
import { KernError, type RuntimeEvent } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { Channel } from "./channel.js";
import { approvedReply } from "./channel-texts.js";

/** The part of a plugin's host this needs. */
export interface PairingConfirmHost {
  subscribe(listener: (event: RuntimeEvent) => void): () => void;
  readonly log: Logger;
}

/** Sends the approval line to each user of `channel` the moment they are approved. */
export function confirmPairings(host: PairingConfirmHost, channel: Channel): void {
  host.subscribe((event) => {
    if (event.type !== "pairing-update" || event.change !== "approved") return;
    if (event.user.channel !== channel.id) return;
    channel
      .send({
        chat: event.user.chatId,
        user: event.user.userId,
        text: approvedReply(event.user.name),
      })
      .catch((error: unknown) => host.log.warn({ err: error }, "could not confirm a pairing"));
  });
}

/** A platform without its token: listed in status as off; a send says how to turn it on. */
export function offChannel(id: string, label: string, tokenVariable: string): Channel {
  return {
    id,
    status: () => ({ enabled: false, detail: `set ${tokenVariable} in .kern/.env` }),
    send: async () => {
      throw new KernError(
        "KERN_TOOL_FAILED",
        `${label} is off; set ${tokenVariable} in .kern/.env and run 'kern restart'`,
      );
    },
  };
}
