// A chat platform kern talks through (Telegram today, others later): the small interface an
// adapter implements and the composition root registers (STYLE, registries). Inbound, an adapter
// calls `RuntimeApi.submit` with its envelope; replies reach it as runtime events (it streams the
// turns whose reply route names it). This is the outbound side and what status shows.

/**
 * A file a channel sends with a message: read by the caller from a path inside the agent folder
 * (confined and size-capped there), so the channel sends exactly the bytes that were checked.
 */
export interface ChannelFile {
  path: string;
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

export interface Channel {
  readonly id: string;
  /**
   * Sends a message outside a turn's reply (the `message` tool, notices): to `chat`, rendered
   * and split as the platform needs. Rejects with a KernError when it cannot.
   */
  send(message: { chat: string; user?: string; text: string; file?: ChannelFile }): Promise<void>;
  /** Enabled or not, with a detail line; pairing counts are filled in by the runtime. */
  status(): { enabled: boolean; detail: string | null };
}

/** The channels a runtime knows, by id; registered once each by the composition root. */
export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  register(channel: Channel): void {
    this.channels.set(channel.id, channel);
  }

  get(id: string): Channel | undefined {
    return this.channels.get(id);
  }

  list(): Channel[] {
    return [...this.channels.values()];
  }
}
