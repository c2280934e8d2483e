// GET a URL for the agent with the checks a server-side fetch needs (SSRF): only http and https;
// every address a name resolves to is checked when the connection is made (the check and the
// connection use the same answer, so a DNS rebind cannot slip between them); redirects are
// followed by hand and each hop is checked again; a size and a time limit.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { KernError } from "../../kernel/index.js";
import { blockedAddressReason } from "./blocked-address.js";

/** Resolves a name to every address (the shape of `dns.lookup` with `all: true`). */
export type ResolveAddresses = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedFetchOptions {
  allowPrivateNetworks: boolean;
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  /** DNS; defaults to the system resolver. Tests give a table. */
  resolve?: ResolveAddresses;
  /** Which addresses are off limits; defaults to blockedAddressReason. */
  blockedReason?: (address: string) => string | null;
  /** Hops followed at most (browsers allow 20; a page needing more than 5 is rare). */
  maxRedirects?: number;
}

export interface FetchedPage {
  /** The URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** The body was cut at maxBytes. */
  truncated: boolean;
}

const systemResolve: ResolveAddresses = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

function refused(url: URL, address: string, reason: string): KernError {
  return new KernError(
    "KERN_WEB_REFUSED",
    `refused ${url.host}: ${address} is ${reason}; webfetch reaches only public addresses unless web.allowPrivateNetworks is true in .kern/config.json`,
  );
}

/** A `lookup` for http.request that resolves, checks every answer, and connects to a checked one. */
function guardedLookup(url: URL, options: GuardedFetchOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  const blocked = options.blockedReason ?? blockedAddressReason;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter((entry) => isIP(entry.address) !== 0);
        for (const entry of usable) {
          const reason = options.allowPrivateNetworks ? null : blocked(entry.address);
          if (reason) return callback(refused(url, entry.address, reason), "", 0);
        }
        const first = usable[0];
        if (!first) {
          const error = Object.assign(new Error(`${hostname} has no address`), {
            code: "ENOTFOUND",
          });
          return callback(error, "", 0);
        }
        if (lookupOptions.all) {
          (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, usable);
        } else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function checkUrl(url: URL, options: GuardedFetchOptions): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new KernError(
      "KERN_WEB_REFUSED",
      `refused ${url.protocol} URL: webfetch fetches only http and https`,
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) === 0 || options.allowPrivateNetworks) return;
  const reason = (options.blockedReason ?? blockedAddressReason)(host);
  if (reason) throw refused(url, host, reason);
}

interface Hop {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

function readBody(
  response: IncomingMessage,
  maxBytes: number,
): Promise<Omit<Hop, "status" | "headers">> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      if (size >= maxBytes) return;
      parts.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        response.destroy();
        resolve({ body: Buffer.concat(parts).subarray(0, maxBytes), truncated: true });
      }
    });
    response.on("end", () => resolve({ body: Buffer.concat(parts), truncated: false }));
    response.on("error", reject);
  });
}

function requestHop(url: URL, options: GuardedFetchOptions, signal: AbortSignal): Promise<Hop> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: "GET",
        lookup: guardedLookup(url, options),
        signal,
        headers: {
          "user-agent": "kern-webfetch/1 (+https://github.com/kern)",
          accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, headers: response.headers, body: Buffer.alloc(0), truncated: false });
          return;
        }
        readBody(response, options.maxBytes).then(
          (body) => resolve({ status, headers: response.headers, ...body }),
          reject,
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function toWebError(error: unknown, url: URL, timedOut: boolean): KernError {
  if (error instanceof KernError) return error;
  if (timedOut) return new KernError("KERN_WEB_FAILED", `${url.host} did not answer in time`);
  const cause = error as NodeJS.ErrnoException;
  if (cause?.cause instanceof KernError) return cause.cause;
  return new KernError(
    "KERN_WEB_FAILED",
    `fetching ${url.host} failed (${cause?.code ?? cause?.message ?? String(error)})`,
    { cause: error },
  );
}

/** Fetches `address`. Throws KERN_WEB_REFUSED (a checked rule) or KERN_WEB_FAILED. */
export async function guardedFetch(
  address: string,
  options: GuardedFetchOptions,
): Promise<FetchedPage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new KernError("KERN_USAGE", `"${address}" is not a URL; give a full http(s) URL`);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    checkUrl(url, options);
    let answer: Hop;
    try {
      answer = await requestHop(url, options, signal);
    } catch (error) {
      throw toWebError(error, url, timeout.aborted);
    }
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const contentType = String(answer.headers["content-type"] ?? "").toLowerCase();
    const { status, body, truncated } = answer;
    return { url: url.href, status, contentType, body, truncated };
  }
  throw new KernError("KERN_WEB_FAILED", `more than ${maxRedirects} redirects from ${address}`);
}
