// Who may talk to the agent through a chat channel (SPEC §9, LESSONS #11): `.kern/pairing.json` holds paired
// users and pending codes (zod-checked on read, replaced atomically on write), and paired users are
// mirrored into a marked block of the agent's USERS.md. The file is re-read on every call, so a
// `kern pair` run against the files while the daemon is down is never overwritten by stale state.
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import type { ActorRole, Clock } from "../kernel/index.js";
import { createPairingCode, isoNow, KernError, StoreError } from "../kernel/index.js";
import { writeFileAtomic as writeStateFile } from "../store/index.js";
import type { PairedUser, PairingApi, PendingPairing } from "./runtime-api.js";

export interface PairingStoreOptions {
  pairingFile: string;
  /** The agent's USERS.md; paired users are mirrored into its marked block. */
  usersFile: string;
  clock: Clock;
  /** Called after USERS.md's block was rewritten (the daemon commits it to the agent's git). */
  onUsersWritten?: (file: string) => Promise<void>;
}

export const USERS_BLOCK_START = "<!-- kern:paired-users -->";
export const USERS_BLOCK_END = "<!-- /kern:paired-users -->";

/** Oldest pending codes are dropped past this many, so strangers cannot grow the file forever. */
const MAX_PENDING = 50;

/** Files written before channels were data carry `interface` where they now carry `channel`. */
function withChannel(value: unknown): unknown {
  if (typeof value !== "object" || value === null || "channel" in value) return value;
  const { interface: channel, ...rest } = value as Record<string, unknown>;
  return { ...rest, channel };
}

const pairedUserSchema = z.preprocess(
  withChannel,
  z.object({
    channel: z.string().min(1),
    userId: z.string().min(1),
    chatId: z.string().min(1),
    name: z.string(),
    pairedAt: z.string(),
    /** Files written before roles had none: every paired user was a member (SPEC §16). */
    role: z.enum(["operator", "member"]).default("member"),
  }),
);

const pendingPairingSchema = z.preprocess(
  withChannel,
  z.object({
    code: z.string().regex(/^KERN-[A-Z0-9]{4}$/),
    channel: z.string().min(1),
    userId: z.string().min(1),
    chatId: z.string().min(1),
    name: z.string(),
    requestedAt: z.string(),
  }),
);

const pairingFileSchema = z.object({
  paired: z.array(pairedUserSchema).default([]),
  pending: z.array(pendingPairingSchema).default([]),
});

type PairingState = z.infer<typeof pairingFileSchema>;

/** `kern-7x4m`, ` KERN-7X4M `, `7x4m` → `KERN-7X4M`. */
export function normalizePairingCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper.startsWith("KERN-") ? upper : `KERN-${upper}`;
}

export class PairingStore implements PairingApi {
  /** Serializes read-modify-write cycles of this process. */
  private queue: Promise<unknown> = Promise.resolve();

  /** The state of an in-memory store; null when the store lives in files. */
  private memory: PairingState | null = null;

  private constructor(private readonly options: PairingStoreOptions) {}

  /** A store that keeps everything in memory (tests, throwaway daemons). */
  static inMemory(options: { clock: Clock }): PairingStore {
    const store = new PairingStore({ pairingFile: ":memory:", usersFile: ":memory:", ...options });
    store.memory = { paired: [], pending: [] };
    return store;
  }

  /** Opens the store; a missing file means nobody is paired. Throws StoreError when it is corrupt. */
  static async open(options: PairingStoreOptions): Promise<PairingStore> {
    const store = new PairingStore(options);
    await store.read();
    return store;
  }

  async isPaired(channel: string, userId: string): Promise<boolean> {
    return (await this.roleOf(channel, userId)) !== null;
  }

  /** The user's role, or null when they are not paired (never paired, or revoked). */
  async roleOf(channel: string, userId: string): Promise<ActorRole | null> {
    const state = await this.read();
    const user = state.paired.find((known) => known.userId === userId && known.channel === channel);
    return user?.role ?? null;
  }

  /**
   * Unpairs a user (SPEC §16): their next message gets the pairing instructions again. Throws
   * KERN_PAIRING_UNKNOWN when they are not paired.
   */
  revoke(channel: string, userId: string): Promise<PairedUser> {
    return this.update(async (state) => {
      const user = findPaired(state, channel, userId);
      state.paired = state.paired.filter((known) => known !== user);
      await this.write(state);
      await this.mirrorUsers(state.paired);
      return user;
    });
  }

  /** Makes a paired user an operator or a member again; throws KERN_PAIRING_UNKNOWN. */
  setRole(channel: string, userId: string, role: ActorRole): Promise<PairedUser> {
    return this.update(async (state) => {
      const user = { ...findPaired(state, channel, userId), role };
      state.paired = state.paired.map((known) =>
        known.userId === userId && known.channel === channel ? user : known,
      );
      await this.write(state);
      await this.mirrorUsers(state.paired);
      return user;
    });
  }

  /** The pending code for this user, created (and saved) if there is none yet. */
  request(user: Omit<PendingPairing, "code" | "requestedAt">): Promise<PendingPairing> {
    return this.update(async (state) => {
      const existing = state.pending.find(
        (pending) => pending.userId === user.userId && pending.channel === user.channel,
      );
      if (existing) return existing;
      const taken = new Set(state.pending.map((pending) => pending.code));
      let code = createPairingCode();
      while (taken.has(code)) code = createPairingCode();
      const pending: PendingPairing = {
        code,
        channel: user.channel,
        userId: user.userId,
        chatId: user.chatId,
        name: user.name,
        requestedAt: isoNow(this.options.clock),
      };
      state.pending = [...state.pending, pending].slice(-MAX_PENDING);
      await this.write(state);
      return pending;
    });
  }

  /** Approves a pending code (case-insensitive) and mirrors the paired users into USERS.md. */
  approve(code: string): Promise<PairedUser> {
    const wanted = normalizePairingCode(code);
    return this.update(async (state) => {
      const pending = state.pending.find((candidate) => candidate.code === wanted);
      if (!pending) {
        throw new KernError(
          "KERN_PAIRING_UNKNOWN",
          `no pending pairing code ${wanted}: codes are case-insensitive and stay valid until approved; ask the person to message the bot again and run 'kern pair CODE' with the code it replies with`,
        );
      }
      const user: PairedUser = {
        channel: pending.channel,
        userId: pending.userId,
        chatId: pending.chatId,
        name: pending.name,
        pairedAt: isoNow(this.options.clock),
        role: "member",
      };
      state.pending = state.pending.filter(
        (candidate) =>
          !(candidate.userId === pending.userId && candidate.channel === pending.channel),
      );
      state.paired = [
        ...state.paired.filter(
          (known) => !(known.userId === user.userId && known.channel === user.channel),
        ),
        user,
      ];
      await this.write(state);
      await this.mirrorUsers(state.paired);
      return user;
    });
  }

  async list(): Promise<{ paired: PairedUser[]; pending: PendingPairing[] }> {
    const state = await this.read();
    return { paired: state.paired, pending: state.pending };
  }

  private update<T>(change: (state: PairingState) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => change(await this.read()));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async read(): Promise<PairingState> {
    if (this.memory) return structuredClone(this.memory);
    const file = this.options.pairingFile;
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { paired: [], pending: [] };
      throw new StoreError("KERN_STORE_FAILED", `cannot read ${file}: check its permissions`, {
        cause: error,
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw corrupt(file, "it is not JSON", error);
    }
    const result = pairingFileSchema.safeParse(parsed);
    if (!result.success) throw corrupt(file, z.prettifyError(result.error), result.error);
    return result.data;
  }

  private async write(state: PairingState): Promise<void> {
    if (this.memory) {
      this.memory = structuredClone(state);
      return;
    }
    const json = `${JSON.stringify({ paired: state.paired, pending: state.pending }, null, 2)}\n`;
    await writeFileAtomic(this.options.pairingFile, json, 0o600);
  }

  private async mirrorUsers(paired: PairedUser[]): Promise<void> {
    if (this.memory) return;
    const file = this.options.usersFile;
    let current = "";
    try {
      current = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        throw new StoreError("KERN_STORE_FAILED", `cannot read ${file}: check its permissions`, {
          cause: error,
        });
      }
      current = "# Users\n";
    }
    const next = replaceUsersBlock(current, renderUsersBlock(paired));
    if (next === current) return;
    await writeFileAtomic(file, next, 0o644); // the agent's own markdown, shared through git
    await this.options.onUsersWritten?.(file);
  }
}

function findPaired(state: PairingState, channel: string, userId: string): PairedUser {
  const user = state.paired.find((known) => known.userId === userId && known.channel === channel);
  if (!user)
    throw new KernError(
      "KERN_PAIRING_UNKNOWN",
      `${channel}:${userId} is not paired; 'kern pair' lists who is (CHANNEL:USER)`,
    );
  return user;
}

function corrupt(file: string, problem: string, cause: unknown): StoreError {
  return new StoreError(
    "KERN_STORE_CORRUPT",
    `${file} is not valid pairing data (${problem}): fix it by hand, or delete it and pair again with 'kern pair'`,
    { cause },
  );
}

/** One line of text: no newlines or HTML comment markers from a user-chosen name. */
function oneLine(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replaceAll("<!--", "")
    .replaceAll("-->", "")
    .trim();
}

/** The marked block listing paired users, as kern writes it into USERS.md. */
function renderUsersBlock(paired: PairedUser[]): string {
  const lines = paired.map(
    (user) =>
      `- ${oneLine(user.name) || user.userId}: ${user.channel} user ${user.userId}, chat ${user.chatId}, ${user.role}, paired ${user.pairedAt.slice(0, 10)}`,
  );
  return [
    USERS_BLOCK_START,
    "## Paired users (kept by kern; edits inside this block are replaced)",
    "",
    ...(lines.length > 0 ? lines : ["(nobody yet)"]),
    USERS_BLOCK_END,
  ].join("\n");
}

/** Replaces the marked block in `text`, or appends it; everything outside is left as it is. */
function replaceUsersBlock(text: string, block: string): string {
  const start = text.indexOf(USERS_BLOCK_START);
  const end = text.indexOf(USERS_BLOCK_END, start);
  if (start >= 0 && end >= 0) {
    return text.slice(0, start) + block + text.slice(end + USERS_BLOCK_END.length);
  }
  const separator = text === "" || text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${separator}${block}\n`;
}

/** The store's one atomic write (a temp file, fsync, rename, folder fsync), as a StoreError. */
async function writeFileAtomic(file: string, content: string, mode?: number): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  try {
    writeStateFile(file, content, mode);
  } catch (error) {
    if (error instanceof StoreError) throw error; // KERN_DISK_FULL says what to do already
    throw new StoreError(
      "KERN_STORE_FAILED",
      `cannot write ${file}: check the folder's permissions`,
      { cause: error },
    );
  }
}
