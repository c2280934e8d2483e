// `kern pair CODE [DIR]`: approve a Telegram user's pairing code; `kern session new [DIR]`.
import type { Command } from "commander";
import type { PairingListView } from "../../client/index.js";
import { UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerPairCommand(program: Command, context: CliContext): void {
  program
    .command("pair")
    .description(
      "approve a pairing code a Telegram user received (e.g. KERN-7X4M); without a code, list who waits and who is paired",
    )
    .argument("[code]", "pairing code")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print the list as JSON")
    .action(async (first: string | undefined, second: string, flags: { json?: boolean }) => {
      // `kern pair DIR` lists: a first argument that is no code is the folder.
      const isCode = first !== undefined && PAIRING_CODE.test(first);
      const dir = first !== undefined && !isCode && second === "." ? first : second;
      const daemon = await connectDaemon(dir);
      if (!isCode) {
        if (first !== undefined && dir !== first)
          throw new UsageError(`${first} is no pairing code (they look like KERN-7X4M)`);
        const list = daemon
          ? await daemon.client.pairingList()
          : await (await loadDaemon()).listPairingOffline(dir);
        if (flags.json) context.output.json(list);
        else printPairingList(context, list, dir);
        return;
      }
      const user = daemon
        ? await daemon.client.pairingApprove(first)
        : await (await loadDaemon()).approvePairingOffline(dir, first);
      context.output.line(
        `paired ${user.name} (${user.channel} user ${user.userId}); they can talk to the agent now`,
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

function printPairingList(context: CliContext, list: PairingListView, dir: string): void {
  const { pending, paired } = list;
  context.output.line(
    pending.length === 0 ? "nobody waits to pair" : `waiting to pair (${pending.length}):`,
  );
  for (const entry of pending)
    context.output.line(
      `  ${entry.code}  ${entry.name} (user ${entry.userId}) since ${entry.requestedAt} — kern pair ${entry.code} ${dir}`,
    );
  context.output.line(paired.length === 0 ? "no paired users" : `paired (${paired.length}):`);
  for (const user of paired)
    context.output.line(`  ${user.name} (user ${user.userId}) since ${user.pairedAt}`);
}
