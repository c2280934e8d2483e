// The one schema of `.kern/config.json` with every default (SG-19). docs/config.md is checked
// against it by a test: change both together. Pure.
import { z } from "zod";
import type { NamedSecret } from "../kernel/index.js";
import { accessKeys } from "./access-keys.js";
import { jobsAndHeartbeatKeys } from "./jobs-keys.js";
import { type McpInvalidServer, type McpServerConfig, mcpServersSchema } from "./mcp-keys.js";
import { recallAssistKeys } from "./recall-assist-keys.js";
import { sandboxKeys } from "./sandbox-keys.js";
import { telemetryKeys } from "./telemetry-keys.js";
import { toolLimitKeys } from "./tool-limit-keys.js";

export {
  FOREIGN_SERVER_KEYS,
  isInvalidMcpServer,
  MCP_SERVER_NAME,
  type McpInvalidServer,
  type McpServerConfig,
  type McpServerEntry,
  mcpServerSchema,
} from "./mcp-keys.js";
export { SANDBOX_MODES, type SandboxMode } from "./sandbox-keys.js";

export const PROVIDERS = ["openai", "openrouter", "ollama", "openai-compatible"] as const;
export type Provider = (typeof PROVIDERS)[number];

const segmentationSchema = z
  .object({
    targetTokens: z
      .number()
      .int()
      .positive()
      .default(15_000)
      .describe(
        "Segment size to aim for, on average: a topic shift closes a segment from 80% of it on, and none grows past 150% of it while a user message allows a cut.",
      ),
    minTokens: z.number().int().positive().default(5_000).describe("No segment closes below this."),
    minMessages: z.number().int().positive().default(10).describe("Nor with fewer messages."),
    triggerMessages: z
      .number()
      .int()
      .positive()
      .default(10)
      .describe("Incremental segmentation waits for this many unsegmented messages."),
    triggerTokens: z
      .number()
      .int()
      .positive()
      .default(10_000)
      .describe("...and this many unsegmented tokens."),
    window: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(5)
      .describe("Messages on each side of a candidate boundary compared for topic shift."),
  })
  .strict()
  .default({
    targetTokens: 15_000,
    minTokens: 5_000,
    minMessages: 10,
    triggerMessages: 10,
    triggerTokens: 10_000,
    window: 5,
  });

const telegramSchema = z
  .object({
    apiRoot: z
      .url()
      .default("https://api.telegram.org")
      .describe("Bot API server; env KERN_TELEGRAM_API_ROOT."),
    editIntervalMs: z
      .number()
      .int()
      .min(200)
      .default(1000)
      .describe("At most one edit of a streamed reply per this many ms per chat."),
  })
  .strict()
  .default({ apiRoot: "https://api.telegram.org", editIntervalMs: 1000 });

// media (SPEC §15): intake of photos, voice notes and documents, and the web tools.
const MIB = 1024 * 1024;
/**
 * Per-kind limits. 20 MiB covers a phone photo many times over (Telegram sends photos <= 10 MB);
 * 25 MiB is OpenAI's /audio/transcriptions limit; 50 MiB for documents (the Bot API's getFile
 * hands out at most 20 MB, so larger ones come only through the web upload).
 */
const mediaMaxBytesSchema = z
  .object({
    image: z
      .number()
      .int()
      .positive()
      .default(20 * MIB)
      .describe("Largest image, in bytes."),
    voice: z
      .number()
      .int()
      .positive()
      .default(25 * MIB)
      .describe("Largest voice note."),
    audio: z
      .number()
      .int()
      .positive()
      .default(25 * MIB)
      .describe("Largest audio file."),
    document: z
      .number()
      .int()
      .positive()
      .default(50 * MIB)
      .describe("Largest PDF or text file."),
  })
  .strict()
  .default({ image: 20 * MIB, voice: 25 * MIB, audio: 25 * MIB, document: 50 * MIB });

const mediaSchema = z
  .object({ maxBytes: mediaMaxBytesSchema })
  .strict()
  .default({ maxBytes: { image: 20 * MIB, voice: 25 * MIB, audio: 25 * MIB, document: 50 * MIB } });

const webSchema = z
  .object({
    allowPrivateNetworks: z
      .boolean()
      .default(false)
      .describe(
        "Let webfetch reach loopback, private, link-local and metadata addresses (off: refused after DNS and on every redirect).",
      ),
  })
  .strict()
  .default({ allowPrivateNetworks: false });

const mediaKeys = {
  vision: z
    .boolean()
    .nullable()
    .default(null)
    .describe("Send images to the chat model as image parts; null = by provider/model name."),
  mediaContext: z
    .number()
    .int()
    .min(0)
    .max(20)
    .default(2)
    .describe("The newest user turns whose images go to the model as image parts."),
  mediaModel: z
    .string()
    .min(1)
    .nullable()
    .default(null)
    .describe("Describes images once at intake; null = the chat model."),
  transcriptionModel: z
    .string()
    .min(1)
    .nullable()
    .default(null)
    .describe(
      "Transcribes voice and audio at intake through the endpoint's /audio/transcriptions (e.g. whisper-1); null = none.",
    ),
  media: mediaSchema,
  web: webSchema,
};

export const configFileSchema = z
  .object({
    name: z.string().min(1).optional().describe("Agent name; defaults to the folder name."),
    provider: z
      .enum(PROVIDERS)
      .default("openai-compatible")
      .describe("Model provider preset; env KERN_PROVIDER."),
    model: z
      .string()
      .min(1)
      .nullable()
      .default(null)
      .describe("Chat model; env KERN_MODEL. null = no model (offline)."),
    baseUrl: z
      .url()
      .nullable()
      .default(null)
      .describe("OpenAI-compatible endpoint; env KERN_BASE_URL. null = the provider's default."),
    embeddingModel: z
      .string()
      .min(1)
      .default("local")
      .describe("`local` (built in) or a model name on the endpoint; env KERN_EMBEDDING_MODEL."),
    summaryModel: z
      .string()
      .min(1)
      .nullable()
      .default(null)
      .describe("Model for summaries; null = the chat model; env KERN_SUMMARY_MODEL."),
    maxContextTokens: z
      .number()
      .int()
      .min(1000)
      .default(100_000)
      .describe("Whole prompt budget in tokens."),
    summaryBudget: z
      .number()
      .min(0)
      .max(0.95)
      .default(0.75)
      .describe("Share of the budget for <conversation_summary>; 0 disables summaries."),
    summaryWaitMs: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe("Longest a turn waits for a pending summary before using a stand-in."),
    maxToolResultChars: z
      .number()
      .int()
      .min(200)
      .default(20_000)
      .describe("Tool results longer than this are shortened in the prompt (head + tail)."),
    maxSteps: z.number().int().min(1).max(200).default(30).describe("Model steps per turn."),
    toolScope: z
      .enum(["full", "write", "read"])
      .default("full")
      .describe("full = all tools; write = no bash; read = read-only tools."),
    workingMemory: z
      .boolean()
      .default(true)
      .describe(
        "Keep and inject <working_memory>. With a model configured this costs one background model call per turn (the keeper: summaryModel, else the chat model); without one, rules only. false = no call, no section.",
      ),
    autoRecall: z
      .boolean()
      .default(true)
      .describe("Search before each turn when history was trimmed; <recall> on the user message."),
    ...recallAssistKeys,
    port: z
      .number()
      .int()
      .min(0)
      .max(65_535)
      .nullable()
      .default(null)
      .describe(
        "API port; kern init picks a free one (null: chosen at first start and kept); env KERN_PORT.",
      ),
    host: z.string().min(1).default("127.0.0.1").describe("Address the API listens on."),
    logLevel: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info")
      .describe("Lowest level written to .kern/logs/kern.log; env KERN_LOG_LEVEL."),
    firstByteTimeoutMs: z
      .number()
      .int()
      .min(100)
      .default(60_000)
      .describe("A model call with no answer (headers and first chunk) this long fails."),
    idleTimeoutMs: z
      .number()
      .int()
      .min(100)
      .default(30_000)
      .describe("A model stream silent this long between chunks is aborted."),
    modelRetries: z
      .number()
      .int()
      .min(0)
      .max(10)
      .default(3)
      .describe("Retries on 429/5xx/network errors (never on a timeout)."),
    bashTimeoutMs: z.number().int().min(100).default(120_000).describe("bash tool timeout."),
    ...sandboxKeys,
    ...toolLimitKeys,
    summaryConcurrency: z
      .number()
      .int()
      .min(1)
      .max(16)
      .optional()
      .describe(
        "Model summary calls at once. Unset: by provider (openai 8, openrouter 8, openai-compatible 4, ollama 1).",
      ),
    summaryTimeoutMs: z
      .number()
      .int()
      .min(100)
      .default(120_000)
      .describe("One summary call's time limit."),
    rollupFanout: z
      .number()
      .int()
      .min(2)
      .max(50)
      .default(10)
      .describe("Children per rollup parent."),
    // sub-agents and background commands (SPEC §13)
    maxSubagents: z
      .number()
      .int()
      .min(0)
      .max(16)
      .default(3)
      .describe("Sub-agents running at once (spawn); 0 turns spawn off."),
    subagentDepth: z
      .number()
      .int()
      .min(0)
      .max(3)
      .default(1)
      .describe("How deep sub-agents nest: 1 = a turn may spawn, a sub-agent may not."),
    subagentTimeoutMs: z
      .number()
      .int()
      .min(1000)
      .default(600_000)
      .describe("A sub-agent's time limit (spawn's timeout may ask for less, never more)."),
    maxBackgroundProcesses: z
      .number()
      .int()
      .min(0)
      .max(64)
      .default(5)
      .describe("Background commands (bash background: true) running at once."),
    segmentation: segmentationSchema,
    telegram: telegramSchema,
    ...mediaKeys,
    mcpServers: mcpServersSchema,
    ...jobsAndHeartbeatKeys,
    ...accessKeys,
    ...telemetryKeys,
  })
  .strict();

export type ConfigFile = z.infer<typeof configFileSchema>;

/** Secrets from `.kern/.env` and the environment; never logged, never written to config.json. */
export interface Secrets {
  /** Every value that must never reach the history, a log or a model (secrets-to-redact.ts). */
  named: readonly NamedSecret[];
  apiKey: string | null;
  authToken: string | null;
  telegramToken: string | null;
  /** `mcpServers` with every `${VAR}` filled (headers and env may hold tokens). */
  mcpServers: Readonly<Record<string, ResolvedMcpEntry>>;
  /** A secret by name: the environment, else `.kern/.env` (plugins' tokens); null when unset. */
  lookup(name: string): string | null;
}

/** One MCP server as the runtime starts it; `missing` names `${VAR}`s no file or env sets. */
export type ResolvedMcpServer = McpServerConfig & { missing: string[] };

/** A configured entry as the runtime gets it: a server to start, or one reported invalid. */
export type ResolvedMcpEntry = ResolvedMcpServer | McpInvalidServer;

/**
 * Summary calls in flight when `summaryConcurrency` is unset. Hosted APIs serve many requests at
 * once (their rate limits are in the hundreds of requests a minute; 8 calls of a few seconds stay
 * far below); a local Ollama runs one model and queues the rest, so more only adds waiting.
 */
export const PROVIDER_SUMMARY_CONCURRENCY: Record<Provider, number> = {
  openai: 8,
  openrouter: 8,
  ollama: 1,
  "openai-compatible": 4,
};

/** The loaded, validated, frozen configuration of one agent. */
export interface Config extends Omit<ConfigFile, "summaryConcurrency"> {
  /** `summaryConcurrency`, else the provider's PROVIDER_SUMMARY_CONCURRENCY. */
  summaryConcurrency: number;
  agentDir: string;
  /** Agent name (config `name`, else the folder name). */
  agentName: string;
  /** The endpoint to call: baseUrl, else the provider's default, else null. */
  resolvedBaseUrl: string | null;
  /** A SearXNG instance for the websearch tool (env SEARXNG_URL, or .kern/.env); null = none. */
  searxngUrl: string | null;
  /** The daemon's home folder (env HOME): the sandbox shows an empty one in its place. */
  home: string;
  secrets: Secrets;
}

export const PROVIDER_BASE_URLS: Record<Provider, string | null> = {
  openai: "https://api.openai.com/v1",
  openrouter: "https://openrouter.ai/api/v1",
  ollama: "http://127.0.0.1:11434/v1",
  "openai-compatible": null,
};

/** The .env variable holding each provider's key (KERN_API_KEY works for all). */
export const PROVIDER_KEY_VARIABLES: Record<Provider, string> = {
  openai: "OPENAI_API_KEY",
  openrouter: "OPENROUTER_API_KEY",
  ollama: "OLLAMA_API_KEY",
  "openai-compatible": "KERN_API_KEY",
};
