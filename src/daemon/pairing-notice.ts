// A chat-channel user approved through the daemon (the web Pairing page, `kern pair`, `/pair` in the
// TUI) hears about it at once, instead of guessing when to write again (issue 14).
import type { PairedUser, PairingApi } from "../runtime/index.js";

/** `pairing` whose approve() also calls `onApproved` (not awaited: a failed notice is logged). */
export function withApprovalNotice(
  pairing: PairingApi,
  onApproved: (user: PairedUser) => void,
): PairingApi {
  return {
    isPaired: (channel, userId) => pairing.isPaired(channel, userId),
    request: (user) => pairing.request(user),
    list: () => pairing.list(),
    async approve(code) {
      const user = await pairing.approve(code);
      onApproved(user);
      return user;
    },
  };
}
