// Tab completion of slash commands at the start of the input: one match completes it, several
// complete their common prefix and are listed. Pure.

export interface Completion {
  text: string;
  /** The candidates to show when the prefix was ambiguous (as `/name`); empty otherwise. */
  candidates: string[];
}

export function completeCommand(
  text: string,
  cursor: number,
  commands: readonly string[],
): Completion {
  const match = /^\/([a-z-]*)$/.exec(text);
  if (!match || cursor !== text.length) return { text, candidates: [] };
  const typed = match[1] ?? "";
  const matches = commands.filter((command) => command.startsWith(typed)).sort();
  const [first] = matches;
  if (first === undefined) return { text, candidates: [] };
  if (matches.length === 1) return { text: `/${first}`, candidates: [] };
  let prefix = first;
  for (const command of matches) {
    while (!command.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  return { text: `/${prefix}`, candidates: matches.map((command) => `/${command}`) };
}
