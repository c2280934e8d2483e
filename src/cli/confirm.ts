// A yes/no question on the terminal; anything but y/yes is no. Only asked when a person is there.
import { createInterface } from "node:readline/promises";
import type { CliContext } from "./cli-context.js";

export async function confirm(context: CliContext, question: string): Promise<boolean> {
  const readline = createInterface({
    input: context.stdin,
    output: context.stderr as NodeJS.WritableStream,
    terminal: true,
  });
  const declined = new Promise<string>((resolve) => {
    readline.once("SIGINT", () => resolve("n"));
    readline.once("close", () => resolve("n"));
  });
  try {
    const answer = await Promise.race([readline.question(`${question} [y/N] `), declined]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    readline.close();
  }
}
