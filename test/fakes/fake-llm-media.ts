// Media on the fake OpenAI-compatible server: `POST /v1/audio/transcriptions` (multipart `file` and
// `model`, answered `{ "text" }`), and a reader for the image parts a chat request carries.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeChatRequest } from "./fake-llm-types.js";

/** One transcription request as the server received it. */
export interface FakeTranscriptionRequest {
  model: string;
  fileName: string;
  mediaType: string;
  bytes: Uint8Array;
}

export class FakeTranscriptions {
  readonly requests: FakeTranscriptionRequest[] = [];
  /** What the endpoint answers; a function sees the request. */
  reply: string | ((request: FakeTranscriptionRequest) => string) = "fake transcript";
  /** Status to fail the next request with (then cleared). */
  failNext: number | null = null;

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    const form = await new Response(Buffer.concat(parts), {
      headers: { "content-type": request.headers["content-type"] ?? "" },
    }).formData();
    const file = form.get("file");
    const model = form.get("model");
    if (!(file instanceof Blob) || typeof model !== "string") {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "file and model are required" } }));
      return;
    }
    const received: FakeTranscriptionRequest = {
      model,
      fileName: "name" in file && typeof file.name === "string" ? file.name : "",
      mediaType: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    };
    this.requests.push(received);
    if (this.failNext !== null) {
      const status = this.failNext;
      this.failNext = null;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "injected failure" } }));
      return;
    }
    const text = typeof this.reply === "function" ? this.reply(received) : this.reply;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ text }));
  }
}

/** An image part of a chat request: its media type and bytes (from the data URL). */
export interface FakeImagePart {
  mediaType: string;
  bytes: Buffer;
}

/** The image parts of a request's messages, with the text beside each image's message. */
export function imagePartsOf(request: FakeChatRequest): Array<FakeImagePart & { text: string }> {
  const found: Array<FakeImagePart & { text: string }> = [];
  for (const message of request.messages) {
    if (!Array.isArray(message.content)) continue;
    const parts = message.content as Array<Record<string, unknown>>;
    const text = parts
      .filter((part) => part["type"] === "text")
      .map((part) => String(part["text"]))
      .join("\n");
    for (const part of parts) {
      if (part["type"] !== "image_url") continue;
      const url = String((part["image_url"] as { url?: string } | undefined)?.url ?? "");
      const match = /^data:([^;]+);base64,(.*)$/s.exec(url);
      if (match?.[1] && match[2] !== undefined) {
        found.push({ mediaType: match[1], bytes: Buffer.from(match[2], "base64"), text });
      }
    }
  }
  return found;
}
