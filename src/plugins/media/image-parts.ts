// Images for the model (SPEC §15): the image attachments of the newest `mediaContext` user
// messages of the window go to the model as image parts when vision is on; older ones stay words
// (their description). Reads the files; a file gone missing is skipped (its description stands).
import type { MediaAttachment, SessionMessage } from "../../kernel/index.js";
import type { ImagePart } from "../../model/index.js";

export interface CollectImagePartsOptions {
  window: readonly SessionMessage[];
  mediaContext: number;
  read: (attachment: MediaAttachment) => Promise<Uint8Array>;
}

/** Image parts by the `seq` of the user message that carried them. */
export async function collectImageParts(
  options: CollectImagePartsOptions,
): Promise<Map<number, ImagePart[]>> {
  const parts = new Map<number, ImagePart[]>();
  if (options.mediaContext <= 0) return parts;
  const users = options.window.filter((message) => message.role === "user");
  for (const message of users.slice(-options.mediaContext)) {
    const images = (message.meta?.attachments ?? []).filter((item) => item.kind === "image");
    const loaded: ImagePart[] = [];
    for (const image of images) {
      const bytes = await options.read(image).catch(() => null);
      if (!bytes) continue;
      loaded.push({
        type: "image",
        mediaType: image.mediaType,
        data: Buffer.from(bytes).toString("base64"),
      });
    }
    if (loaded.length > 0) parts.set(message.seq, loaded);
  }
  return parts;
}

/**
 * Whether a chat model takes images when config `vision` is null: the families known to (GPT-4o,
 * 4.1, 5, o-series, Claude 3+, Gemini, Llama 3.2 Vision, LLaVA, Qwen-VL, Pixtral, Gemma 3).
 */
export function visionByModel(model: string): boolean {
  const id = model.toLowerCase();
  return /gpt-4o|gpt-4\.1|gpt-5|(^|\/)o[134](-|$)|claude|gemini|vision|llava|-vl\b|qwen.*vl|pixtral|gemma-?3|grok-4|mistral-(small|medium)-3/.test(
    id,
  );
}
