// What the terminal shows, one item per block: a user message, streamed reply text, a tool call,
// a command's answer or a notice. Pure types.

export interface ToolResultView {
  output: string;
  isError: boolean;
}

export type TranscriptItem =
  | {
      kind: "user";
      id: number;
      turnId: string | null;
      text: string;
      /** Who sent it when it is not this terminal, e.g. "telegram · Ann"; null for our own. */
      from: string | null;
      /** Set while this terminal's POST /message is in flight. */
      localId: number | null;
      pending: boolean;
      /** Why sending failed, when it did. */
      failed: string | null;
      /** Waiting behind a running turn: shown below it as queued until its own turn starts. */
      queued?: boolean;
      /** A job's or heartbeat's prompt until its turn ends: it stays live, as it may collapse. */
      unattended?: boolean;
    }
  | { kind: "assistant"; id: number; turnId: string | null; text: string }
  | {
      kind: "tool";
      id: number;
      turnId: string | null;
      callId: string;
      name: string;
      arguments: string;
      result: ToolResultView | null;
    }
  | { kind: "command"; id: number; turnId: string | null; command: string; text: string }
  | { kind: "notice"; id: number; turnId: string | null; text: string; tone: "info" | "error" }
  /** A job or heartbeat turn that answered `NO_REPLY`, collapsed to one line (silent-turn.ts). */
  | { kind: "silent"; id: number; turnId: string; source: string; prompt: string };

/** An item as built before the transcript gives it an id. */
export type NewTranscriptItem = TranscriptItem extends infer Item
  ? Item extends TranscriptItem
    ? Omit<Item, "id">
    : never
  : never;

/** The transcript and the turn whose items may still change (streamed text, tool results). */
export interface Transcript {
  items: TranscriptItem[];
  nextId: number;
  runningTurnId: string | null;
}

/** Appends items, giving each the next id. */
export function appendItems<T extends Transcript>(transcript: T, added: NewTranscriptItem[]): T {
  if (added.length === 0) return transcript;
  let nextId = transcript.nextId;
  const withIds = added.map((item) => ({ ...item, id: nextId++ }) as TranscriptItem);
  return { ...transcript, items: [...transcript.items, ...withIds], nextId };
}
