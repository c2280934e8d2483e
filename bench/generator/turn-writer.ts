// Appends the messages of one turn (user, tool rounds, reply) to the conversation, with
// timestamps, tool call ids, tool outputs and any fact statement due at that position.
import {
  composeAssistantReply,
  composeFollowUp,
  composeToolIntro,
  composeUserMessage,
  type UserMessageKind,
} from "./compose-message.js";
import type { FactPlanter } from "./fact-planter.js";
import type { Random } from "./random.js";
import type { Timeline } from "./timeline.js";
import { planToolCall } from "./tool-call-plan.js";
import { renderToolOutput } from "./tool-output.js";
import type { Topic } from "./topic.js";
import type { TurnShape } from "./turn-shape.js";
import type { ImportMessage, ImportToolCall } from "./types.js";

/** The name the fictional user writes under. */
const USER_NAME = "dana";

const CALL_ID_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export interface TurnWriterOptions {
  seed: number;
  random: Random;
  timeline: Timeline;
  planter: FactPlanter;
  toolOutputChars: readonly [number, number];
  messages: ImportMessage[];
}

export interface WriteTurnOptions {
  topic: Topic;
  shape: TurnShape;
  /** How the user message relates to the block (the first turn opens it). */
  opening: UserMessageKind;
}

type Role = "user" | "assistant";

export class TurnWriter {
  constructor(private readonly options: TurnWriterOptions) {}

  write({ topic, shape, opening }: WriteTurnOptions): void {
    const { random, timeline, messages } = this.options;
    const voice = { topic, random };
    const ts = messages.length === 0 ? timeline.iso : timeline.nextTurn();
    const text = composeUserMessage(voice, opening);
    const content = this.withFact({ text, topic, role: "user" });
    this.push({ role: "user", name: USER_NAME, ts, content });
    if (shape.followUp) {
      const content = composeFollowUp(voice);
      this.push({ role: "user", name: USER_NAME, ts: timeline.reply(10, 120), content });
    }
    for (const calls of shape.rounds) this.writeRound(topic, calls);
    if (!shape.reply) return;
    const reply = composeAssistantReply(voice);
    const replyContent = this.withFact({ text: reply, topic, role: "assistant" });
    this.push({ role: "assistant", ts: timeline.reply(4, 90), content: replyContent });
  }

  private writeRound(topic: Topic, callCount: number): void {
    const { random, timeline, messages } = this.options;
    const seq = messages.length;
    const plans = Array.from({ length: callCount }, () => planToolCall(topic, random));
    const toolCalls: ImportToolCall[] = plans.map((plan, index) => ({
      id: `call_${seq.toString(36)}_${index}_${random.chars(CALL_ID_ALPHABET, 10)}`,
      type: "function",
      function: { name: plan.name, arguments: plan.arguments },
    }));
    const content = composeToolIntro({ topic, random });
    this.push({ role: "assistant", ts: timeline.reply(3, 60), content, tool_calls: toolCalls });
    plans.forEach((plan, index) => {
      const ts = timeline.reply(1, 40);
      const output = renderToolOutput({
        style: plan.style,
        topic,
        random,
        range: this.options.toolOutputChars,
        path: plan.path,
        nowMs: timeline.ms,
      });
      const callId = (toolCalls[index] as ImportToolCall).id;
      this.push({ role: "tool", name: plan.name, ts, content: output, tool_call_id: callId });
    });
  }

  private withFact({ text, topic, role }: { text: string; topic: Topic; role: Role }): string {
    const statement = this.options.planter.statementFor(this.options.messages.length, topic);
    if (statement === undefined) return text;
    if (role === "assistant") return `${text}\n\n${statement}`;
    return this.options.random.chance(0.5) ? `${text} ${statement}` : `${statement} ${text}`;
  }

  /** Appends with a stable key order (role, content, name, ts, id, tool fields) for tidy JSONL. */
  private push(message: Omit<ImportMessage, "id">): void {
    const { messages, seed } = this.options;
    messages.push({
      role: message.role,
      content: message.content,
      ...(message.name === undefined ? {} : { name: message.name }),
      ts: message.ts,
      id: `msg-${seed}-${messages.length}`,
      ...(message.tool_calls === undefined ? {} : { tool_calls: message.tool_calls }),
      ...(message.tool_call_id === undefined ? {} : { tool_call_id: message.tool_call_id }),
    });
  }
}
