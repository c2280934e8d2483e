// Writes a generated conversation to disk: the messages as JSON Lines, the truth as JSON.
// Streams in batches so 100k-message files (GBs of tool output) never sit in one string.
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import type { GeneratedConversation } from "./types.js";

export interface WriteConversationOptions {
  conversation: GeneratedConversation;
  /** JSONL destination, one message per line. */
  messagesPath: string;
  /** JSON destination of the ground truth; skipped when undefined. */
  truthPath?: string;
}

/** Characters gathered before each write (a few MB keeps syscalls rare and memory flat). */
const BATCH_CHARS = 4_000_000;

export async function writeConversation(options: WriteConversationOptions): Promise<void> {
  const { conversation, messagesPath, truthPath } = options;
  await mkdir(dirname(messagesPath), { recursive: true });
  const file = await open(messagesPath, "w");
  try {
    let batch: string[] = [];
    let size = 0;
    for (const message of conversation.messages) {
      const line = `${JSON.stringify(message)}\n`;
      batch.push(line);
      size += line.length;
      if (size >= BATCH_CHARS) {
        await file.write(batch.join(""));
        batch = [];
        size = 0;
      }
    }
    if (batch.length > 0) await file.write(batch.join(""));
  } finally {
    await file.close();
  }
  if (truthPath === undefined) return;
  await mkdir(dirname(truthPath), { recursive: true });
  const truthFile = await open(truthPath, "w");
  try {
    await truthFile.write(`${JSON.stringify(conversation.truth, null, 2)}\n`);
  } finally {
    await truthFile.close();
  }
}
