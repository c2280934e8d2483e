import { describe, expect, it } from "vitest";
import { type IncomingTelegramMessage, toEnvelope } from "./to-envelope.js";

const bot = { id: 4242, username: "kern_test_bot" };
const ann = { id: 7, first_name: "Ann", last_name: "Lee" };

function message(overrides: Partial<IncomingTelegramMessage>): IncomingTelegramMessage {
  return { chat: { id: 7, type: "private" }, from: ann, text: "hello", ...overrides };
}

function mention(text: string, handle = "@kern_test_bot") {
  return { type: "mention", offset: text.indexOf(handle), length: handle.length };
}

describe("toEnvelope", () => {
  it("maps a private message to a telegram envelope", () => {
    expect(toEnvelope(message({}), bot)).toEqual({
      interface: "telegram",
      channel: "7",
      user: "7",
      name: "Ann Lee",
      text: "hello",
    });
  });

  it("falls back to the username, then the id, for the name", () => {
    const noName = { id: 9, first_name: "", username: "annl" };
    expect(toEnvelope(message({ from: noName }), bot)?.name).toBe("annl");
    expect(toEnvelope(message({ from: { id: 9, first_name: "" } }), bot)?.name).toBe("9");
  });

  it("ignores messages without text, from bots, or from nobody", () => {
    expect(toEnvelope(message({ text: undefined }), bot)).toBeNull();
    expect(toEnvelope(message({ from: { ...ann, is_bot: true } }), bot)).toBeNull();
    expect(toEnvelope(message({ from: undefined }), bot)).toBeNull();
  });

  it("uses a photo's caption as the text", () => {
    const envelope = toEnvelope(message({ text: undefined, caption: "look" }), bot);
    expect(envelope?.text).toBe("look");
  });

  it("ignores group messages that neither mention nor reply to the bot", () => {
    const group = { id: -100, type: "supergroup" };
    expect(toEnvelope(message({ chat: group, text: "just chatting" }), bot)).toBeNull();
    const other = "@someone_else hi";
    const toOther = message({
      chat: group,
      text: other,
      entities: [mention(other, "@someone_else")],
    });
    expect(toEnvelope(toOther, bot)).toBeNull();
  });

  it("takes group messages that mention the bot, without the mention", () => {
    const group = { id: -100, type: "group" };
    const text = "@kern_test_bot, what's up?";
    const envelope = toEnvelope(message({ chat: group, text, entities: [mention(text)] }), bot);
    expect(envelope).toMatchObject({ channel: "-100", user: "7", text: "what's up?" });
    const middle = "hey @KERN_TEST_BOT what now";
    const inMiddle = toEnvelope(
      message({ chat: group, text: middle, entities: [mention(middle, "@KERN_TEST_BOT")] }),
      bot,
    );
    expect(inMiddle?.text).toBe("hey what now");
  });

  it("takes group replies to the bot", () => {
    const reply = message({
      chat: { id: -100, type: "group" },
      text: "and then?",
      reply_to_message: { from: { id: bot.id } },
    });
    expect(toEnvelope(reply, bot)?.text).toBe("and then?");
  });

  it("keeps commands, strips our @handle and drops commands meant for other bots", () => {
    const group = { id: -100, type: "group" };
    const ours = "/status@kern_test_bot";
    const command = { type: "bot_command", offset: 0, length: ours.length };
    expect(toEnvelope(message({ chat: group, text: ours, entities: [command] }), bot)?.text).toBe(
      "/status",
    );
    const bare = { type: "bot_command", offset: 0, length: 7 };
    expect(toEnvelope(message({ chat: group, text: "/status", entities: [bare] }), bot)?.text).toBe(
      "/status",
    );
    const theirs = "/status@other_bot";
    const other = { type: "bot_command", offset: 0, length: theirs.length };
    expect(toEnvelope(message({ chat: group, text: theirs, entities: [other] }), bot)).toBeNull();
  });

  it("ignores a message that is only a mention", () => {
    const text = "@kern_test_bot";
    const group = { id: -100, type: "group" };
    expect(toEnvelope(message({ chat: group, text, entities: [mention(text)] }), bot)).toBeNull();
  });
});
