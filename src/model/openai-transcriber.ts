// Speech to text through an OpenAI-compatible `POST /audio/transcriptions` (multipart: `file`,
// `model`), the endpoint OpenAI, Groq and local whisper servers (speaches, whisper.cpp's server)
// share. One call per voice note at intake; failures throw a ModelError that says how to fix it.
import OpenAI, { toFile } from "openai";
import { z } from "zod";
import type { Logger } from "../log/index.js";
import { toModelError } from "./to-model-error.js";

export interface TranscribeRequest {
  bytes: Uint8Array;
  /** A file name whose extension tells the server the container (`voice.ogg`). */
  name: string;
  mediaType: string;
}

/** Turns audio into text. Throws a ModelError (`KERN_MODEL_*`) on failure or abort. */
export interface Transcriber {
  readonly model: string;
  transcribe(request: TranscribeRequest, signal: AbortSignal): Promise<string>;
}

export interface OpenAiTranscriberOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** One call's time limit (a long voice note takes a while on a CPU whisper server). */
  timeoutMs: number;
  logger: Logger;
}

const transcriptionSchema = z.object({ text: z.string() });

/** Creates the transcriber; no request until `transcribe`. */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const sdk = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? "not-needed",
    maxRetries: 1,
    timeout: options.timeoutMs,
    logLevel: "off",
  });
  const logger = options.logger.child({ component: "transcriber" });
  return {
    model: options.model,
    async transcribe(request, signal) {
      const started = Date.now();
      try {
        const file = await toFile(request.bytes, request.name, { type: request.mediaType });
        const answer: unknown = await sdk.audio.transcriptions.create(
          { file, model: options.model, response_format: "json" },
          { signal },
        );
        const { text } = transcriptionSchema.parse(answer);
        logger.info({ ms: Date.now() - started, chars: text.length }, "transcribed");
        return text.trim();
      } catch (error) {
        throw toModelError(error);
      }
    },
  };
}
