// A file the `message` tool sends (SPEC §15): a path inside the agent folder, read like `read`
// reads (confined by the opened file's real path; never .kern/ or .git/), at most 50 MB (Telegram's
// limit for a bot's upload), its type read from its bytes for the channel (photo or document).
import { basename } from "node:path";
import { KernError } from "../../kernel/index.js";
import { sniffMediaType } from "../../store/index.js";
import type { ChannelFile } from "../channels/channel.js";
import { readConfinedBytes } from "./confined-file.js";

/** The largest file the message tool sends: Telegram takes uploads from bots up to 50 MB. */
const MESSAGE_FILE_MAX_BYTES = 50 * 1024 * 1024;

function tooLarge(path: string) {
  return (bytes: number) =>
    new KernError(
      "KERN_TOOL_FAILED",
      `${path} is ${(bytes / 1024 / 1024).toFixed(1)} MB; the message tool sends files up to ${MESSAGE_FILE_MAX_BYTES / 1024 / 1024} MB (Telegram's limit for bots): send a smaller file, or compress or split it first`,
    );
}

/** The type from the bytes; a file kern does not take in (a zip, say) still goes, as a document. */
async function mediaTypeOf(bytes: Buffer): Promise<string> {
  try {
    return (await sniffMediaType({ bytes })).mediaType;
  } catch {
    return "application/octet-stream";
  }
}

/** Reads the file the agent asked to send; throws KERN_TOOL_FAILED saying how to fix it. */
export async function readMessageFile(agentDir: string, path: string): Promise<ChannelFile> {
  const bytes = await readConfinedBytes(agentDir, path, MESSAGE_FILE_MAX_BYTES, tooLarge(path));
  if (bytes.length === 0) {
    throw new KernError(
      "KERN_TOOL_FAILED",
      `${path} is empty; chat channels do not send empty files`,
    );
  }
  return { path, name: basename(path), mediaType: await mediaTypeOf(bytes), bytes };
}
