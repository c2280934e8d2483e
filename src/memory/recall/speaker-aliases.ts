// Names a question uses for a speaker other than the one the messages carry: in a chat between
// two people, the name one calls the other ("Hey Kate!", "Thanks, Kate") is the other's name,
// whatever display name their messages carry ("Emi"). A capitalised question word that names no
// speaker, but that the history uses as a form of address (at the start or end of a message, or
// after a greeting), is read as the speaker addressed there: the speaker of the messages around
// those that call them so, when one speaker is addressed in most of them. Reads a bounded number
// of messages. docs/decisions/0004-recall-ranking.md, round 19.
import type { AgentStore, IndexedMessage } from "../../store/index.js";
import { messageText } from "../text/message-text.js";

/** Messages read for each candidate name. */
const READ = 40;
/** Uses as a form of address needed, and the share one speaker must have of them. */
const LEAST = 3;
const SHARE = 0.8;

/** The name called at the start or end of a sentence, or after a greeting or a comma. */
function addresses(text: string, name: string): boolean {
  const n = name.replace(/[^\p{L}]/gu, "");
  const vocative = new RegExp(
    `(?:^|[.!?]\\s+|\\b(?:hi|hey|hello|thanks|thank you|bye|dear|morning|night|love you|miss you)\\s*,?\\s+|,\\s*)${n}(?:\\s*[!?.,)]|\\s*$)`,
    "iu",
  );
  return vocative.test(text);
}

function speakerOf(message: IndexedMessage): string | undefined {
  return message.meta?.name;
}

/**
 * The speaker `word` (a capitalised question word that names no speaker) is a name of, or
 * undefined: the speaker addressed in at least SHARE of the history's messages that call `word`.
 */
export function aliasOf(store: AgentStore, word: string): string | undefined {
  const hits = store.messages.search(word, { k: READ });
  const messages = store.messages.byIds(hits.map((hit) => hit.id));
  const addressed = new Map<string, number>();
  let calls = 0;
  for (const message of messages) {
    const own = speakerOf(message);
    if (!own || !addresses(messageText(message), word)) continue;
    const around = store.messages.range(
      message.session,
      Math.max(0, message.seq - 2),
      message.seq + 3,
    );
    const others = new Set(
      around.map(speakerOf).filter((name): name is string => name !== undefined && name !== own),
    );
    if (others.size !== 1) continue;
    calls += 1;
    for (const name of others) addressed.set(name, (addressed.get(name) ?? 0) + 1);
  }
  const [best] = [...addressed].sort((a, b) => b[1] - a[1]);
  if (!best || calls < LEAST || best[1] < SHARE * calls) return undefined;
  return best[0];
}
