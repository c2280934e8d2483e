// The runtime's read-only queries (status, history, sessions, context, segments, recall, notes),
// kept apart from the turn queue so each file stays small.
import type { Config } from "../config/index.js";
import {
  type AgentStatus,
  type Clock,
  type ContextReport,
  describeError,
  type HistoryPage,
  type NotesView,
  type RecallReport,
  type RecallStats,
  type SegmentDetail,
  type SegmentsReport,
  type SessionMessage,
  type SessionsView,
  type StatusSectionView,
} from "../kernel/index.js";
import type { PromptText } from "../memory/index.js";
import type { AgentStore, IndexedMessage } from "../store/index.js";
import { boundHistoryPage } from "./bound-history-page.js";
import type { PluginRegistries } from "./host/plugin-registries.js";
import type { MemoryPort } from "./memory-port.js";
import type { PairingApi, RecallSearchFilters } from "./runtime-api.js";
import { type Sandbox, sandboxStatus } from "./sandbox/index.js";
import type { TurnInfo } from "./tools/tool.js";
import { toolsForScope, toolsSectionText } from "./tools/tool-registry.js";

export interface RuntimeQueriesOptions {
  config: Config;
  store: AgentStore;
  memory: MemoryPort;
  model: { model: string } | null;
  pairing: PairingApi;
  clock: Clock;
  endpoint?: () => { port: number | null; url: string | null };
  queueState: () => { running: string | null; waiting: number };
  /** What plugins registered: channels, tool sources, prompt and status sections. */
  registries: PluginRegistries;
  /** Where commands run (SPEC §16), shown in status; absent in tests. */
  sandbox?: Sandbox;
}

/** The turn a status or context query lists tools for: none in particular. */
const STATUS_TURN: TurnInfo = {
  id: "status",
  kind: "message",
  envelope: { text: "", interface: "system", ts: "" },
  depth: 0,
};

/** Every registered prompt section's text now. */
async function readPromptSections(registries: PluginRegistries): Promise<PromptText[]> {
  return Promise.all(
    registries
      .promptSections()
      .map(async (section) => ({ tag: section.tag, text: await section.text() })),
  );
}

/** Each status section's value and lines; a section that throws shows its error. */
function statusSections(registries: PluginRegistries): Record<string, StatusSectionView> {
  const sections: Record<string, StatusSectionView> = {};
  for (const section of registries.statusSections()) {
    try {
      const data = section.read();
      if (data !== null && data !== undefined)
        sections[section.name] = { data, lines: section.lines(data) };
    } catch (error) {
      sections[section.name] = { data: null, lines: [`${section.name}: ${describeError(error)}`] };
    }
  }
  return sections;
}

function toSessionMessage(message: IndexedMessage): SessionMessage {
  const { id: _id, session: _session, tokens: _tokens, ...rest } = message;
  return rest;
}

/** The context report of the active session, as the next turn would see it (also used offline). */
export async function composeContextReport(options: {
  config: Pick<Config, "toolScope">;
  memory: Pick<MemoryPort, "compose">;
  maxContextTokens?: number;
  /** The `<tools>` text (default: the built-in tools of the config's scope). */
  toolsText?: string;
  extraSections?: readonly PromptText[];
}): Promise<ContextReport> {
  const { config, memory } = options;
  // `workingMemory` omitted: the composer injects the stored one when the config turns it on.
  const composed = await memory.compose({
    toolsText: options.toolsText ?? toolsSectionText(toolsForScope(config.toolScope)),
    extraSections: options.extraSections ?? [],
    ...(options.maxContextTokens ? { maxContextTokens: options.maxContextTokens } : {}),
  });
  return composed.report;
}

export class RuntimeQueries {
  private readonly startedAt: number;

  constructor(private readonly queryOptions: RuntimeQueriesOptions) {
    this.startedAt = queryOptions.clock.now();
  }

  async status(): Promise<AgentStatus> {
    const { config, store, memory, clock } = this.queryOptions;
    const session = store.sessionLog.sessionId;
    const stats = store.messages.sessionTotals(session);
    const endpoint = this.queryOptions.endpoint?.() ?? { port: config.port, url: null };
    const pairing = await this.queryOptions.pairing.list();
    const { registries } = this.queryOptions;
    return {
      agent: config.agentName,
      agentDir: config.agentDir,
      model: this.queryOptions.model?.model ?? null,
      provider: config.provider,
      pid: process.pid,
      uptimeMs: clock.now() - this.startedAt,
      port: endpoint.port,
      url: endpoint.url,
      session: { id: session, messages: stats.count, tokens: stats.tokens },
      queue: this.queryOptions.queueState(),
      memory: memory.state(),
      channels: registries.channels.list().map((channel) => ({
        id: channel.id,
        ...channel.status(),
        pairedUsers: pairing.paired.filter((user) => user.channel === channel.id).length,
        pendingCodes: pairing.pending.filter((code) => code.channel === channel.id).length,
      })),
      toolSources: registries.tools.describe(),
      sections: statusSections(registries),
      ...(this.queryOptions.sandbox ? { sandbox: sandboxStatus(this.queryOptions.sandbox) } : {}),
    };
  }

  async history(options: { before?: number; limit: number }): Promise<HistoryPage> {
    const { store } = this.queryOptions;
    const session = store.sessionLog.sessionId;
    const page = store.messages.history(session, options);
    const messages = page.messages.map(toSessionMessage);
    return boundHistoryPage({ session, messages, hasMore: page.hasMore });
  }

  async sessions(): Promise<SessionsView> {
    const { store } = this.queryOptions;
    const current = store.sessionLog.sessionId;
    const sessions = store.messages.sessionIds().map((id) => {
      const stats = store.messages.sessionStats(id);
      const durationMs =
        stats.firstTs && stats.lastTs ? Date.parse(stats.lastTs) - Date.parse(stats.firstTs) : 0;
      return {
        id,
        messageCount: stats.count,
        firstTs: stats.firstTs,
        lastTs: stats.lastTs,
        durationMs,
        roles: {
          user: stats.roles["user"] ?? 0,
          assistant: stats.roles["assistant"] ?? 0,
          tool: stats.roles["tool"] ?? 0,
        },
        activity: stats.activity,
        active: id === current,
      };
    });
    return { currentSessionId: current, sessions };
  }

  async context(options: { maxContextTokens?: number } = {}): Promise<ContextReport> {
    const { config, memory } = this.queryOptions;
    const { registries } = this.queryOptions;
    const tools = registries.tools.toolsFor({ scope: config.toolScope, turn: STATUS_TURN });
    return composeContextReport({
      config,
      memory,
      toolsText: toolsSectionText(tools),
      extraSections: await readPromptSections(registries),
      ...options,
    });
  }

  workingMemory() {
    return this.queryOptions.memory.workingMemory();
  }

  segments(): Promise<SegmentsReport> {
    return this.queryOptions.memory.segmentsReport();
  }

  segment(id: string): Promise<SegmentDetail | null> {
    return this.queryOptions.memory.segmentDetail(id);
  }

  recallStats(): Promise<RecallStats> {
    return this.queryOptions.memory.recallStats();
  }

  recall(options: {
    query: string;
    k: number;
    filters?: RecallSearchFilters;
  }): Promise<RecallReport> {
    return this.queryOptions.memory.recall({ ...options, assist: { purpose: "recall" } });
  }

  notes(): Promise<NotesView> {
    return this.queryOptions.memory.notes();
  }

  regenerateNotesSummary(): Promise<NotesView> {
    return this.queryOptions.memory.regenerateNotesSummary();
  }
}
