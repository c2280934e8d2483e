// Files the fake Bot API serves: a user's photo, voice note, audio or document is registered here,
// getFile answers its `file_path`, and `GET /file/bot<token>/<file_path>` serves the bytes, as the
// real Bot API does.
import type { ServerResponse } from "node:http";

export type FakeFileKind = "photo" | "voice" | "audio" | "document";

export interface UserSendsFileOptions {
  chatId: number;
  kind: FakeFileKind;
  bytes: Uint8Array;
  caption?: string;
  fileName?: string;
  mimeType?: string;
  /** Seconds (voice and audio). */
  duration?: number;
  userId?: number;
  firstName?: string;
}

export class FakeTelegramFiles {
  private readonly files = new Map<string, { path: string; bytes: Uint8Array }>();
  /** Paths downloaded, in order. */
  readonly downloads: string[] = [];
  private next = 1;

  /** Registers the bytes; returns the message fields Telegram sends for such a file. */
  add(options: UserSendsFileOptions): Record<string, unknown> {
    const fileId = `file-${this.next++}`;
    const extension = { photo: "jpg", voice: "oga", audio: "mp3", document: "bin" }[options.kind];
    const path = `${options.kind === "photo" ? "photos" : `${options.kind}s`}/${fileId}.${extension}`;
    this.files.set(fileId, { path, bytes: options.bytes });
    const common = {
      file_id: fileId,
      file_unique_id: `u-${fileId}`,
      file_size: options.bytes.length,
    };
    const withType = options.mimeType ? { ...common, mime_type: options.mimeType } : common;
    const fields: Record<string, unknown> = {};
    if (options.caption) fields["caption"] = options.caption;
    switch (options.kind) {
      case "photo":
        fields["photo"] = [{ ...common, width: 64, height: 48 }];
        break;
      case "voice":
        fields["voice"] = { ...withType, duration: options.duration ?? 1 };
        break;
      case "audio":
        fields["audio"] = {
          ...withType,
          duration: options.duration ?? 1,
          file_name: options.fileName,
        };
        break;
      case "document":
        fields["document"] = { ...withType, file_name: options.fileName };
        break;
    }
    return fields;
  }

  /** getFile's answer, or null for an unknown id. */
  getFile(fileId: string): Record<string, unknown> | null {
    const file = this.files.get(fileId);
    if (!file) return null;
    return {
      file_id: fileId,
      file_unique_id: `u-${fileId}`,
      file_size: file.bytes.length,
      file_path: file.path,
    };
  }

  /** Serves `/file/bot<token>/<path>`; false when the URL is not a download. */
  serve(url: string, token: string, response: ServerResponse): boolean {
    const prefix = `/file/bot${token}/`;
    if (!url.startsWith("/file/")) return false;
    const path = url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : "";
    const file = [...this.files.values()].find((candidate) => candidate.path === path);
    if (!file) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: false, error_code: 404, description: "Not Found" }));
      return true;
    }
    this.downloads.push(path);
    response.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": file.bytes.length,
    });
    response.end(Buffer.from(file.bytes));
    return true;
  }
}
