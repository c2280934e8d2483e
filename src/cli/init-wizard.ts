// The interactive questions of `kern init` on a TTY. Empty answers keep the defaults.

import { basename, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import type { InitAgentOptions } from "../daemon/index.js";
import type { CliContext } from "./cli-context.js";

const PROVIDERS = ["openai", "openrouter", "ollama", "openai-compatible"] as const;

export async function askInitQuestions(
  context: CliContext,
  dir: string,
): Promise<Partial<InitAgentOptions>> {
  const readline = createInterface({
    input: context.stdin,
    output: context.stderr as NodeJS.WritableStream,
  });
  const ask = async (question: string, fallback = ""): Promise<string> => {
    const answer = (
      await readline.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)
    ).trim();
    return answer || fallback;
  };
  try {
    const name = await ask("Agent name", basename(resolve(dir)));
    let provider = await ask(`Provider (${PROVIDERS.join(", ")}; empty = none for now)`);
    while (provider && !PROVIDERS.some((candidate) => candidate === provider)) {
      provider = await ask(`Unknown provider; choose one of ${PROVIDERS.join(", ")}`);
    }
    const answers: Partial<InitAgentOptions> = { name };
    if (provider) {
      answers.provider = provider as InitAgentOptions["provider"];
      answers.model =
        (await ask("Model (e.g. gpt-4.1-mini, anthropic/claude-sonnet-4)")) || undefined;
      if (provider === "openai-compatible")
        answers.baseUrl = (await ask("Base URL (e.g. http://127.0.0.1:8000/v1)")) || undefined;
      if (provider !== "ollama")
        answers.apiKey = (await ask("API key (stored in .kern/.env)")) || undefined;
    }
    answers.telegramToken = (await ask("Telegram bot token (optional)")) || undefined;
    return answers;
  } finally {
    readline.close();
  }
}
