// The daemon's malloc tuning (ADR 0017, "The daemon's memory at 1M"). glibc's malloc raises its
// mmap threshold each time a large block is freed, so after recall's word index is built (arrays
// of up to tens of MB, sized from a projection and trimmed) later large blocks come from the heap,
// and what is freed there stays resident. A fixed threshold keeps blocks of 128 KiB and more in
// their own mappings, returned to the system when freed: the tool-heavy 1M daemon 90–100 MB
// smaller, about 405 MB settled. glibc reads it once, at exec, so it is set where a daemon is started (`kern start`, the
// systemd unit); other C libraries ignore the variable. The user's own value always wins.

/** glibc's tunable (mallopt(3), M_MMAP_THRESHOLD). */
const THRESHOLD_VARIABLE = "MALLOC_MMAP_THRESHOLD_";
/** Says that kern, not the user, set the threshold: the daemon's children do not inherit it. */
const ADDED_VARIABLE = "KERN_MALLOC_TUNED";

/** The variables a daemon starts with, as `NAME=value` pairs (the systemd unit writes them). */
export const DAEMON_MALLOC_TUNING: Readonly<Record<string, string>> = {
  [THRESHOLD_VARIABLE]: String(128 * 1024),
  [ADDED_VARIABLE]: "1",
};

/** `env` with the tuning added, unless it already names a threshold of its own. */
export function withMallocTuning(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (env[THRESHOLD_VARIABLE] !== undefined) return env;
  return { ...env, ...DAEMON_MALLOC_TUNING };
}

/**
 * In the daemon, after glibc read it: forgets the tuning kern added, so the tools, MCP servers
 * and background commands it starts see the environment the user gave.
 */
export function forgetAddedMallocTuning(env: Record<string, string | undefined>): void {
  if (env[ADDED_VARIABLE] !== "1") return;
  delete env[THRESHOLD_VARIABLE];
  delete env[ADDED_VARIABLE];
}
