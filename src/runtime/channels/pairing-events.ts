// Pairing as the runtime hands it out: every approval, revocation and role change is also a
// `pairing-update` event, so a channel can tell the person at once (a new member hears they are
// approved; the web's Pairing page refreshes) without the daemon naming any channel.
import type { PairedUser, RuntimeEvent } from "../../kernel/index.js";
import type { PairingApi } from "../runtime-api.js";

export function withPairingEvents(
  pairing: PairingApi,
  emit: (event: RuntimeEvent) => void,
): PairingApi {
  const tell = (change: "approved" | "revoked" | "role") => (user: PairedUser) => {
    emit({ type: "pairing-update", change, user });
    return user;
  };
  return {
    isPaired: (channel, userId) => pairing.isPaired(channel, userId),
    roleOf: (channel, userId) => pairing.roleOf(channel, userId),
    request: (user) => pairing.request(user),
    list: () => pairing.list(),
    approve: (code) => pairing.approve(code).then(tell("approved")),
    revoke: (channel, userId) => pairing.revoke(channel, userId).then(tell("revoked")),
    setRole: (channel, userId, role) => pairing.setRole(channel, userId, role).then(tell("role")),
  };
}
