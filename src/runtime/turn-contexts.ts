// What one turn runs with: the store and memory, its model (a turn source may name another), its
// prompt budget, its tools (from every registered source, in the scope its sender may be offered)
// and their context, the approval gate on each call, the prompt sections plugins registered, and
// the image parts of the window when intake provides them.

import {
  createRedactor,
  type Envelope,
  type Origin,
  type Redact,
  type RuntimeEvent,
} from "../kernel/index.js";
import { approvalReason, offeredScope } from "./access/approval-policy.js";
import { waitingText } from "./access/approval-texts.js";
import type { Approvals, ApprovedCall } from "./access/approvals.js";
import type { UnattendedBudget } from "./access/unattended-budget.js";
import type { PluginRegistries } from "./host/plugin-registries.js";
import type { TurnDependencies } from "./run-turn.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { NO_SANDBOX } from "./sandbox/index.js";
import { keepToolOutput } from "./tools/keep-tool-output.js";
import type { Tool, ToolScope, TurnInfo } from "./tools/tool.js";
import { runToolCall, type ToolCallGate } from "./tools/tool-registry.js";
import { narrowerScope, type TurnOptions } from "./turn-request.js";

export interface TurnContextsOptions {
  options: RuntimeOptions;
  registries: PluginRegistries;
  emit: (event: RuntimeEvent) => void;
  /** The day's unattended budget: asked before every step of an unattended turn. */
  budget?: Pick<UnattendedBudget, "allows">;
}

/** A queued turn as its dependencies are built from it. */
export interface TurnSpec {
  turnId: string;
  envelope: Envelope;
  options?: TurnOptions;
}

export class TurnContexts {
  private approvals: Approvals | null = null;
  /** The secrets' values to replace in every tool result and error (a handful: microseconds). */
  private readonly redact: Redact;
  private formatStatus: () => Promise<string> = async () => "";

  constructor(private readonly parts: TurnContextsOptions) {
    this.redact = createRedactor(parts.options.config.secrets.named);
  }

  /** The runtime's approvals and status, which are built after this object. */
  attach(late: { approvals: Approvals; status: () => Promise<string> }): void {
    this.approvals = late.approvals;
    this.formatStatus = late.status;
  }

  toolsFor(turn: TurnInfo, scope: ToolScope): Tool[] {
    return this.parts.registries.tools.toolsFor({ scope, turn });
  }

  dependenciesFor(turn: TurnSpec): TurnDependencies {
    const { config, store, memory, logger, clock, pairing } = this.parts.options;
    const { registries } = this.parts;
    const turnOptions = turn.options ?? {};
    const origin = turnOptions.origin ?? { role: turn.envelope.role ?? "operator" };
    const info = { ...turnInfoOf(turn), origin };
    const scope = this.scopeOf(turn, origin);
    const chat = this.parts.options.model;
    return {
      store,
      memory,
      redact: this.redact,
      model: chat && turnOptions.model ? { client: chat.client, model: turnOptions.model } : chat,
      // A light prompt (a smaller budget) carries no <recall> block.
      config: {
        maxSteps: config.maxSteps,
        autoRecall: config.autoRecall && !turnOptions.maxContextTokens,
      },
      ...(turnOptions.maxContextTokens ? { maxContextTokens: turnOptions.maxContextTokens } : {}),
      tools: this.toolsFor(info, scope),
      gate: this.gateFor(info, scope, origin),
      sections: async () =>
        Promise.all(
          registries.promptSections().map(async (section) => ({
            tag: section.tag,
            text: await section.text(),
          })),
        ),
      toolContext: {
        agentDir: config.agentDir,
        memory,
        bashTimeoutMs: config.bashTimeoutMs,
        readMaxBytes: config.readMaxBytes,
        logger: logger.child({ component: "tools" }),
        channels: registries.channels,
        pairedUsers: async () => (await pairing.list()).paired,
        status: () => this.formatStatus(),
        turn: info,
        sandbox: this.parts.options.sandbox ?? NO_SANDBOX,
        ...(registries.background ? { background: registries.background } : {}),
      },
      toolOutput: {
        dir: this.parts.options.toolOutputDir ?? null,
        keepBytes: config.toolOutputKeepBytes,
      },
      stepAllowed: (kind, reserve) =>
        !registries.isUnattended(kind) ||
        (this.parts.budget?.allows(`${kind} step`, reserve) ?? true),
      emit: this.parts.emit,
      clock,
      logger: logger.child({ component: "turn" }),
      ...(registries.intake?.images
        ? { images: (window) => registries.intake?.images?.(window) ?? Promise.resolve(new Map()) }
        : {}),
    };
  }

  /** The scope a turn's tools are offered in: the config's, narrowed by its source and sender. */
  private scopeOf(turn: TurnSpec, origin: Origin): ToolScope {
    const { config } = this.parts.options;
    const configScope = narrowerScope(config.toolScope, turn.options?.toolScope);
    const role =
      turn.envelope.role === "member" || origin.role === "member" ? "member" : "operator";
    return offeredScope({
      configScope,
      role,
      approvals: config.approvals,
      memberToolScope: config.memberToolScope,
    });
  }

  /** Parks a call that needs the operator's yes (SPEC §16); the rest run. */
  private gateFor(info: TurnInfo, scope: ToolScope, origin: Origin): ToolCallGate {
    const { config } = this.parts.options;
    return (tool, args, call) => {
      const reason = approvalReason({
        tool,
        ...(tool.risky ? { risky: tool.risky(args, info) } : {}),
        turn: {
          kind: info.kind,
          role: info.envelope.role ?? "operator",
          origin,
          unattended: this.parts.registries.isUnattended(info.kind),
        },
        approvals: config.approvals,
        memberToolScope: config.memberToolScope,
      });
      if (!reason || !this.approvals) return null;
      return waitingText(this.approvals.park({ call, scope, turn: info, reason, askedBy: origin }));
    };
  }
}

function turnInfoOf(turn: TurnSpec): TurnInfo {
  return {
    id: turn.turnId,
    kind: turn.options?.kind ?? "message",
    envelope: turn.envelope,
    depth: turn.options?.depth ?? 0,
  };
}

/** Runs a call the operator approved, in its turn's recorded scope and context, ungated. */
export async function runApprovedCall(
  contexts: TurnContexts,
  request: ApprovedCall,
): Promise<{ output: string; isError: boolean }> {
  const deps = contexts.dependenciesFor({
    turnId: request.turn.id,
    envelope: request.turn.envelope,
    options: { kind: request.turn.kind },
  });
  const tools = contexts.toolsFor(request.turn, request.scope);
  const outcome = await runToolCall(request.call, tools, {
    ...deps.toolContext,
    turn: request.turn,
    signal: new AbortController().signal,
  });
  // As in a turn: secrets out, then bounded (the whole kept under .kern/tool-output/) before the
  // decision's turn carries it into the log, the index and the model.
  const kept = await keepToolOutput(deps.redact(outcome.output), request.call.id, {
    dir: deps.toolOutput.dir,
    keepBytes: deps.toolOutput.keepBytes,
    session: deps.store.sessionLog.sessionId,
    turnId: request.turn.id,
  });
  return { output: kept.text, isError: outcome.isError };
}
