// Traces from the runtime's events (OpenTelemetry, GenAI conventions where they fit): one span per
// turn, a child per model call ("chat MODEL", with its token counts) and per tool call
// ("execute_tool NAME"). Spans are made only here and only when traces are on.
import { context, type Span, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";
import type { Clock, RuntimeEvent } from "../../kernel/index.js";

export class TurnTracer {
  private readonly turns = new Map<string, Span>();
  private readonly tools = new Map<string, Span>();

  constructor(
    private readonly tracer: Tracer,
    private readonly clock: Clock,
  ) {}

  observe(event: RuntimeEvent): void {
    switch (event.type) {
      case "turn-start":
        this.turns.set(
          event.turnId,
          this.tracer.startSpan("kern.turn", {
            startTime: this.clock.now(),
            attributes: {
              "kern.turn.id": event.turnId,
              "kern.interface": event.envelope.interface,
              ...(event.envelope.channel ? { "kern.channel": event.envelope.channel } : {}),
            },
          }),
        );
        return;
      case "model-call":
        this.modelCall(event);
        return;
      case "tool-call":
        this.tools.set(
          event.callId,
          this.child(event.turnId, `execute_tool ${event.name}`, this.clock.now(), {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": event.name,
            "gen_ai.tool.call.id": event.callId,
          }),
        );
        return;
      case "tool-result":
        this.endTool(event.callId, event.isError);
        return;
      case "turn-end":
        this.endTurn(event);
        return;
      default:
        return;
    }
  }

  /** Ends what is still open (a daemon stopping mid-turn), so the exporter's flush sends it. */
  endAll(): void {
    const now = this.clock.now();
    for (const span of [...this.tools.values(), ...this.turns.values()]) span.end(now);
    this.tools.clear();
    this.turns.clear();
  }

  private modelCall(event: Extract<RuntimeEvent, { type: "model-call" }>): void {
    const end = this.clock.now();
    const span = this.child(event.turnId, `chat ${event.model}`, end - event.ms, {
      "gen_ai.operation.name": "chat",
      "gen_ai.request.model": event.model,
      ...(event.usage
        ? {
            "gen_ai.usage.input_tokens": event.usage.inputTokens,
            "gen_ai.usage.output_tokens": event.usage.outputTokens,
          }
        : {}),
    });
    if (event.outcome === "error") {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: event.errorCode ?? "model call failed",
      });
      span.setAttribute("error.type", event.errorCode ?? "error");
    }
    span.end(end);
  }

  private endTool(callId: string, isError: boolean): void {
    const span = this.tools.get(callId);
    if (!span) return;
    this.tools.delete(callId);
    if (isError)
      span.setStatus({ code: SpanStatusCode.ERROR, message: "the tool returned an error" });
    span.end(this.clock.now());
  }

  private endTurn(event: Extract<RuntimeEvent, { type: "turn-end" }>): void {
    const span = this.turns.get(event.turnId);
    if (!span) return;
    this.turns.delete(event.turnId);
    span.setAttributes({
      "kern.turn.kind": event.kind ?? "message",
      "kern.turn.stop_reason": event.stopReason,
      ...(event.usage
        ? {
            "gen_ai.usage.input_tokens": event.usage.inputTokens,
            "gen_ai.usage.output_tokens": event.usage.outputTokens,
          }
        : {}),
    });
    if (event.error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.code });
      span.setAttribute("error.type", event.error.code);
    }
    span.end(this.clock.now());
  }

  /** A span under the turn's (a root one when the turn's start was not seen). */
  private child(
    turnId: string,
    name: string,
    startTime: number,
    attributes: Record<string, string | number>,
  ): Span {
    const parent = this.turns.get(turnId);
    const parentContext = parent ? trace.setSpan(context.active(), parent) : context.active();
    return this.tracer.startSpan(name, { startTime, attributes }, parentContext);
  }
}
