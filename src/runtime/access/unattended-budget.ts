// The day's budget for unattended work (SPEC §13: `unattendedTokensPerDay`): input + output
// tokens since local midnight of everything that runs without a person — every turn kind a
// plugin registered as unattended, and a sub-agent's own steps — read from the usage rows the
// turn loop records. At the cap unattended work is skipped (each feature asks `allows`),
// and the operator hears about it once a day (a log warning and a notice in status), not once per
// refusal.
import { type Clock, isoNow, startOfLocalDay } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";

export interface UnattendedBudgetOptions {
  /** Tokens per day; null = no cap. */
  capPerDay: number | null;
  timezone: string;
  clock: Clock;
  logger: Logger;
  /**
   * The usage purposes that count as unattended: the kinds plugins registered as unattended (a
   * turn's kind is its usage rows' purpose; a sub-agent's own steps use its kind too).
   */
  purposes: () => readonly string[];
  /** Tokens of the given purposes since an ISO time (StateRepo.tokensSince). */
  tokensSince(sinceIso: string, purposes: readonly string[]): number;
  /** Told once a day when the cap is reached (the runtime's notice for status and /events). */
  onNotice?: (text: string) => void;
}

export interface BudgetNotice {
  /** The local day start (ISO) this notice is about. */
  day: string;
  at: string;
  text: string;
}

export class UnattendedBudget {
  private lastNotice: BudgetNotice | null = null;

  constructor(private readonly options: UnattendedBudgetOptions) {}

  get capPerDay(): number | null {
    return this.options.capPerDay;
  }

  /** Tokens spent on unattended turns since local midnight. */
  spentToday(): number {
    return this.options.tokensSince(this.dayStart(), this.options.purposes());
  }

  /** Today's notice, if the cap was reached today. */
  get notice(): BudgetNotice | null {
    return this.lastNotice?.day === this.dayStart() ? this.lastNotice : null;
  }

  /**
   * True when an unattended run may go ahead (and, with `reserve`, one more step of that size
   * after it). At the cap: false, and the first refusal of the day warns once (log + onNotice).
   */
  allows(what: string, reserve = 0): boolean {
    const cap = this.options.capPerDay;
    if (cap === null) return true;
    const spent = this.spentToday();
    // `reserve`: what the step after this one will likely cost (a turn's previous step).
    if (spent + reserve < cap) return true;
    const day = this.dayStart();
    if (this.lastNotice?.day !== day) {
      const text = `unattended budget reached: ${spent} of ${cap} tokens today (unattendedTokensPerDay); unattended work is skipped until midnight (${this.options.timezone})`;
      this.lastNotice = { day, at: isoNow(this.options.clock), text };
      this.options.logger.warn({ spent, cap, skipped: what }, "unattended budget reached");
      this.options.onNotice?.(text);
    }
    return false;
  }

  private dayStart(): string {
    const start = startOfLocalDay(this.options.clock.now(), this.options.timezone);
    return new Date(start).toISOString();
  }
}
