// Media as a plugin (SPEC §15, §17): the intake the channels and the web's upload hand files to —
// stored by content hash under .kern/media/, images described (mediaModel or the chat model),
// voice notes transcribed (transcriptionModel), documents' text extracted — and the image parts
// of the newest media turns for a chat model that sees images.
import type { Config } from "../../config/index.js";
import { createOpenAiTranscriber, type Transcriber } from "../../model/index.js";
import type { KernPlugin } from "../../runtime/index.js";
import { MediaStore } from "../../store/index.js";
import { collectImageParts, visionByModel } from "./image-parts.js";
import { MediaIntake } from "./media-intake.js";

/** Time for one transcription call: a long voice note on a CPU whisper server. */
const TRANSCRIPTION_TIMEOUT_MS = 120_000;

export interface MediaPluginOptions {
  /** Replaces the OpenAI-compatible transcriber (null = none even if configured): tests. */
  transcriber?: Transcriber | null;
}

export function createMediaPlugin(options: MediaPluginOptions = {}): KernPlugin {
  return {
    name: "media",
    setup(host) {
      const { config, paths, model } = host.kern;
      const store = MediaStore.open(paths, config.media.maxBytes);
      const intake = new MediaIntake({
        store,
        workers: host.kern.parse,
        describer: model ? { client: model.client, model: config.mediaModel ?? model.model } : null,
        transcriber:
          options.transcriber !== undefined
            ? options.transcriber
            : buildTranscriber(config, host.log),
        logger: host.log,
        ...imagesOption(config, model?.model ?? null, store),
      });
      host.kern.provideIntake(intake);
    },
  };
}

function buildTranscriber(
  config: Config,
  logger: Parameters<typeof createOpenAiTranscriber>[0]["logger"],
) {
  if (!config.transcriptionModel || !config.resolvedBaseUrl) return null;
  return createOpenAiTranscriber({
    baseUrl: config.resolvedBaseUrl,
    apiKey: config.secrets.apiKey,
    model: config.transcriptionModel,
    timeoutMs: TRANSCRIPTION_TIMEOUT_MS,
    logger,
  });
}

/** Image parts for the newest `mediaContext` turns, when the chat model takes images. */
function imagesOption(config: Config, model: string | null, store: MediaStore) {
  const vision = config.vision ?? (model ? visionByModel(model) : false);
  if (!vision || config.mediaContext === 0) return {};
  return {
    images: (window: Parameters<typeof collectImageParts>[0]["window"]) =>
      collectImageParts({
        window,
        mediaContext: config.mediaContext,
        read: (attachment) => store.read(attachment),
      }),
  };
}
