// `kern pair CODE [DIR]`: approve a Telegram user's pairing code; `kern session new [DIR]`.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerPairCommand(program: Command, context: CliContext): void {
  program
    .command("pair")
    .description("approve a pairing code a Telegram user received (e.g. KERN-7X4M)")
    .argument("<code>", "pairing code")
    .argument("[dir]", "agent folder", ".")
    .action(async (code: string, dir: string) => {
      const daemon = await connectDaemon(dir);
      const user = daemon
        ? await daemon.client.pairingApprove(code)
        : await (await loadDaemon()).approvePairingOffline(dir, code);
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
