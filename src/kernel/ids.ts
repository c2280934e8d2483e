// Every id kern makes comes from here (SG-5): time-ordered, url-safe, with a short type prefix.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijkmnpqrstuvwxyz";

function randomPart(length: number): string {
  const bytes = randomBytes(length);
  let text = "";
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return text;
}

/** A sortable id such as `turn_m1abcd_x7k2p9`: prefix, base-36 milliseconds, random tail. */
export function createId(prefix: string, nowMs: number = Date.now()): string {
  return `${prefix}_${nowMs.toString(36)}_${randomPart(6)}`;
}

/**
 * A short id people type in chat, such as `p-3f2a9k` (a background command) or `s-7hq2mx` (a
 * sub-agent): prefix, dash, six random characters (34^6 ≈ 1.5e9; a daemon holds a few dozen).
 */
export function createShortId(prefix: string): string {
  return `${prefix}-${randomPart(6)}`;
}

/** A random secret of `bytes` bytes, hex-encoded (auth tokens). */
export function createSecret(bytes = 32): string {
  return randomBytes(bytes).toString("hex");
}

/** A pairing code like `KERN-7X4M`: letters and digits without I, O, 0 and 1. */
export function createPairingCode(): string {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(4);
  let code = "";
  for (const byte of bytes) code += letters[byte % letters.length];
  return `KERN-${code}`;
}
