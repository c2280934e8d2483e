// One model call that describes an image at intake, so the log, the summaries and recall carry
// words for it (SPEC §15). The caller decides what to do when it throws.
import { collectResponse, type ModelClient } from "../../model/index.js";

export interface DescribeImageOptions {
  client: ModelClient;
  model: string;
  bytes: Uint8Array;
  mediaType: string;
  /** The sender's caption: what they want to know, so the description covers it. */
  caption: string;
  signal: AbortSignal;
}

/** The system prompt of a description call; tests route on its first words. */
export const DESCRIBE_IMAGE_PROMPT =
  "You describe images for a conversation log that is searched later. Say what the image shows in at most 120 words; copy any text in it verbatim (error messages, numbers, names). No preamble.";

/** The description (trimmed). Throws the ModelError of a failed call. */
export async function describeImage(options: DescribeImageOptions): Promise<string> {
  const caption = options.caption.trim();
  const response = await collectResponse(
    options.client,
    {
      model: options.model,
      messages: [
        { role: "system", content: DESCRIBE_IMAGE_PROMPT },
        {
          role: "user",
          content: [
            {
              type: "text",
              text: caption ? `The sender wrote: ${caption}` : "Describe this image.",
            },
            {
              type: "image",
              mediaType: options.mediaType,
              data: Buffer.from(options.bytes).toString("base64"),
            },
          ],
        },
      ],
      maxOutputTokens: 400,
    },
    options.signal,
  );
  return response.text.trim().replace(/\s+/g, " ");
}
