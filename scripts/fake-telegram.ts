// A fake Telegram Bot API for manual runs (docs/manual-checks.md): each line typed on stdin is a
// message from user 42 ("Ann"), and every message the bot sends or edits is printed. Point kern at
// it with KERN_TELEGRAM_API_ROOT and TELEGRAM_BOT_TOKEN. Serves until Ctrl-C or end of input.
//   node_modules/.bin/tsx scripts/fake-telegram.ts [--port 4320] [--token 4242:TEST-fake-token]
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { startFakeTelegram } from "../test/fakes/fake-telegram-server.js";

const USER = 42;

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    token: { type: "string", default: "4242:TEST-fake-token" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port ${values.port}: expected a port number between 0 and 65535`);
  process.exit(2);
}

const telegram = await startFakeTelegram({ port, token: values.token });
telegram.onCall((call) => {
  if (call.method !== "sendMessage" && call.method !== "editMessageText") return;
  const verb = call.method === "sendMessage" ? "sent" : "edited";
  const status = call.ok ? "" : ` (refused: ${call.errorCode} ${call.description})`;
  const id = call.messageId === undefined ? "" : ` #${call.messageId}`;
  console.log(`[bot ${verb}${id} to chat ${call.chatId}]${status} ${call.text ?? ""}`);
});
console.log(`fake Telegram Bot API listening`);
console.log(`KERN_TELEGRAM_API_ROOT=${telegram.apiRoot}`);
console.log(`TELEGRAM_BOT_TOKEN=${telegram.token}`);
console.log(`type a line to send it as user ${USER} (Ann); Ctrl-D or Ctrl-C ends`);

const shutdown = () => {
  telegram.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
const input = createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (line.trim() === "") return;
  const update = telegram.userSays({ chatId: USER, userId: USER, text: line });
  console.log(`[user 42 says, update ${update.update_id}] ${line}`);
});
input.on("close", shutdown);
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
