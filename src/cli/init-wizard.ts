// The interactive questions of `kern init` on a TTY. Empty answers keep the defaults. Secrets
// (the API key, the Telegram token) are typed without echo, like a password, and confirmed by
// their last four characters only.

import { basename, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import type { InitAgentOptions } from "../daemon/index.js";
import { UsageError } from "../kernel/index.js";
import type { CliContext } from "./cli-context.js";

const PROVIDERS = ["openai", "openrouter", "ollama", "openai-compatible"] as const;

export async function askInitQuestions(
  context: CliContext,
  dir: string,
): Promise<Partial<InitAgentOptions>> {
  const screen = context.stderr as NodeJS.WritableStream;
  let muted = false;
  // readline echoes what is typed through its output: while muted, only line breaks get through.
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = String(chunk);
      if (!muted) screen.write(text);
      else if (text.includes("\n")) screen.write("\n");
      done();
    },
  });
  const readline = createInterface({
    input: context.stdin,
    output,
    terminal: Boolean((context.stdin as NodeJS.ReadStream).isTTY),
  });
  const askLine = async (question: string, fallback = ""): Promise<string> => {
    const answer = (
      await readline.question(fallback ? `${question} [${fallback}]: ` : `${question}: `)
    ).trim();
    return answer || fallback;
  };
  const askHidden = async (question: string): Promise<string | undefined> => {
    screen.write(`${question} (typing is hidden): `);
    muted = true;
    try {
      const answer = (await readline.question("")).trim();
      if (answer) screen.write(`  saved …${answer.slice(-4)}\n`);
      return answer || undefined;
    } finally {
      muted = false;
    }
  };
  // Ctrl-C ends the questions: nothing is written, and it is not an "unexpected error".
  const cancelled = new Promise<never>((_, reject) => {
    readline.once("SIGINT", () =>
      reject(new UsageError("kern init cancelled (Ctrl-C); nothing was written")),
    );
    readline.once("close", () =>
      reject(new UsageError("kern init cancelled (input closed); nothing was written")),
    );
  });
  cancelled.catch(() => undefined); // read by the race below only while questions are asked
  const ask = (question: string, fallback = "") =>
    Promise.race([cancelled, askLine(question, fallback)]);
  const askSecret = (question: string) => Promise.race([cancelled, askHidden(question)]);
  try {
    const name = await ask("Agent name", basename(resolve(dir)));
    let provider = (
      await ask(`Provider (${PROVIDERS.join(", ")}; empty = none for now)`)
    ).toLowerCase();
    while (provider && !PROVIDERS.some((candidate) => candidate === provider)) {
      provider = (
        await ask(`Unknown provider; choose one of ${PROVIDERS.join(", ")}`)
      ).toLowerCase();
    }
    const answers: Partial<InitAgentOptions> = { name };
    if (provider) {
      answers.provider = provider as InitAgentOptions["provider"];
      answers.model =
        (await ask("Model (e.g. gpt-4.1-mini, anthropic/claude-sonnet-4)")) || undefined;
      if (provider === "openai-compatible")
        answers.baseUrl = (await ask("Base URL (e.g. http://127.0.0.1:8000/v1)")) || undefined;
      if (provider !== "ollama") answers.apiKey = await askSecret("API key (stored in .kern/.env)");
    }
    answers.telegramToken = await askSecret("Telegram bot token (optional)");
    return answers;
  } finally {
    readline.close();
  }
}
