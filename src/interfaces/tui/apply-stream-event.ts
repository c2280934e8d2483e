// Applies one daemon stream event to the transcript: user messages from any interface, streamed
// reply text, tool calls and results, command answers, turn ends and errors. Pure.
import { parseChatCommand } from "../../kernel/index.js";
import type { StreamEvent } from "../../protocol/index.js";
import { textWithAttachments } from "./attachment-lines.js";
import { stripEnvelopePrefix } from "./format-turn.js";
import { collapseSilentTurn } from "./silent-turn.js";
import {
  appendItems,
  type NewTranscriptItem,
  type Transcript,
  type TranscriptItem,
} from "./transcript-item.js";

/** Where kern's own unattended turns come from: their NO_REPLY collapses (silent-turn.ts). */
const UNATTENDED = new Set(["job", "heartbeat"]);

type EventOf<Type extends StreamEvent["type"]> = Extract<StreamEvent, { type: Type }>;

/** The transcript after `event`. `memory-update` does not touch it (the status line shows it). */
export function applyStreamEvent(transcript: Transcript, event: StreamEvent): Transcript {
  switch (event.type) {
    case "turn-queue":
      return addInbound(transcript, event);
    case "turn-start": {
      // Commands the runtime answers at once (/status, /cancel…) run beside the real turn.
      const isCommand = parseChatCommand(event.envelope.text) !== null;
      const shown = dequeue(addInbound(transcript, event), event.turnId);
      return isCommand ? shown : { ...shown, runningTurnId: event.turnId };
    }
    case "text-delta":
      return addDelta({ ...transcript, runningTurnId: event.turnId }, event);
    case "tool-call":
      return appendToTurn({ ...transcript, runningTurnId: event.turnId }, event.turnId, [
        {
          kind: "tool",
          turnId: event.turnId,
          callId: event.callId,
          name: event.name,
          arguments: event.arguments,
          result: null,
        },
      ]);
    case "tool-result":
      return addToolResult({ ...transcript, runningTurnId: event.turnId }, event);
    case "turn-end":
      return endTurn(transcript, event);
    case "command-result":
      return appendToTurn(transcript, event.turnId, [
        { kind: "command", turnId: event.turnId, command: event.command, text: event.text },
      ]);
    case "import-progress":
      return showProgress(transcript, event);
    case "memory-update":
    case "pairing-update":
    case "model-call":
      return transcript;
    case "approval-request":
    case "approval-end":
      return appendItems(transcript, [
        { kind: "notice", turnId: null, tone: "info", text: approvalLine(event) },
      ]);
    case "error":
      return addError(transcript, event);
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** A failed turn sends `error` and then `turn-end` with the same error: show it once. */
function addError(transcript: Transcript, event: EventOf<"error">): Transcript {
  if (!event.turnId) {
    return appendItems(transcript, [
      { kind: "notice", turnId: null, tone: "error", text: event.message },
    ]);
  }
  if (hasError(transcript, event.turnId)) return transcript;
  return appendToTurn(transcript, event.turnId, [
    {
      kind: "notice",
      turnId: event.turnId,
      tone: "error",
      text: `${event.message} (${event.code})`,
    },
  ]);
}

/** One line per import, replaced as its phases move on. */
function showProgress(transcript: Transcript, event: EventOf<"import-progress">): Transcript {
  const text = `import: ${event.phase} ${event.done}/${event.total}`;
  const index = transcript.items.findIndex(
    (item) => item.kind === "notice" && item.tone === "info" && item.turnId === event.turnId,
  );
  const found = transcript.items[index];
  if (found?.kind !== "notice")
    return appendItems(transcript, [{ kind: "notice", turnId: event.turnId, tone: "info", text }]);
  return { ...transcript, items: transcript.items.with(index, { ...found, text }) };
}

/** Shows an inbound message once: matched to our own pending send, or added for other senders. */
function addInbound(transcript: Transcript, event: EventOf<"turn-queue" | "turn-start">) {
  const { envelope, turnId } = event;
  const items = transcript.items;
  const running = transcript.runningTurnId;
  const queued = event.type === "turn-queue" && running !== null && running !== turnId;
  const known = items.findIndex((item) => item.kind === "user" && item.turnId === turnId);
  if (known !== -1) {
    // Our own message, matched by POST /message's answer before this event: it waits all the same.
    const item = items[known];
    if (!queued || item?.kind !== "user" || item.queued) return transcript;
    return { ...transcript, items: items.with(known, { ...item, queued: true }) };
  }
  if (envelope.interface === "tui") {
    const index = items.findIndex(
      (item) => item.kind === "user" && item.turnId === null && item.text === envelope.text,
    );
    const own = items[index];
    if (own?.kind === "user") {
      const claimed: TranscriptItem = {
        ...own,
        turnId,
        pending: false,
        queued: queued || own.queued === true,
      };
      return { ...transcript, items: items.with(index, claimed) };
    }
  }
  const sender = [envelope.interface, envelope.name ?? envelope.user].filter(Boolean).join(" · ");
  return appendItems(transcript, [
    {
      kind: "user",
      turnId,
      text:
        textWithAttachments(envelope.attachments, envelope.caption) ??
        stripEnvelopePrefix(envelope.text),
      from: envelope.interface === "tui" ? null : sender,
      localId: null,
      pending: false,
      failed: null,
      queued,
      ...(UNATTENDED.has(envelope.interface) ? { unattended: true } : {}),
    },
  ]);
}

/** A queued message whose turn starts moves below the output of the turns before it. */
function dequeue(transcript: Transcript, turnId: string): Transcript {
  const index = transcript.items.findIndex(
    (item) => item.kind === "user" && item.turnId === turnId && item.queued,
  );
  const item = transcript.items[index];
  if (item?.kind !== "user") return transcript;
  const items = transcript.items.filter((_, at) => at !== index);
  return { ...transcript, items: [...items, { ...item, queued: false }] };
}

function addDelta(transcript: Transcript, event: EventOf<"text-delta">): Transcript {
  // The turn's text grows its own last item, wherever messages sent meanwhile were drawn.
  const index = transcript.items.findLastIndex((item) => item.turnId === event.turnId);
  const last = transcript.items[index];
  if (last?.kind === "assistant") {
    const grown: TranscriptItem = { ...last, text: last.text + event.text };
    return { ...transcript, items: transcript.items.with(index, grown) };
  }
  return appendToTurn(transcript, event.turnId, [
    { kind: "assistant", turnId: event.turnId, text: event.text },
  ]);
}

/**
 * Adds a turn's items right after its last one, so a turn stays in one piece: messages sent while
 * it runs (queued, or a command's answer) stay below it. A turn with nothing shown yet (connected
 * mid-turn) goes above the queued messages at the end.
 */
function appendToTurn(transcript: Transcript, turnId: string, added: NewTranscriptItem[]) {
  const { items } = transcript;
  let at = items.findLastIndex((item) => item.turnId === turnId) + 1;
  if (at === 0) {
    at = items.length;
    while (at > 0 && isWaiting(items[at - 1])) at -= 1;
  }
  const grown = appendItems({ ...transcript, items: items.slice(0, at) }, added);
  return { ...grown, items: [...grown.items, ...items.slice(at)] };
}

/** A message below the running turn: queued behind it, or ours still on its way. */
function isWaiting(item: TranscriptItem | undefined): boolean {
  return item?.kind === "user" && (item.queued === true || item.pending);
}

function addToolResult(transcript: Transcript, event: EventOf<"tool-result">): Transcript {
  const index = transcript.items.findLastIndex(
    (item) => item.kind === "tool" && item.callId === event.callId,
  );
  const tool = transcript.items[index];
  const result = { output: event.output, isError: event.isError };
  if (tool?.kind !== "tool") {
    // The call itself was missed (connected mid-turn): show the result on its own line.
    return appendToTurn(transcript, event.turnId, [
      {
        kind: "tool",
        turnId: event.turnId,
        callId: event.callId,
        name: event.name,
        arguments: "",
        result,
      },
    ]);
  }
  return { ...transcript, items: transcript.items.with(index, { ...tool, result }) };
}

function endTurn(transcript: Transcript, event: EventOf<"turn-end">): Transcript {
  // A queued turn cancelled before it started ends without a turn-start: it waits no more.
  const ended = {
    ...dequeue(transcript, event.turnId),
    runningTurnId: transcript.runningTurnId === event.turnId ? null : transcript.runningTurnId,
  };
  if (event.silent === true) return collapseLive(ended, event.turnId, event.kind);
  const settled = ended.items.map((item) =>
    item.kind === "user" && item.turnId === event.turnId && item.unattended
      ? { ...item, unattended: false }
      : item,
  );
  return endTurnAs({ ...ended, items: settled }, event);
}

function endTurnAs(ended: Transcript, event: EventOf<"turn-end">): Transcript {
  const ofTurn = ended.items.filter((item) => item.turnId === event.turnId);
  switch (event.stopReason) {
    case "end":
    case "max-steps": {
      const shown = ofTurn.some((item) => item.kind === "assistant");
      const added: NewTranscriptItem[] = [];
      // Deltas missed while disconnected: the final text still arrives with turn-end.
      if (!shown && event.text)
        added.push({ kind: "assistant", turnId: event.turnId, text: event.text });
      if (event.stopReason === "max-steps") {
        added.push({
          kind: "notice",
          turnId: event.turnId,
          tone: "info",
          text: "stopped at the step limit",
        });
      }
      return appendToTurn(ended, event.turnId, added);
    }
    case "command": {
      if (ofTurn.some((item) => item.kind === "command") || !event.text) return ended;
      return appendToTurn(ended, event.turnId, [
        { kind: "command", turnId: event.turnId, command: "", text: event.text },
      ]);
    }
    case "cancelled":
      return appendToTurn(ended, event.turnId, [
        { kind: "notice", turnId: event.turnId, tone: "info", text: "turn cancelled" },
      ]);
    case "error": {
      if (hasError(ended, event.turnId)) return ended;
      const text = event.error ? `${event.error.message} (${event.error.code})` : "the turn failed";
      return appendToTurn(ended, event.turnId, [
        { kind: "notice", turnId: event.turnId, tone: "error", text },
      ]);
    }
    default: {
      const unreachable: never = event.stopReason;
      return unreachable;
    }
  }
}

/** A NO_REPLY turn's prompt and reply become one line (silent-turn.ts). */
function collapseLive(transcript: Transcript, turnId: string, kind: string | undefined) {
  const id = transcript.nextId;
  const items = collapseSilentTurn(transcript.items, turnId, kind, (item) => ({ ...item, id }));
  return { ...transcript, items, nextId: id + 1 };
}

function hasError(transcript: Transcript, turnId: string): boolean {
  return transcript.items.some(
    (item) => item.kind === "notice" && item.tone === "error" && item.turnId === turnId,
  );
}

export function isQueued(item: TranscriptItem): boolean {
  return item.kind === "user" && item.queued === true;
}

/** A call that waits for the operator's yes, or how it ended (SPEC §16: the TUI asks). */
function approvalLine(event: EventOf<"approval-request"> | EventOf<"approval-end">): string {
  const { approval } = event;
  if (event.type === "approval-end")
    return `approval ${approval.id}: ${approval.tool} ${approval.state}${approval.decidedBy ? ` by ${approval.decidedBy}` : ""}`;
  const who = approval.askedBy.name ?? approval.askedBy.user ?? approval.askedBy.role;
  const args =
    approval.arguments.length > 120 ? `${approval.arguments.slice(0, 119)}…` : approval.arguments;
  return `⚠ approve ${approval.tool} ${args}? asked by ${who}: ${approval.reason} — /approve ${approval.id} or /deny ${approval.id}`;
}
