// The telemetry key (issue 50 item 3, docs/operations.md "Metrics and traces"), spread into the
// schema's top level. `GET /metrics` needs no key; traces leave the machine only when this is set.
import { z } from "zod";

export const telemetryKeys = {
  otlpEndpoint: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .default(null)
    .describe(
      "Where OpenTelemetry traces go over OTLP/HTTP (a collector's base URL, e.g. http://127.0.0.1:4318; spans are posted to /v1/traces); also OTEL_EXPORTER_OTLP_ENDPOINT. null = no traces, no exporter.",
    ),
};
