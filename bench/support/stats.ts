// Latency statistics for the benchmarks: nearest-rank percentiles over a list of samples. Pure.

export interface LatencySummary {
  /** Number of samples. */
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile (`p` in 0–100) of unsorted samples; 0 for an empty list. */
function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** p50, p95, max and mean of samples in milliseconds, rounded to 0.001 ms. */
export function summarizeLatencies(samples: readonly number[]): LatencySummary {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(samples.length === 0 ? 0 : Math.max(...samples)),
    mean: round(samples.length === 0 ? 0 : total / samples.length),
  };
}

/** Milliseconds `action` takes (high-resolution clock). */
export async function timeAsync(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** The median of a list (mean of the two middle values for an even count); 0 when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
