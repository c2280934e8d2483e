// `kern pair CODE [DIR]`: approve a chat user's pairing code; `kern pair [DIR]` lists who waits,
// the members and the operators; `--revoke`, `--operator`, `--member CHANNEL:USER` unpair,
// promote and demote (SPEC §16). `kern session new [DIR]`.
import type { Command } from "commander";
import type { PairingListView } from "../../client/index.js";
import { formatLocalDateTime, UsageError } from "../../kernel/index.js";
import { agentTimezone } from "../agent-timezone.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";
import { changePairing, type PairingFlags, pairingChangeOf } from "./pair-change.js";

export function registerPairCommand(program: Command, context: CliContext): void {
  program
    .command("pair")
    .description(
      "approve a pairing code a chat user received (e.g. KERN-7X4M); without a code, list who waits, the members and the operators",
    )
    .argument("[code]", "pairing code")
    .argument("[dir]", "agent folder", ".")
    .option("--revoke <channel:user>", "unpair a user: their next message gets a code again")
    .option("--operator <channel:user>", "make a paired user an operator (the operator's rights)")
    .option("--member <channel:user>", "make a paired operator a member again")
    .option("--json", "print the list (or the changed user) as JSON")
    .action(async (first: string | undefined, second: string, flags: PairingFlags) => {
      // `kern pair DIR` lists: a first argument that is no code is the folder.
      const isCode = first !== undefined && PAIRING_CODE.test(first);
      const dir = first !== undefined && !isCode && second === "." ? first : second;
      const change = pairingChangeOf(flags);
      if (change) return changePairing(context, dir, change, flags.json === true);
      const daemon = await connectDaemon(dir);
      if (!isCode) {
        if (first !== undefined && dir !== first)
          throw new UsageError(`${first} is no pairing code (they look like KERN-7X4M)`);
        const list = daemon
          ? await daemon.client.pairingList()
          : await (await loadDaemon()).listPairingOffline(dir);
        if (flags.json) context.output.json(list);
        else printPairingList(context, list, dir, await agentTimezone(dir, context.env));
        return;
      }
      const user = daemon
        ? await daemon.client.pairingApprove(first)
        : await (await loadDaemon()).approvePairingOffline(dir, first);
      context.output.line(
        `paired ${user.name} (${user.channel} user ${user.userId}) as a member; they can talk to the agent now (and share its memory)`,
      );
    });
  const session = program.command("session").description("manage sessions");
  session
    .command("new")
    .description("start a new session (earlier sessions stay searchable)")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const daemon = await connectDaemon(dir);
      if (daemon) {
        await daemon.client.sendMessage({ text: "/new", interface: "cli" });
        context.output.line("asked the daemon to start a new session");
        return;
      }
      const { startNewSessionOffline } = await loadDaemon();
      context.output.line(`started a new session ${await startNewSessionOffline(dir)}`);
    });
}

const PAIRING_CODE = /^KERN-[A-Z0-9]{4}$/i;

function printPairingList(
  context: CliContext,
  list: PairingListView,
  dir: string,
  timezone: string,
): void {
  const { pending, paired } = list;
  const when = (at: string): string => formatLocalDateTime(at, timezone);
  context.output.line(
    pending.length === 0 ? "nobody waits to pair" : `waiting to pair (${pending.length}):`,
  );
  for (const entry of pending)
    context.output.line(
      `  ${entry.code}  ${entry.name} (${entry.channel}:${entry.userId}) since ${when(entry.requestedAt)}\n    let in: kern pair ${entry.code} ${dir}`,
    );
  for (const role of ["operator", "member"] as const) {
    const users = paired.filter((user) => user.role === role);
    context.output.line(users.length === 0 ? `no ${role}s paired` : `${role}s (${users.length}):`);
    for (const user of users)
      context.output.line(
        `  ${user.name} (${user.channel}:${user.userId}) since ${when(user.pairedAt)}`,
      );
  }
}
