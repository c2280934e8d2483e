// A complete small kern plugin (docs/plugins.md): a tool the model may call, and a chat command
// answered without the model in every interface. Plain JavaScript: kern imports it as it is.
// Config (in .kern/config.json): "plugins": ["./plugins/hello"], or
//   "plugins": [{ "from": "./plugins/hello", "config": { "greeting": "Ahoy" } }]

/** @type {{ name: string, setup(host: any): void }} */
export default {
  name: "hello",
  setup(host) {
    const greeting = typeof host.config.greeting === "string" ? host.config.greeting : "Hello";

    host.registerTool({
      name: "hello",
      description: "Greet someone by name. Use it when the user asks you to say hello to somebody.",
      parameters: {
        type: "object",
        properties: { name: { type: "string", description: "who to greet" } },
        required: ["name"],
        additionalProperties: false,
      },
      scope: "read",
      run: async (args) => `${greeting}, ${args.name}!`,
    });

    host.registerCommand({
      name: "hello",
      help: "a greeting from the hello plugin",
      answer: async (argument, asker) => {
        const who = argument || asker.envelope.name || asker.envelope.user || "there";
        return `${greeting}, ${who}! (from the hello plugin, asked by the ${asker.role})`;
      },
    });

    host.onStart(() => host.log.info("hello plugin ready"));
  },
};
