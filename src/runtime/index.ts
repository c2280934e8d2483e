// Public surface of runtime/: the Runtime (the queue, the turn loop, the plugin host), its
// contract for interfaces and plugins, the core tools, roles and approvals, the channel kit.

/** The one atomic write of a small state file, for the interfaces (the web's sessions file). */
export { writeFileAtomic } from "../store/index.js";
export { readApprovals } from "./access/approval-book.js";
export * from "./access/approval-policy.js";
export { requestText as approvalRequestText } from "./access/approval-texts.js";
export type { Approvals, ApprovedCall } from "./access/approvals.js";
export * from "./access/channel-approvals.js";
export { HourlyLimit, runsUnattended } from "./access/hourly-limit.js";
export * from "./access/unattended-budget.js";
export * from "./channels/abortable-delay.js";
export * from "./channels/admit-message.js";
export * from "./channels/attachment-intake.js";
export * from "./channels/channel.js";
export { confirmPairings, offChannel } from "./channels/channel-plugin-kit.js";
export * from "./channels/channel-texts.js";
export { ChatQueue } from "./channels/chat-queue.js";
export * from "./channels/download-file.js";
export { EditThrottle } from "./channels/edit-throttle.js";
export type * from "./channels/reply-outbox.js";
export { ReplyStream, type ReplyStreamOptions } from "./channels/reply-stream.js";
export { splitReply } from "./channels/split-reply.js";
export { TurnRouter, type TurnRouterOptions, type TurnStream } from "./channels/turn-router.js";
export * from "./chat-commands.js";
export { planInterruptedToolResults } from "./close-interrupted-turn.js";
export { ConcurrencyGate } from "./documents/concurrency-gate.js";
export * from "./documents/extract-document-text.js";
export { ParseWorkers } from "./documents/parse-workers.js";
export { type ReadablePage, readableMarkdown } from "./documents/readable-markdown.js";
export * from "./host/create-plugin-host.js";
export * from "./host/kern-plugin.js";
export type * from "./host/kern-services.js";
export { PluginRegistries } from "./host/plugin-registries.js";
export type { MountedRoute } from "./host/plugin-route.js";
export * from "./host/setup-plugins.js";
export type { Importer } from "./import-task.js";
export * from "./memory-port.js";
export { PairingStore } from "./pairing-store.js";
export { routeOf } from "./reply-route.js";
export type { TurnDependencies, TurnStore } from "./run-turn.js";
export { runTurn } from "./run-turn.js";
export * from "./runtime.js";
export * from "./runtime-api.js";
export { composeContextReport } from "./runtime-queries.js";
export {
  type ContainedProcess,
  groupMembers,
  NO_SANDBOX,
  openSandbox,
  type Sandbox,
  sandboxStatus,
  signalGroup,
  spawnContained,
} from "./sandbox/index.js";
export { resolveAgentPath } from "./tools/agent-path.js";
export { bashArgv } from "./tools/bash-tool.js";
export type {
  BackgroundStarter,
  Tool,
  ToolContext,
  ToolResult,
  ToolResultPart,
  ToolScope,
} from "./tools/tool.js";
export { defineTool, isToolInScope } from "./tools/tool.js";
export { ALL_TOOLS, toolsForScope, toolsSectionText } from "./tools/tool-registry.js";
export type { ToolRequest, ToolSource, TurnInfo } from "./tools/tool-source.js";
export { ToolRegistry } from "./tools/tool-source.js";
export * from "./turn-request.js";
