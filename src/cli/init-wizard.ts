// The interactive questions of `kern init` on a TTY. Empty answers keep the defaults. Secrets
// (the API key, the Telegram token) are typed without echo, like a password, and confirmed by
// their last four characters only. A bad answer is asked again in place (init-answer-checks.ts),
// so the answers before it are kept and no flag the person never typed is named.

import { basename, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import type { InitAgentOptions } from "../daemon/index.js";
import { UsageError } from "../kernel/index.js";
import type { CliContext } from "./cli-context.js";
import { checkBaseUrl, checkProvider, checkSecret, PROVIDERS } from "./init-answer-checks.js";

type Check = (answer: string) => string | null;

interface Prompter {
  /** Asks until `check` finds nothing wrong; an empty answer is the fallback (or skips). */
  ask(question: string, fallback?: string, check?: Check): Promise<string>;
  /** The same, typed without echo; undefined when skipped. */
  askSecret(question: string): Promise<string | undefined>;
  close(): void;
}

function openPrompter(context: CliContext): Prompter {
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
  const askUntil = async (prompt: string, hidden: boolean, check: Check): Promise<string> => {
    for (;;) {
      screen.write(hidden ? prompt : "");
      muted = hidden;
      const answer = (
        await Promise.race([cancelled, readline.question(hidden ? "" : prompt)]).finally(() => {
          muted = false;
        })
      ).trim();
      const problem = answer ? check(answer) : null;
      if (problem === null) return answer;
      screen.write(`  ✗ ${problem}; try again\n`);
    }
  };
  return {
    async ask(question, fallback = "", check = () => null) {
      const prompt = fallback ? `${question} [${fallback}]: ` : `${question}: `;
      return (await askUntil(prompt, false, check)) || fallback;
    },
    async askSecret(question) {
      const answer = await askUntil(`${question} (typing is hidden): `, true, checkSecret);
      if (answer) screen.write(`  saved …${answer.slice(-4)}\n`);
      return answer || undefined;
    },
    close: () => readline.close(),
  };
}

export async function askInitQuestions(
  context: CliContext,
  dir: string,
): Promise<Partial<InitAgentOptions>> {
  const prompter = openPrompter(context);
  const { ask, askSecret } = prompter;
  try {
    const name = await ask("Agent name", basename(resolve(dir)));
    const provider = (
      await ask(`Provider (${PROVIDERS.join(", ")}; empty = none for now)`, "", checkProvider)
    ).toLowerCase();
    const answers: Partial<InitAgentOptions> = { name };
    if (provider) {
      answers.provider = provider as InitAgentOptions["provider"];
      answers.model =
        (await ask("Model (e.g. gpt-4.1-mini, anthropic/claude-sonnet-4)")) || undefined;
      if (provider === "openai-compatible")
        answers.baseUrl =
          (await ask("Base URL (e.g. http://127.0.0.1:8000/v1)", "", checkBaseUrl)) || undefined;
      if (provider !== "ollama") answers.apiKey = await askSecret("API key (stored in .kern/.env)");
    }
    answers.telegramToken = await askSecret("Telegram bot token (optional)");
    return answers;
  } finally {
    prompter.close();
  }
}
