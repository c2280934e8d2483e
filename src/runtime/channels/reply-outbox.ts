// What the channel kit's reply stream needs from a platform (SPEC §17): sending, editing and
// "typing…" in a chat, with the chat's queue and edit throttle, and the platform's own rendering
// of a reply (Telegram HTML, Discord Markdown) cut to its length limit.

export interface ReplyOutbox<Chat, MessageId> {
  /** Runs `task` after everything queued before it for the chat (ChatQueue). */
  run<T>(chat: Chat, task: () => Promise<T>): Promise<T>;
  /** Sends one rendered chunk as a new message; its id. Throws ChannelError. */
  send(chat: Chat, chunk: string): Promise<MessageId>;
  /** Replaces a message's text; false when the message is gone (send anew). */
  edit(chat: Chat, messageId: MessageId, chunk: string): Promise<boolean>;
  /** Renders Markdown and sends every chunk as a new message, in order. */
  sendMarkdown(chat: Chat, markdown: string): Promise<void>;
  /** Shows "typing…"; never throws. */
  typing(chat: Chat): Promise<void>;
  /** Waits until the chat may be edited again (EditThrottle). */
  waitForEditSlot(chat: Chat): Promise<void>;
}

/** A platform's rendering of replies, pure. */
export interface ReplyFormat {
  /** A model's Markdown as message chunks, each within the platform's limit. */
  chunks(markdown: string): string[];
  /** A text of kern itself (plain words, no markup) as one chunk. */
  plain(text: string): string;
  /** True when a chunk shows nothing (platforms refuse empty messages). */
  isBlank(chunk: string): boolean;
}
