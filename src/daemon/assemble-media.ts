// The media part of the composition root (SPEC §15): the store under .kern/media/, the intake with
// its describer (mediaModel or the chat model) and transcriber (transcriptionModel on the chat
// endpoint), and the web tools. Each collaborator is replaceable by tests through the options.
import type { AgentPaths, Config } from "../config/index.js";
import type { Logger } from "../log/index.js";
import { createOpenAiTranscriber, type ModelClient, type Transcriber } from "../model/index.js";
import {
  createWebToolSource,
  MediaIntake,
  ParseWorkers,
  type ToolSource,
} from "../runtime/index.js";
import { MediaStore } from "../store/index.js";

export interface AssembleMediaOptions {
  config: Config;
  paths: AgentPaths;
  chatModel: { client: ModelClient; model: string } | null;
  logger: Logger;
  /** Replaces the OpenAI-compatible transcriber (null = none even if configured). */
  transcriber?: Transcriber | null;
}

/** Time for one transcription call: a long voice note on a CPU whisper server. */
const TRANSCRIPTION_TIMEOUT_MS = 120_000;

function buildTranscriber(options: AssembleMediaOptions): Transcriber | null {
  if (options.transcriber !== undefined) return options.transcriber;
  const { config } = options;
  if (!config.transcriptionModel || !config.resolvedBaseUrl) return null;
  return createOpenAiTranscriber({
    baseUrl: config.resolvedBaseUrl,
    apiKey: config.secrets.apiKey,
    model: config.transcriptionModel,
    timeoutMs: TRANSCRIPTION_TIMEOUT_MS,
    logger: options.logger,
  });
}

export function assembleMedia(options: AssembleMediaOptions): {
  media: MediaIntake;
  tools: ToolSource;
} {
  const { config, chatModel } = options;
  const store = MediaStore.open(options.paths, config.media.maxBytes);
  // One pool for the daemon: at most two parses at once, all ended by its stop (media.stop()).
  const workers = new ParseWorkers();
  const media = new MediaIntake({
    workers,
    store,
    describer: chatModel
      ? { client: chatModel.client, model: config.mediaModel ?? chatModel.model }
      : null,
    transcriber: buildTranscriber(options),
    logger: options.logger,
  });
  const tools = createWebToolSource({
    allowPrivateNetworks: config.web.allowPrivateNetworks,
    searxngUrl: config.searxngUrl,
    media: store,
    workers,
  });
  return { media, tools };
}
