// Metrics and traces as a plugin (issue 50 item 3, docs/operations.md "Metrics and traces"):
// `GET /metrics` in the Prometheus text format, behind the API's auth, counted from the runtime's
// events and the usage log; OpenTelemetry traces over OTLP/HTTP when `otlpEndpoint` (or
// OTEL_EXPORTER_OTLP_ENDPOINT) is set — otherwise the SDK is never even loaded.
import { readFileSync } from "node:fs";
import { packageFile } from "../../kernel/index.js";
import type { KernPlugin, PluginHost } from "../../runtime/index.js";
import type { KernMetrics } from "./kern-metrics.js";
import type { Tracing } from "./start-tracing.js";

export const metricsPlugin: KernPlugin = {
  name: "metrics",
  async setup(host) {
    const metrics = await createMetrics(host);
    host.subscribe((event) => metrics.observe(event));
    host.registerRoutes([
      {
        method: "GET",
        path: "/metrics",
        contentType: metrics.registry.contentType,
        handle: () => metrics.registry.metrics(),
      },
    ]);
    const endpoint = host.kern.config.otlpEndpoint;
    if (endpoint === null) return;
    const tracing = await openTracing(host, endpoint);
    host.subscribe((event) => tracing.tracer.observe(event));
    host.registerStatusSection({
      name: "traces",
      read: () => ({ endpoint }),
      lines: () => [`traces: OTLP/HTTP to ${endpoint}`],
    });
    host.onStop(() => tracing.shutdown());
    host.log.info({ endpoint }, "traces on");
  },
};

/** prom-client loads here, not at import: `kern plugins list` and the CLI never pay for it. */
async function createMetrics(host: PluginHost): Promise<KernMetrics> {
  const { KernMetrics } = await import("./kern-metrics.js");
  const { registerUsageCounters } = await import("./usage-counters.js");
  const { kern } = host;
  const metrics = new KernMetrics({
    clock: kern.clock,
    queueDepth: () => kern.runtime.pendingTurns().length,
    memory: () => kern.memory.state(),
    unattended: () => ({ spent: kern.budget.spentToday(), cap: kern.budget.capPerDay }),
    pendingApprovals: () => kern.approvals.pendingCount(),
  });
  registerUsageCounters(metrics.registry, kern.store);
  return metrics;
}

async function openTracing(host: PluginHost, endpoint: string): Promise<Tracing> {
  const { startTracing } = await import("./start-tracing.js");
  return startTracing({
    endpoint,
    agentName: host.kern.config.agentName,
    version: kernVersion(),
    clock: host.kern.clock,
  });
}

/** kern's version, for the traces' resource. */
function kernVersion(): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(packageFile("package.json"), "utf8"));
    if (typeof parsed === "object" && parsed !== null && "version" in parsed)
      return String(parsed.version);
  } catch {
    // a missing package.json only changes the version traces carry
  }
  return "0.0.0";
}
