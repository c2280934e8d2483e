// Keeps secrets out of the history (SPEC §16): every known secret's value in a text becomes
// `[redacted NAME]`. The config names the secrets (config/secrets-to-redact.ts); tool results,
// model errors and log lines pass through one of these before anything keeps or shows them. Pure.

export interface NamedSecret {
  /** The variable that holds it (`OPENAI_API_KEY`), shown in its place. */
  name: string;
  value: string;
}

/**
 * Shorter values are left alone. A secret that short is guessable anyway, and replacing every
 * `true`, `8080` or `gpt-4o` of a tool's output would mangle ordinary text; real API keys and
 * tokens run 20 to 100+ characters, and 8 still covers a short password.
 */
export const MIN_SECRET_LENGTH = 8;

export type Redact = (text: string) => string;

/** The text unchanged: for callers that know no secrets (tests, the offline CLI). */
export const REDACT_NOTHING: Redact = (text) => text;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A function that replaces each secret's value (and its JSON-escaped form, as a log line holds
 * it) by `[redacted NAME]`, in one pass, the longest value first where two overlap.
 */
export function createRedactor(secrets: readonly NamedSecret[]): Redact {
  const names = new Map<string, string>();
  for (const { name, value } of secrets) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    const escaped = JSON.stringify(value).slice(1, -1);
    for (const form of [value, escaped]) if (!names.has(form)) names.set(form, name);
  }
  if (names.size === 0) return REDACT_NOTHING;
  const forms = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(forms.map(escapeRegExp).join("|"), "g");
  return (text) => text.replace(pattern, (found) => `[redacted ${names.get(found) ?? "secret"}]`);
}
