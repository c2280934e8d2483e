// The text of each piece of `<conversation_summary>`: a segment's stored summary, or an instant
// extractive stand-in for a range that has none yet (LESSONS #5), formatted by formatSummaryBlock.
// Texts and token counts are cached per session; a segment's entry is keyed by its summary.
import type { SessionMessage } from "../../kernel/index.js";
import type { AgentStore } from "../../store/index.js";
import { extractiveTargetTokens, summarizeExtractive } from "../summaries/extractive-summarizer.js";
import { formatSummaryBlock } from "../summaries/summary-block.js";
import { pieceEnd, pieceStart, type SummaryPiece } from "./compose-summary-block.js";
import type { SessionMessageCache } from "./message-window.js";
import { blockPieceTokens } from "./render-summary-block.js";
import { segmentBlockTokens } from "./segment-block-tokens.js";

/** A stand-in reads at most this many messages (evenly spread): it must be instant. */
const MAX_STAND_IN_MESSAGES = 600;

interface CachedText {
  summary: string | null;
  text: string;
  tokens: number;
}

export class SummaryPieceTexts {
  private readonly cache = new Map<string, CachedText>();
  private readonly headerTokens = new Map<string, number>();

  constructor(
    private readonly store: AgentStore,
    private readonly messages: SessionMessageCache,
  ) {}

  private key(piece: SummaryPiece, extra: number): string {
    return piece.kind === "segment"
      ? piece.segment.id
      : `stand-in:${piece.seqStart}-${piece.seqEnd}+${extra}`;
  }

  private meta(piece: SummaryPiece) {
    const seqStart = pieceStart(piece);
    const seqEnd = pieceEnd(piece);
    if (piece.kind === "segment") {
      const { level, firstTs, lastTs } = piece.segment;
      return { level, seqStart, seqEnd, firstTs, lastTs };
    }
    return { level: 0, seqStart, seqEnd, ...this.messages.timesOf(seqStart, seqEnd) };
  }

  private standInBody(seqStart: number, seqEnd: number, extra: number): string {
    let messages: SessionMessage[] = this.store.messages.range(
      this.messages.session,
      seqStart,
      seqEnd,
    );
    if (messages.length > MAX_STAND_IN_MESSAGES) {
      const step = messages.length / MAX_STAND_IN_MESSAGES;
      messages = Array.from(
        { length: MAX_STAND_IN_MESSAGES },
        (_, index) => messages[Math.floor(index * step)] as SessionMessage,
      );
    }
    const targetTokens =
      extractiveTargetTokens(this.messages.tokensBetween(seqStart, seqEnd)) + extra;
    // A fill (extra > 0) spends tokens the prompt would leave unused: any sentence may take them.
    return summarizeExtractive({ messages, targetTokens, ...(extra > 0 ? { minScore: 0 } : {}) });
  }

  /**
   * The piece's formatted `<summary>` text and its cost in the block (exact). A stand-in may take
   * `extra` tokens over its extractive target (the composer's fill of an unspent budget).
   */
  rendered(piece: SummaryPiece, extra = 0): { text: string; tokens: number } {
    const key = this.key(piece, extra);
    const summary = piece.kind === "segment" ? piece.segment.summary : null;
    const cached = this.cache.get(key);
    if (cached && cached.summary === summary) return cached;
    const body = summary ?? this.standInBody(pieceStart(piece), pieceEnd(piece), extra);
    const text = formatSummaryBlock({ ...this.meta(piece), body });
    const stored = piece.kind === "segment" ? segmentBlockTokens(piece.segment, text) : null;
    const entry = { summary, text, tokens: stored ?? blockPieceTokens(text) };
    this.cache.set(key, entry);
    return entry;
  }

  /** A header-only block for a range whose summaries cannot fit at all (a tiny budget). */
  omitted(piece: SummaryPiece): { text: string; tokens: number } {
    const text = formatSummaryBlock({
      ...this.meta(piece),
      body: "- Older history omitted to fit the context budget; use recall or expand to read it.",
    });
    return { text, tokens: blockPieceTokens(text) };
  }

  /**
   * The piece's cost, exact for stored summaries and an upper bound for stand-ins (header plus the
   * extractive target), so planning never has to build stand-ins it will not use.
   */
  estimate(piece: SummaryPiece): number {
    if (piece.kind === "segment" && piece.segment.summary !== null)
      return this.rendered(piece).tokens;
    const cached = this.cache.get(this.key(piece, 0));
    if (cached && cached.summary === null) return cached.tokens;
    const meta = this.meta(piece);
    const headerKey = `${meta.level}:${meta.seqStart}:${meta.seqEnd}:${meta.firstTs}:${meta.lastTs}`;
    let header = this.headerTokens.get(headerKey);
    if (header === undefined) {
      header = blockPieceTokens(formatSummaryBlock({ ...meta, body: "" }));
      if (this.headerTokens.size > 4096) this.headerTokens.clear();
      this.headerTokens.set(headerKey, header);
    }
    return (
      header + extractiveTargetTokens(this.messages.tokensBetween(meta.seqStart, meta.seqEnd)) + 2
    );
  }
}
