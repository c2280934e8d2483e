// How many things of one sort (sub-agents, background commands) unattended turns may start in a
// sliding hour (issue 49 item 5). A result turn that starts again makes a chain, and while
// `unattendedTokensPerDay` is null nothing else ends one: 330 sub-agents and 230 command turns in
// 60 s before. A person's own turns (a message, an approval's decision) are not counted. One
// class for every such limit: the refusal is the same tool error and the same log line.
import { type Clock, KernError, type TurnKind } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";

const HOUR_MS = 3_600_000;

/** The kinds a person's action queues: everything else runs unattended. */
const ATTENDED_KINDS: ReadonlySet<string> = new Set(["message", "approval"]);

/** True when a turn of this kind runs without a person (absent: a call outside any turn). */
export function runsUnattended(kind: TurnKind | undefined): boolean {
  return kind !== undefined && !ATTENDED_KINDS.has(kind);
}

export interface HourlyLimitOptions {
  /** What is counted, plural ("sub-agents", "background commands"). */
  what: string;
  perHour: number;
  clock: Clock;
  logger: Logger;
  /** What the model should do instead, appended to the refusal. */
  instead: string;
}

export class HourlyLimit {
  /** When the counted starts of the last hour happened (ms). */
  private starts: number[] = [];

  constructor(private readonly options: HourlyLimitOptions) {}

  /**
   * Counts one start asked for by a turn of `kind`; a person's turn is not counted. Past the limit
   * it throws KERN_TOOL_FAILED (the tool error the model reads) and logs the refusal.
   */
  take(kind: TurnKind | undefined): void {
    if (!runsUnattended(kind)) return;
    const { what, perHour, clock, logger, instead } = this.options;
    const now = clock.now();
    this.starts = this.starts.filter((at) => now - at < HOUR_MS);
    if (this.starts.length >= perHour) {
      logger.warn({ limit: perHour, kind, refused: what }, "hourly limit of unattended starts");
      throw new KernError(
        "KERN_TOOL_FAILED",
        `${perHour} ${what} were started by unattended turns in the last hour (the limit): ${instead}`,
      );
    }
    this.starts.push(now);
  }
}
