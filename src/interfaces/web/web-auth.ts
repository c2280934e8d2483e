// Who may call the API: the bearer token (constant-time compare) or a session cookie made by
// POST /login. A session is a random id, never the token itself; with `sessionsFile` the sessions
// survive a daemon restart (web-session-file.ts).
import { createHash, timingSafeEqual } from "node:crypto";
import { type Clock, ConfigError, createSecret } from "../../kernel/index.js";
import { readCookie } from "./cookies.js";
import { LoginCodes } from "./login-codes.js";
import { readSessionFile, tokenFingerprint, writeSessionFile } from "./web-session-file.js";

/** Sessions last a week from login; logging out or changing KERN_AUTH_TOKEN ends them sooner. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Past this many live sessions the oldest is dropped, so repeated logins cannot grow memory. */
const MAX_SESSIONS = 100;

export interface WebAuthOptions {
  authToken: string;
  cookieName: string;
  clock: Clock;
  /** Where sessions are kept across restarts; null keeps them in memory only. */
  sessionsFile?: string | null;
}

export type AuthMethod = "bearer" | "cookie";

export interface AuthHeaders {
  authorization?: string | undefined;
  cookie?: string | undefined;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

export class WebAuth {
  private readonly tokenDigest: Buffer;
  private readonly cookieName: string;
  private readonly clock: Clock;
  /** sha256(session id) hex → expiry (ms). Keyed by digest so lookups reveal nothing by timing. */
  private readonly sessions: Map<string, number>;
  private readonly sessionsFile: string | null;
  private readonly fingerprint: string;
  /** One-time codes `kern status` prints; the login form takes one instead of the token. */
  readonly loginCodes: LoginCodes;

  constructor(options: WebAuthOptions) {
    if (options.authToken.trim().length === 0) {
      throw new ConfigError(
        "KERN_CONFIG_INVALID",
        "KERN_AUTH_TOKEN is empty: set it in .kern/.env (kern init writes a random one)",
      );
    }
    this.tokenDigest = digest(options.authToken);
    this.cookieName = options.cookieName;
    this.clock = options.clock;
    this.sessionsFile = options.sessionsFile ?? null;
    this.fingerprint = tokenFingerprint(options.authToken);
    this.loginCodes = new LoginCodes(options.clock);
    this.sessions = this.sessionsFile
      ? readSessionFile(this.sessionsFile, this.fingerprint, this.clock.now())
      : new Map();
  }

  /** Constant-time comparison of a candidate with the token (both hashed to equal length). */
  isToken(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.tokenDigest);
  }

  /** True for the token or a live one-time login code (which is spent). */
  mayLogIn(candidate: string): boolean {
    return this.isToken(candidate) || this.loginCodes.redeem(candidate);
  }

  /** Starts a session and returns its id (the cookie value). */
  createSession(): string {
    const id = createSecret(32);
    this.sessions.set(this.key(id), this.clock.now() + SESSION_TTL_MS);
    while (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    this.save();
    return id;
  }

  hasSession(id: string): boolean {
    const key = this.key(id);
    const expiresAt = this.sessions.get(key);
    if (expiresAt === undefined) return false;
    if (expiresAt <= this.clock.now()) {
      this.sessions.delete(key);
      return false;
    }
    return true;
  }

  deleteSession(id: string): void {
    if (this.sessions.delete(this.key(id))) this.save();
  }

  /** The session id the request's cookie carries, if any. */
  sessionIdOf(headers: AuthHeaders): string | undefined {
    return readCookie(headers.cookie, this.cookieName);
  }

  /** How the request proves who it is, or null when it does not. */
  authenticate(headers: AuthHeaders): AuthMethod | null {
    const authorization = headers.authorization;
    if (authorization?.startsWith("Bearer ")) {
      return this.isToken(authorization.slice("Bearer ".length).trim()) ? "bearer" : null;
    }
    const sessionId = this.sessionIdOf(headers);
    if (sessionId !== undefined && this.hasSession(sessionId)) return "cookie";
    return null;
  }

  /** Writes the sessions through; a failed write costs persistence, never the login. */
  private save(): void {
    if (!this.sessionsFile) return;
    try {
      writeSessionFile(this.sessionsFile, this.fingerprint, this.sessions);
    } catch {
      // read-only folder: the session still works until the daemon stops
    }
  }

  private key(id: string): string {
    return digest(id).toString("hex");
  }
}
