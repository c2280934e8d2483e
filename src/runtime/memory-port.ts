// What the runtime needs from the memory engine. MemoryEngine (memory/) satisfies it; keeping
// the port here lets the turn loop be read (and tested) without the engine's internals.
import type {
  MemoryState,
  NotesView,
  RecallReport,
  RecallStats,
  SegmentDetail,
  SegmentsReport,
} from "../kernel/index.js";
import type {
  ComposedContext,
  ComposeOptions,
  DoctorReport,
  RecallFilters,
  TurnPromptOptions,
  WorkingMemoryView,
} from "../memory/index.js";

// One declaration each: the memory engine's own types, re-exported for the runtime's callers.
export type { ComposedContext, ComposeOptions, RecallFilters, TurnPromptOptions };

export interface MemoryPort {
  schedule(): void;
  state(): MemoryState;
  onUpdate(listener: (state: MemoryState) => void): () => void;
  compose(options: ComposeOptions): Promise<ComposedContext>;
  /** A turn step's whole prompt (summary, window, <recall> block): one call per step. */
  turnPrompt(options: TurnPromptOptions): Promise<ComposedContext>;
  /** `assist`: an explicit search the model may help with (config recallAssist), billed to `purpose`. */
  recall(options: {
    query: string;
    k: number;
    filters?: RecallFilters;
    assist?: { purpose: string };
  }): Promise<RecallReport>;
  recallStats(): Promise<RecallStats>;
  /**
   * Reads up to `budget` more messages into recall's meaning index, then works out a few of its
   * rows' crowding a call; true once it is ready.
   */
  warmMeaningStep(budget: number): boolean;
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
