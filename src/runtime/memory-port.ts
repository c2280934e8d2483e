// What the runtime needs from the memory engine. MemoryEngine (memory/) satisfies it; keeping
// the port here lets the turn loop be read (and tested) without the engine's internals.
import type {
  ContextReport,
  MemoryState,
  NotesView,
  RecallReport,
  RecallStats,
  SegmentDetail,
  SegmentsReport,
  SessionMessage,
} from "../kernel/index.js";
import type { DoctorReport, WorkingMemoryView } from "../memory/index.js";

export interface ComposedContext {
  systemPrompt: string;
  /** The verbatim messages to send, oldest first. */
  window: SessionMessage[];
  report: ContextReport;
}

export interface ComposeOptions {
  session?: string;
  maxContextTokens?: number;
  toolsText: string;
  workingMemory?: string | null;
  recallText?: string | null;
}

export interface RecallFilters {
  after?: string;
  before?: string;
  role?: "user" | "assistant" | "tool";
  session?: string;
}

export interface MemoryPort {
  schedule(): void;
  state(): MemoryState;
  onUpdate(listener: (state: MemoryState) => void): () => void;
  compose(options: ComposeOptions): Promise<ComposedContext>;
  recall(options: { query: string; k: number; filters?: RecallFilters }): Promise<RecallReport>;
  recallStats(): Promise<RecallStats>;
  expand(options: {
    session?: string;
    seqStart?: number;
    seqEnd?: number;
    segmentId?: string;
    maxTokens?: number;
  }): Promise<string>;
  describe(): Promise<string>;
  segmentsReport(session?: string): Promise<SegmentsReport>;
  segmentDetail(id: string): Promise<SegmentDetail | null>;
  workingMemory(session?: string): Promise<WorkingMemoryView | null>;
  notes(): Promise<NotesView>;
  regenerateNotesSummary(): Promise<NotesView>;
  doctor(options: { fix: boolean }): Promise<DoctorReport>;
  stop(): Promise<void>;
}
