// Checks of the init wizard's answers, each returning what is wrong and how to write it, or null:
// the wizard asks that one question again instead of failing the whole init (issue 48 item 11).
// Pure. The same rules as init's flags (daemon/init-agent.ts), worded for a typed answer.

/** A model endpoint: http(s), with a host (`localhost:8000` alone parses as the scheme `localhost:`). */
export function checkBaseUrl(answer: string): string | null {
  const bare = answer.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const example = `http://${bare}${bare.includes("/v1") ? "" : "/v1"}`;
  if (!/^https?:\/\//i.test(answer))
    return `${answer} has no http:// or https:// in front; e.g. ${example}`;
  try {
    new URL(answer);
    return null;
  } catch {
    return `${answer} is not a URL; e.g. http://127.0.0.1:8000/v1`;
  }
}

/** An API key or bot token goes into .kern/.env as one word. */
export function checkSecret(answer: string): string | null {
  return /\s/.test(answer) ? "that has a space in it; paste the key alone, one word" : null;
}

export const PROVIDERS = ["openai", "openrouter", "ollama", "openai-compatible"] as const;

/** One of the presets, in any case (`OpenAI` means openai). */
export function checkProvider(answer: string): string | null {
  const known = PROVIDERS.some((provider) => provider === answer.toLowerCase());
  return known ? null : `${answer} is not a provider; choose one of ${PROVIDERS.join(", ")}`;
}
