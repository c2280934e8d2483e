// Web sessions on disk (`.kern/web-sessions.json`), so a daemon restart does not log the browser
// out. The file holds only sha256 digests of session ids (a copy of it logs no one in), each with
// its expiry, and a fingerprint of KERN_AUTH_TOKEN: changing the token revokes every session.
// Written atomically (temp file + rename), readable by the owner only. A missing or damaged file
// means "no sessions": the user logs in again, nothing else breaks.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { writeFileAtomic } from "../../runtime/index.js";

const sessionFileSchema = z.object({
  version: z.literal(1),
  token: z.string(),
  sessions: z.array(z.object({ key: z.string(), expiresAt: z.number() })),
});

/** A fingerprint of the token that cannot be used as the token (domain-separated sha256). */
export function tokenFingerprint(token: string): string {
  return createHash("sha256").update(`kern web sessions\0${token}`, "utf8").digest("hex");
}

/** The live sessions in `file` (digest → expiry ms) made under this token. */
export function readSessionFile(
  file: string,
  fingerprint: string,
  now: number,
): Map<string, number> {
  const sessions = new Map<string, number>();
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return sessions;
  }
  const parsed = sessionFileSchema.safeParse(raw);
  if (!parsed.success || parsed.data.token !== fingerprint) return sessions;
  for (const { key, expiresAt } of parsed.data.sessions) {
    if (expiresAt > now) sessions.set(key, expiresAt);
  }
  return sessions;
}

export function writeSessionFile(
  file: string,
  fingerprint: string,
  sessions: ReadonlyMap<string, number>,
): void {
  const body = {
    version: 1,
    token: fingerprint,
    sessions: [...sessions].map(([key, expiresAt]) => ({ key, expiresAt })),
  };
  writeFileAtomic(file, `${JSON.stringify(body)}\n`);
}
