// The runtime's collaborators that need only its options (and a few of its callbacks): the
// unattended budget, the approvals, and the origin a person's message carries. Split from
// runtime.ts so the queue's file holds the queue.
import type { ActorRole, Envelope, Origin } from "../kernel/index.js";
import { Approvals, type ApprovalsOptions } from "./access/approvals.js";
import { UnattendedBudget } from "./access/unattended-budget.js";
import type { PluginRegistries } from "./host/plugin-registries.js";
import type { RuntimeOptions } from "./runtime-options.js";

/** The origin of a person's message: its sender, with the role the runtime gave them. */
export function originOf(envelope: Envelope, role: ActorRole): Origin {
  return {
    role,
    ...(envelope.channel ? { channel: `${envelope.interface}:${envelope.channel}` } : {}),
    ...(envelope.user ? { user: envelope.user } : {}),
    ...(envelope.name ? { name: envelope.name } : {}),
  };
}

export function createBudget(
  options: RuntimeOptions,
  registries: PluginRegistries,
): UnattendedBudget {
  return new UnattendedBudget({
    capPerDay: options.config.unattendedTokensPerDay,
    timezone: options.timezone,
    clock: options.clock,
    logger: options.logger.child({ component: "budget" }),
    purposes: () => registries.unattendedKinds(),
    tokensSince: (since, purposes) => options.store.state.tokensSince(since, purposes),
  });
}

/** The approvals book and timers over the runtime's options; `hooks` are the runtime's. */
export function createApprovals(
  options: RuntimeOptions,
  hooks: Pick<ApprovalsOptions, "emit" | "runCall" | "report">,
): Approvals {
  return new Approvals({
    file: options.approvalsFile ?? null,
    clock: options.clock,
    timezone: options.timezone,
    logger: options.logger.child({ component: "approvals" }),
    timeoutMs: options.approvalTimeoutMs,
    ...hooks,
  });
}
