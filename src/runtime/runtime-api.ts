// What interfaces (web, chat channels, daemon) may ask of the runtime. Interfaces know only this and
// the kernel vocabulary; the runtime knows no interface (SG-2).
import type {
  AgentStatus,
  ContextReport,
  Envelope,
  HistoryPage,
  ImportBuildReport,
  ImportPhase,
  NotesView,
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

/** An envelope as an interface hands it in; the runtime stamps `ts` when it is missing. */
export type InboundEnvelope = Omit<Envelope, "ts"> & { ts?: string };

/** A person allowed to talk to the agent through a chat channel. */
export interface PairedUser {
  /** The channel's id ("telegram"). */
  channel: string;
  userId: string;
  chatId: string;
  name: string;
  pairedAt: string;
}

export interface PendingPairing {
  code: string;
  channel: string;
  userId: string;
  chatId: string;
  name: string;
  requestedAt: string;
}

/** A conversation uploaded for import: the bytes as they arrive and the name errors use. */
export interface ImportUpload {
  source: AsyncIterable<Uint8Array>;
  name: string;
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
}

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
}

export interface PairingApi {
  isPaired(channel: string, userId: string): Promise<boolean>;
  /** Returns the pending code for this user, creating one if needed. */
  request(user: Omit<PendingPairing, "code" | "requestedAt">): Promise<PendingPairing>;
  /** Approves a code; throws KernError KERN_PAIRING_UNKNOWN when no such code is pending. */
  approve(code: string): Promise<PairedUser>;
  list(): Promise<{ paired: PairedUser[]; pending: PendingPairing[] }>;
}
