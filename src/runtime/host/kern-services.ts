// What the host hands a plugin besides its registries (`host.kern`): the agent's config and
// folders, its clock, store, memory and model, the runtime's queries, pairing, approvals, the
// unattended budget and the sandbox. kern's own plugins build on these; docs/plugins.md says they
// may change between versions. Types only.
import type { AgentPaths, Config } from "../../config/index.js";
import type { Clock, Envelope, TurnKind } from "../../kernel/index.js";
import type { ModelClient } from "../../model/index.js";
import type { AgentStore } from "../../store/index.js";
import type { Approvals } from "../access/approvals.js";
import type { UnattendedBudget } from "../access/unattended-budget.js";
import type { AttachmentIntake } from "../channels/attachment-intake.js";
import type { ParseWorkers } from "../documents/parse-workers.js";
import type { MemoryPort } from "../memory-port.js";
import type { TurnDependencies } from "../run-turn.js";
import type { PairingApi, RuntimeApi } from "../runtime-api.js";
import type { Sandbox } from "../sandbox/index.js";
import type { BackgroundStarter, Tool, ToolScope, TurnInfo } from "../tools/tool.js";
import type { TurnOptions } from "../turn-request.js";

export interface KernServices {
  readonly config: Config;
  readonly paths: AgentPaths;
  readonly clock: Clock;
  readonly store: AgentStore;
  readonly memory: MemoryPort;
  /** The chat model; null when none is configured. */
  readonly model: { client: ModelClient; model: string } | null;
  /** The runtime's queries and controls (status, history, recall, cancel, …). */
  readonly runtime: RuntimeApi & {
    /** The turns accepted and not ended, the running one first (replayed ones after a start). */
    pendingTurns(): Array<{ turnId: string; kind?: TurnKind; envelope: Envelope }>;
    /** A turn's dependencies: a sub-agent's loop starts from them. */
    dependenciesFor(turn: {
      turnId: string;
      envelope: Envelope;
      options?: TurnOptions;
    }): TurnDependencies;
    /** The tools of a turn in a scope, from every registered source. */
    toolsFor(turn: TurnInfo, scope: ToolScope): Tool[];
  };
  readonly pairing: PairingApi;
  readonly approvals: Approvals;
  /** The day's unattended spend and its cap (SPEC §13). */
  readonly budget: UnattendedBudget;
  /** Where bash, background commands and stdio MCP servers run (SPEC §16). */
  readonly sandbox: Sandbox;
  /** The daemon's one pool of parse workers (PDFs, web pages), with budgets (issue 49). */
  readonly parse: ParseWorkers;
  /** A secret by name from `.kern/.env` or the environment; null when unset. */
  secret(name: string): string | null;
  /** Photos, voice notes and documents in (the media plugin provides it). */
  provideIntake(intake: AttachmentIntake): void;
  /** Starts `bash` with `background: true` (the processes plugin provides it). */
  provideBackground(starter: BackgroundStarter): void;
}
