// One-time login codes: `kern status` (holding the token) asks the daemon for one and prints it,
// the user types it into the login form — one step, and no token in a URL or on screen. A code
// works once, for ten minutes; only a few live at a time. Kept in memory: a restart voids them.
import { createHash, randomInt } from "node:crypto";
import type { Clock } from "../../kernel/index.js";

export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
const MAX_LIVE_CODES = 5;
/** No 0/O, 1/I/L: easy to read off a terminal and type. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export class LoginCodes {
  /** sha256(normalized code) → expiry (ms). */
  private readonly codes = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** A fresh code like `K7QM-X3TP` (40 bits) and when it expires. */
  create(): { code: string; expiresAt: number } {
    const characters = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const code = `${characters.slice(0, 4).join("")}-${characters.slice(4).join("")}`;
    const expiresAt = this.clock.now() + LOGIN_CODE_TTL_MS;
    this.codes.set(digest(code), expiresAt);
    while (this.codes.size > MAX_LIVE_CODES) {
      const oldest = this.codes.keys().next().value;
      if (oldest === undefined) break;
      this.codes.delete(oldest);
    }
    return { code, expiresAt };
  }

  /** True once for a live code (any case, dash optional); the code is spent either way. */
  redeem(candidate: string): boolean {
    const key = digest(candidate);
    const expiresAt = this.codes.get(key);
    if (expiresAt === undefined) return false;
    this.codes.delete(key);
    return expiresAt > this.clock.now();
  }
}

function digest(code: string): string {
  const normalized = code.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return createHash("sha256").update(normalized, "utf8").digest("hex");
}
