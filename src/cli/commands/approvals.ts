// `kern approvals [DIR]` lists the calls that wait for the operator's yes (then the decided ones
// kept); `kern approvals approve|deny ID [DIR]` decides one (SPEC §16). Deciding needs the daemon:
// it runs the approved call.
import type { Command } from "commander";
import type { ApprovalView } from "../../kernel/index.js";
import { DaemonError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerApprovalsCommand(program: Command, context: CliContext): void {
  const approvals = program
    .command("approvals")
    .description("calls waiting for your approval (approve or deny ID)")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const list = daemon
        ? await daemon.client.approvals()
        : await (await loadDaemon()).listApprovalsOffline(dir);
      if (flags.json) return context.output.json({ approvals: list });
      printApprovals(context, list, dir);
    });
  for (const verb of ["approve", "deny"] as const) {
    approvals
      .command(verb)
      .description(verb === "approve" ? "run a waiting call" : "refuse a waiting call")
      .argument("<id>", "the approval's id (a-…)")
      .argument("[dir]", "agent folder", ".")
      .option("--json", "print JSON")
      .action(async (id: string, dir: string, flags: { json?: boolean }) => {
        const daemon = await connectDaemon(dir);
        if (!daemon)
          throw new DaemonError(
            "KERN_DAEMON_NOT_RUNNING",
            `the daemon decides approvals (it runs the call): start it with 'kern start ${dir}'`,
          );
        const view = await daemon.client.decideApproval(id, verb === "approve");
        if (flags.json) return context.output.json(view);
        context.output.line(`${view.tool} (${view.id}): ${view.state}`);
      });
  }
}

function printApprovals(context: CliContext, list: readonly ApprovalView[], dir: string): void {
  const pending = list.filter((view) => view.state === "pending");
  context.output.line(
    pending.length === 0 ? "no call waits for approval" : `waiting (${pending.length}):`,
  );
  for (const view of pending) {
    const who = view.askedBy.name ?? view.askedBy.user ?? view.askedBy.role;
    context.output.line(`  ${view.id}  ${view.tool} ${view.arguments.slice(0, 50)}`);
    context.output.line(`      asked by ${who}: ${view.reason}; until ${view.expiresAt}`);
    context.output.line(`      kern approvals approve ${view.id} ${dir}   (or deny)`);
  }
  const decided = list.filter((view) => view.state !== "pending").slice(-10);
  if (decided.length > 0) context.output.line("decided lately:");
  for (const view of decided)
    context.output.line(`  ${view.id}  ${view.tool}: ${view.state} by ${view.decidedBy ?? "-"}`);
}
