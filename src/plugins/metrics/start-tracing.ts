// Starts the OTLP/HTTP trace exporter (the official @opentelemetry SDK). Imported only when an
// endpoint is configured, so an agent without one loads none of it and pays nothing.
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { Clock } from "../../kernel/index.js";
import { TurnTracer } from "./turn-tracer.js";

export interface Tracing {
  tracer: TurnTracer;
  /** Ends open spans and sends what is buffered; the exporter's own timeout bounds it. */
  shutdown(): Promise<void>;
}

/**
 * One export's deadline, retries included. The SDK's 10 s made a stop with the collector down
 * take 8 s (measured); a batch that cannot go in 3 s is dropped, never kept.
 */
const EXPORT_TIMEOUT_MS = 3_000;

/** The collector's traces URL: OTLP's rule for the base endpoint (append `/v1/traces`). */
function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, "")}/v1/traces`;
}

export function startTracing(options: {
  endpoint: string;
  agentName: string;
  version: string;
  clock: Clock;
}): Tracing {
  const exporter = new OTLPTraceExporter({
    url: tracesUrl(options.endpoint),
    timeoutMillis: EXPORT_TIMEOUT_MS,
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": "kern",
      "service.version": options.version,
      "service.instance.id": options.agentName,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = new TurnTracer(provider.getTracer("kern", options.version), options.clock);
  return {
    tracer,
    shutdown: async () => {
      tracer.endAll();
      await provider.shutdown();
    },
  };
}
