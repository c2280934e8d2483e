// `kern pair --revoke|--operator|--member CHANNEL:USER [DIR]` (SPEC §16): through the daemon when
// it runs (so channels hear of it at once), on the files otherwise.
import { UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export interface PairingFlags {
  json?: boolean;
  revoke?: string;
  operator?: string;
  member?: string;
}

export type PairingCommandChange =
  | { action: "revoke"; channel: string; user: string }
  | { action: "role"; channel: string; user: string; role: "operator" | "member" };

/** The change the flags ask for; null when none. Throws KERN_USAGE for two or a bad target. */
export function pairingChangeOf(flags: PairingFlags): PairingCommandChange | null {
  const given = (["revoke", "operator", "member"] as const).filter((flag) => flags[flag]);
  if (given.length === 0) return null;
  if (given.length > 1)
    throw new UsageError(
      `use one of --revoke, --operator, --member at a time (got ${given.join(", ")})`,
    );
  const flag = given[0] as "revoke" | "operator" | "member";
  const target = flags[flag] ?? "";
  const match = /^([a-z][a-z0-9-]*):(.+)$/.exec(target);
  if (!match)
    throw new UsageError(
      `--${flag} takes CHANNEL:USER, e.g. telegram:77 ('kern pair' lists the paired users)`,
    );
  const [, channel = "", user = ""] = match;
  return flag === "revoke"
    ? { action: "revoke", channel, user }
    : { action: "role", channel, user, role: flag };
}

export async function changePairing(
  context: CliContext,
  dir: string,
  change: PairingCommandChange,
  json: boolean,
): Promise<void> {
  const daemon = await connectDaemon(dir);
  const user = daemon
    ? change.action === "revoke"
      ? await daemon.client.pairingRevoke(change.channel, change.user)
      : await daemon.client.pairingRole(change.channel, change.user, change.role)
    : await (await loadDaemon()).changePairingOffline(dir, change);
  if (json) return context.output.json(user);
  context.output.line(
    change.action === "revoke"
      ? `unpaired ${user.name} (${user.channel}:${user.userId}); their next message gets the pairing instructions`
      : `${user.name} (${user.channel}:${user.userId}) is now ${user.role === "operator" ? "an operator" : "a member"}`,
  );
}
