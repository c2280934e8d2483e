// Cookie header parsing and the session cookie's Set-Cookie line (@fastify/cookie is not a
// dependency on purpose: we need one cookie). Pure: no I/O.

/** Reads one cookie from a `Cookie` header; undefined when absent or badly encoded. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return undefined; // a malformed %-escape is treated like a missing cookie
    }
  }
  return undefined;
}

export interface SessionCookieOptions {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

/**
 * The Set-Cookie value for the web session: HttpOnly (no script reads it), SameSite=Strict (no
 * cross-site request carries it), Path=/. Not `Secure`: the daemon serves plain HTTP on loopback.
 */
export function sessionCookie(options: SessionCookieOptions): string {
  const value = encodeURIComponent(options.value);
  return `${options.name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${options.maxAgeSeconds}`;
}

/** The Set-Cookie value that deletes the session cookie. */
export function clearedSessionCookie(name: string): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}
