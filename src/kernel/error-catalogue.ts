// The catalogue of every error code kern raises (SG-14), in the manner of fastify's error codes: a
// stable code, the process exit code `kern` ends with, the HTTP status the API answers with, and
// a default message that says what to do. Call sites usually give a precise message of their own
// (naming the file, key or flag); the default is for callers that have nothing to add.

export interface ErrorCatalogueEntry {
  /** `kern`'s exit code (SG-22): 1 unexpected, 2 usage, 3 config, 4 daemon not running. */
  exit: 1 | 2 | 3 | 4;
  /** The HTTP status of an API answer carrying this code. */
  status: number;
  /** The default message: what happened and how to fix it. */
  message: string;
}

const LOG_HINT = "the details are in .kern/logs/kern.log";

export const ERROR_CATALOGUE = {
  KERN_USAGE: { exit: 2, status: 400, message: "bad usage; see 'kern --help'" },
  KERN_NOT_A_TERMINAL: {
    exit: 1,
    status: 500,
    message: "this command needs an interactive terminal; run it in one (not piped)",
  },
  KERN_NO_AGENT: {
    exit: 1,
    status: 500,
    message: "no agent folder here; run 'kern init DIR' first",
  },
  KERN_CONFIG_INVALID: {
    exit: 3,
    status: 500,
    message: "the config is invalid; see docs/config.md for every key and its default",
  },
  KERN_CONFIG_UNREADABLE: {
    exit: 3,
    status: 500,
    message: "a config file cannot be read; check its permissions",
  },
  KERN_INIT_FAILED: {
    exit: 1,
    status: 500,
    message: "the agent folder could not be created; check the path and its permissions",
  },
  KERN_IMPORT_INVALID: {
    exit: 3,
    status: 400,
    message: "the import file is not a conversation kern can read; see docs/cli.md (kern import)",
  },
  KERN_IMPORT_DUPLICATE: {
    exit: 3,
    status: 409,
    message: "this conversation was imported already",
  },
  KERN_STORE_CORRUPT: {
    exit: 1,
    status: 500,
    message: "a log file is damaged; run 'kern doctor' to see where",
  },
  KERN_STORE_FAILED: { exit: 1, status: 500, message: `a log or the index failed; ${LOG_HINT}` },
  KERN_INDEX_DAMAGED: {
    exit: 1,
    status: 500,
    message: "kern.db is damaged; rebuild it from the logs with 'kern reindex'",
  },
  KERN_DISK_FULL: { exit: 1, status: 507, message: "the disk is full; free space and retry" },
  KERN_MODEL_NOT_CONFIGURED: {
    exit: 1,
    status: 503,
    message: "no model is configured; set 'model' in .kern/config.json or export KERN_MODEL",
  },
  KERN_MODEL_HTTP: { exit: 1, status: 500, message: "the model endpoint refused the request" },
  KERN_MODEL_NETWORK: {
    exit: 1,
    status: 500,
    message: "the model endpoint is not reachable; check baseUrl and the network",
  },
  KERN_MODEL_STALLED: {
    exit: 1,
    status: 500,
    message: "the model stopped sending; see firstByteTimeoutMs and idleTimeoutMs",
  },
  KERN_MODEL_CANCELLED: { exit: 1, status: 500, message: "the model call was cancelled" },
  KERN_MODEL_BAD_RESPONSE: {
    exit: 1,
    status: 500,
    message: "the model endpoint answered something that is not an OpenAI-compatible reply",
  },
  KERN_EMBEDDING_FAILED: {
    exit: 1,
    status: 500,
    message: "embedding failed; check embeddingModel, or leave it unset for local embeddings",
  },
  KERN_TOOL_FAILED: { exit: 1, status: 500, message: "a tool call failed" },
  KERN_CHANNEL_API: {
    exit: 1,
    status: 500,
    message: "the chat platform refused a call; check the channel's token in .kern/.env",
  },
  KERN_CHANNEL_NETWORK: {
    exit: 1,
    status: 500,
    message: "the chat platform is not reachable; check the network",
  },
  KERN_CHANNEL_STOPPING: {
    exit: 1,
    status: 503,
    message: "aborted: the channel is stopping",
  },
  KERN_DAEMON_NOT_RUNNING: {
    exit: 4,
    status: 503,
    message: "the daemon is not running; start it with 'kern start DIR'",
  },
  KERN_AGENT_BUSY: {
    exit: 1,
    status: 409,
    message:
      "another kern process is writing this agent (a daemon or an import); wait for it to end, or stop it with 'kern stop'",
  },
  KERN_DAEMON_START_FAILED: {
    exit: 1,
    status: 500,
    message: `the daemon did not start; ${LOG_HINT}`,
  },
  KERN_DAEMON_API: { exit: 1, status: 500, message: `the daemon's API failed; ${LOG_HINT}` },
  KERN_NOT_FOUND: {
    exit: 1,
    status: 404,
    message: "no such endpoint; see the API table in SPEC §8",
  },
  KERN_UNAUTHORIZED: {
    exit: 1,
    status: 401,
    message:
      "not logged in: send 'Authorization: Bearer <token>' (KERN_AUTH_TOKEN in .kern/.env) or POST /login",
  },
  KERN_BAD_REQUEST: {
    exit: 1,
    status: 400,
    message: "the request is malformed; see the API table in SPEC §8",
  },
  KERN_PAIRING_UNKNOWN: {
    exit: 1,
    status: 404,
    message: "no pending pairing with that code; list them with GET /pairing",
  },
  KERN_FORBIDDEN: {
    exit: 1,
    status: 403,
    message: "cross-origin request refused: call the API from the page the daemon serves",
  },
  KERN_BODY_TOO_LARGE: {
    exit: 1,
    status: 413,
    message: "request body too large; send less text per message",
  },
  KERN_HEADERS_TOO_LARGE: {
    exit: 1,
    status: 431,
    message: "request line or headers too large; send long text in the JSON body",
  },
  KERN_UNSUPPORTED_MEDIA_TYPE: {
    exit: 1,
    status: 415,
    message: "send the body as JSON with 'Content-Type: application/json'",
  },
  KERN_MEDIA_TOO_LARGE: {
    exit: 1,
    status: 413,
    message: "the file is larger than this kind's limit; raise the limit in .kern/config.json",
  },
  KERN_MEDIA_TYPE_MISMATCH: {
    exit: 1,
    status: 415,
    message: "the file's bytes do not match its claimed type; send the file as what it is",
  },
  KERN_MEDIA_UNSUPPORTED: {
    exit: 1,
    status: 415,
    message: "kern takes images, audio, PDFs and text files; convert the file to one of them",
  },
  KERN_MEDIA_NOT_FOUND: {
    exit: 1,
    status: 404,
    message: "no stored file with that id; upload it again with POST /upload",
  },
  KERN_PARSE_LIMIT: {
    exit: 1,
    status: 422,
    message:
      "the file or page is too costly to read: it passed a limit of kern's parser (time, memory, size; the limits are in the docs)",
  },
  KERN_WEB_REFUSED: {
    exit: 1,
    status: 403,
    message:
      "refused: the address is loopback, private, link-local or metadata; set web.allowPrivateNetworks to allow it",
  },
  KERN_WEB_FAILED: { exit: 1, status: 502, message: "the web request failed" },
  KERN_INTERNAL: { exit: 1, status: 500, message: `internal error; ${LOG_HINT}` },
  KERN_UNAVAILABLE: { exit: 1, status: 503, message: "not available right now" },
  KERN_QUEUE_FULL: {
    exit: 1,
    status: 429,
    message: "too many messages are waiting; retry once the running turns end",
  },
  KERN_UNATTENDED_BUDGET: {
    exit: 1,
    status: 429,
    message:
      "today's unattended budget is spent (unattendedTokensPerDay); unattended work waits until midnight",
  },
  // the sandbox (SPEC §16)
  KERN_SANDBOX_UNAVAILABLE: {
    exit: 3,
    status: 500,
    message:
      'sandbox is "bwrap" but bubblewrap cannot run here; install it (Debian/Ubuntu: sudo apt-get install bubblewrap) or set sandbox to "auto" or "off" in .kern/config.json',
  },
  // MCP servers and skills (SPEC §14)
  KERN_APPROVAL_UNKNOWN: {
    exit: 1,
    status: 404,
    message: "no call waits for approval under that id; list them with 'kern approvals'",
  },
  KERN_APPROVAL_DECIDED: {
    exit: 1,
    status: 409,
    message: "that call was decided already (or its time ran out); list them with 'kern approvals'",
  },
  KERN_NOT_PERMITTED: {
    exit: 1,
    status: 403,
    message: "that is the operator's to do; ask the operator",
  },
  KERN_ROUTE_INVALID: {
    exit: 2,
    status: 400,
    message: "no such reply route; use web, tui, session or CHANNEL:CHAT of a paired chat",
  },
  KERN_SERVICE_UNAVAILABLE: {
    exit: 1,
    status: 503,
    message:
      "no service manager can be used here (systemctl --user, launchctl); run 'kern start' instead",
  },
  KERN_SERVICE_FAILED: {
    exit: 1,
    status: 500,
    message: "the service manager refused; see 'kern service status' and its journal",
  },
  KERN_BACKUP_FAILED: {
    exit: 1,
    status: 500,
    message: "the backup could not be written; check the destination's space and permissions",
  },
  KERN_BACKUP_CORRUPT: {
    exit: 1,
    status: 400,
    message: "the backup archive is damaged or not a kern backup; restore from another copy",
  },
  KERN_RESTORE_NOT_EMPTY: {
    exit: 2,
    status: 409,
    message: "the restore target is not empty; pick an empty folder or pass --force",
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

/**
 * The codes plugins add (SPEC §17): a plugin declares its own with their entries and augments this
 * interface (`declare module` in its folder), so its codes are typed like the core's while the
 * kernel names none of them. Its errors carry their entry (`KernErrorOptions.entry`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: augmented by the plugins (declaration merging)
export interface PluginErrorCodes {}

/** Every error code kern raises. Tests assert on these, never on message text. */
export type KernErrorCode = keyof typeof ERROR_CATALOGUE | keyof PluginErrorCodes;

/** Where a code that is no core code gets its exit code and HTTP status: a plain failure. */
const PLUGIN_DEFAULT: ErrorCatalogueEntry = {
  exit: 1,
  status: 500,
  message: `a plugin's operation failed; ${LOG_HINT}`,
};

/** The core catalogue's entry for a code, else the plain default (a plugin's errors carry theirs). */
export function catalogueEntry(code: string): ErrorCatalogueEntry {
  return Object.hasOwn(ERROR_CATALOGUE, code)
    ? ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE]
    : PLUGIN_DEFAULT;
}

/**
 * True for a code kern could have raised: the core catalogue's, or a plugin's `KERN_…` (one read
 * from an API answer or a child process).
 */
export function isKernErrorCode(code: string): code is KernErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code) || /^KERN_[A-Z0-9_]{2,60}$/.test(code);
}
