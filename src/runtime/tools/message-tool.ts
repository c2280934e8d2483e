// message: send text (and a file from the agent folder) to a paired user of a chat channel outside
// the current reply; kern: status.
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { readMessageFile } from "./message-file.js";
import { defineTool } from "./tool.js";

export const messageTool = defineTool({
  name: "message",
  description:
    "Send a message to a paired user of a chat channel (by user id or name), e.g. a reminder or a result. `file`: a path in the agent folder to send with it (an image goes as a photo, anything else as a document; up to 50 MB).",
  scope: "read",
  parameters: z
    .object({
      user: z.string().min(1),
      text: z.string().default(""),
      file: z.string().min(1).optional(),
    })
    .refine((args) => args.text.trim() !== "" || args.file !== undefined, {
      message: "give text, a file, or both",
    }),
  async run(args, context) {
    const users = await context.pairedUsers();
    const wanted = args.user.toLowerCase();
    const user = users.find(
      (candidate) => candidate.userId === args.user || candidate.name.toLowerCase() === wanted,
    );
    if (!user) {
      const known =
        users.map((candidate) => `${candidate.name} (${candidate.userId})`).join(", ") || "none";
      throw new KernError(
        "KERN_TOOL_FAILED",
        `no paired user "${args.user}"; paired users: ${known}`,
      );
    }
    const channel = context.channels.get(user.channel);
    if (!channel?.status().enabled)
      throw new KernError(
        "KERN_TOOL_FAILED",
        `${user.name} is reached through ${user.channel}, which is not running; ${channel?.status().detail ?? "configure it in .kern/.env and restart"}`,
      );
    const file = args.file ? await readMessageFile(context.agentDir, args.file) : undefined;
    await channel.send({
      chat: user.chatId,
      user: user.userId,
      text: args.text,
      ...(file ? { file } : {}),
    });
    return file ? `sent ${file.name} to ${user.name}` : `sent to ${user.name}`;
  },
});

export const kernTool = defineTool({
  name: "kern",
  description: "Show kern's runtime status: agent, model, session size, queue, memory state.",
  scope: "read",
  parameters: z.object({}),
  run: (_args, context) => context.status(),
});
