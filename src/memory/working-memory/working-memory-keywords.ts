// Key words of working-memory items: whether new messages mention an item again (drift), whether
// two preferences speak of the same subject, whether the task changed topic. Pure: no I/O.

/** Words too common to tell topics apart (plus every word under four letters). */
const STOPWORDS = new Set(
  `about above after again also always another anything back because been before being below
  both cannot could does doing done down during each else even ever every from further going
  have having here into just know like look looks looking make many maybe more most much must
  need needs never next nothing only other over please prefer rather really same should some
  something still such sure than thank thanks that their them then there these they thing
  things think this those through under until very want wants were what when where which while
  will with would your yours earlier task okay fine good great right well let's lets also yeah
  can't don't won't it's i'll i'm we'll we're you're that's there's`.split(/\s+/),
);

/** Extra words that mark a sentence as a preference but say nothing of its subject. */
const PREFERENCE_WORDS = new Set(
  "love hate dislike avoid from future forward onwards whenever usually".split(" "),
);

/**
 * Only the start of a long text is scanned, and a "word" this long (a base64 blob, a hash) is no
 * key word: 190 KB messages without spaces made this scan tens of ms of the event loop a turn
 * (issue 33 item 8). An item's topic shows in its first 20,000 characters.
 */
const MAX_SCANNED_CHARS = 20_000;
const MAX_WORD_CHARS = 40;

function stem(word: string): string {
  return word.length > 4 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/** Lower-case content words (≥ 4 letters or holding a digit), lightly stemmed, without stopwords. */
export function keywordsOf(text: string): Set<string> {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  const words = scanned.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu) ?? [];
  const keywords = new Set<string>();
  for (const word of words) {
    if (STOPWORDS.has(word) || word.length > MAX_WORD_CHARS) continue;
    if (word.length < 4 && !/\d/.test(word)) continue;
    keywords.add(stem(word.replace(/'s$/, "")));
  }
  return keywords;
}

/**
 * keywordsOf an item's text, remembered: every exchange of a catch-up checks each context item
 * (up to 12) against what it says, and the items change rarely. Cleared when it grows past a few
 * hundred texts, so a long run keeps it small.
 */
const itemKeywordCache = new Map<string, ReadonlySet<string>>();
const ITEM_KEYWORD_CACHE_SIZE = 512;

function itemKeywords(text: string): ReadonlySet<string> {
  let words = itemKeywordCache.get(text);
  if (!words) {
    if (itemKeywordCache.size >= ITEM_KEYWORD_CACHE_SIZE) itemKeywordCache.clear();
    words = keywordsOf(text);
    itemKeywordCache.set(text, words);
  }
  return words;
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const word of a) if (b.has(word)) count += 1;
  return count;
}

/**
 * Whether new text mentions an item again: at least two of the item's key words appear in it
 * (one when the item has only one), so a single shared common word does not keep it alive.
 */
export function isMentioned(itemText: string, newKeywords: ReadonlySet<string>): boolean {
  const own = itemKeywords(itemText);
  const needed = Math.min(2, own.size);
  return needed > 0 && overlap(own, newKeywords) >= needed;
}

/**
 * Whether two preferences speak of the same subject, so the later replaces the earlier: they
 * share key words making up at least half of the shorter one ("tabs for indentation" vs "spaces
 * for indentation" do; "short answers" vs "run tests before each commit" do not).
 */
export function isSameSubject(a: string, b: string): boolean {
  const subject = (text: string) =>
    new Set([...keywordsOf(text)].filter((word) => !PREFERENCE_WORDS.has(word)));
  const left = subject(a);
  const right = subject(b);
  const shared = overlap(left, right);
  return shared > 0 && shared / Math.min(left.size, right.size) >= 0.5;
}

/** Whether a new request continues the current task: they share at least one key word. */
export function isSameTopic(current: string, request: string): boolean {
  return overlap(keywordsOf(current), keywordsOf(request)) > 0;
}
