// What interfaces (web, chat channels, daemon) may ask of the runtime. Interfaces know only this and
// the kernel vocabulary; the runtime knows no interface (SG-2).
import type {
  ActorRole,
  AgentStatus,
  ContextReport,
  HistoryPage,
  ImportBuildReport,
  ImportPhase,
  InboundEnvelope,
  NotesView,
  PairedUser,
  PendingPairing,
  RecallReport,
  RecallStats,
  RuntimeEvent,
  SegmentDetail,
  SegmentsReport,
  SessionsView,
} from "../kernel/index.js";
import type { DoctorReport, WorkingMemoryView } from "../memory/index.js";

/** Recall filters (SPEC §6): ISO timestamps, at or after `after`, before `before`. */
export interface RecallSearchFilters {
  after?: string;
  before?: string;
  role?: "user" | "assistant" | "tool";
  session?: string;
}

export type { InboundEnvelope, PairedUser, PendingPairing } from "../kernel/index.js";

/** A conversation uploaded for import: the bytes as they arrive and the name errors use. */
export interface ImportUpload {
  source: AsyncIterable<Uint8Array>;
  name: string;
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
}

import type { Approvals } from "./access/approvals.js";
import type { AttachmentIntake } from "./channels/attachment-intake.js";
import type { ChannelRegistry } from "./channels/channel.js";
import type { CommandRegistry } from "./chat-commands.js";
import type { MountedRoute } from "./host/plugin-route.js";

export interface RuntimeApi {
  /** Queues a turn; never blocks on the model. Chat commands are answered without the model. */
  submit(envelope: InboundEnvelope): { turnId: string };
  /** Imports a conversation as one item of the turn queue; resolves when its memory is built. */
  importConversation(upload: ImportUpload): Promise<ImportBuildReport>;
  /** `kern doctor` through the daemon; `fix` repairs what is safe. */
  doctor(options: { fix: boolean }): Promise<DoctorReport>;
  /** Cancels a queued or running turn; false when no such turn is pending. */
  cancel(turnId: string): boolean;
  /** Listens to every runtime event; returns the unsubscribe function. */
  subscribe(listener: (event: RuntimeEvent) => void): () => void;
  status(): Promise<AgentStatus>;
  history(options: { before?: number; limit: number }): Promise<HistoryPage>;
  sessions(): Promise<SessionsView>;
  context(options?: { maxContextTokens?: number }): Promise<ContextReport>;
  segments(): Promise<SegmentsReport>;
  segment(id: string): Promise<SegmentDetail | null>;
  recallStats(): Promise<RecallStats>;
  recall(options: {
    query: string;
    k: number;
    filters?: RecallSearchFilters;
  }): Promise<RecallReport>;
  /** The current session's working memory (SPEC §4); null before its first update. */
  workingMemory(): Promise<WorkingMemoryView | null>;
  notes(): Promise<NotesView>;
  regenerateNotesSummary(): Promise<NotesView>;
  /** Pairing of the people who talk through chat channels (SPEC §9). */
  readonly pairing: PairingApi;
  /** Files into turns (SPEC §15); null when no plugin provides intake. */
  readonly intake: AttachmentIntake | null;
  /** Calls parked until the operator's yes (SPEC §16). */
  readonly approvals: Pick<Approvals, "list" | "decide" | "pendingCount">;
  /** What plugins registered: commands (for /help and menus), channels, HTTP routes. */
  readonly registries: {
    readonly commands: CommandRegistry;
    readonly channels: ChannelRegistry;
    routes(): readonly MountedRoute[];
  };
}

export interface PairingApi {
  isPaired(channel: string, userId: string): Promise<boolean>;
  /** The user's role, or null when they are not paired (never, or revoked). */
  roleOf(channel: string, userId: string): Promise<ActorRole | null>;
  /** Unpairs a user; throws KERN_PAIRING_UNKNOWN when they are not paired. */
  revoke(channel: string, userId: string): Promise<PairedUser>;
  /** Promotes or demotes a paired user; throws KERN_PAIRING_UNKNOWN when not paired. */
  setRole(channel: string, userId: string, role: ActorRole): Promise<PairedUser>;
  /** Returns the pending code for this user, creating one if needed. */
  request(user: Omit<PendingPairing, "code" | "requestedAt">): Promise<PendingPairing>;
  /** Approves a code; throws KernError KERN_PAIRING_UNKNOWN when no such code is pending. */
  approve(code: string): Promise<PairedUser>;
  list(): Promise<{ paired: PairedUser[]; pending: PendingPairing[] }>;
}
