// Process memory figures for the report: current RSS and the process's peak RSS, in MB.

const MB = 1024 * 1024;

/** Resident set size now, in MB (one decimal). */
export function rssMb(): number {
  return Math.round((process.memoryUsage().rss / MB) * 10) / 10;
}

/** Peak resident set size of this process so far, in MB (getrusage maxrss is in KiB on Linux). */
export function peakRssMb(): number {
  return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}
