// One queue per chat (the channel kit, SPEC §17): what is sent to a chat, or done for a message
// that came from it, runs in order there, while other chats go on at once — a photo that takes
// 20 s to describe delays only its own chat (issue 49).
export class ChatQueue {
  private readonly queues = new Map<string, Promise<void>>();

  /** Runs `task` after every task queued before it for the same chat. Rejections pass through. */
  run<T>(chat: string | number, task: () => Promise<T>): Promise<T> {
    const key = String(chat);
    const previous = this.queues.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return result;
  }

  /** Resolves when every queued task of every chat has settled. */
  async settle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }
}
