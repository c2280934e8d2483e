// Layer rules of STYLE.md SG-2/SG-3: imports point down only. One forbidden rule per layer row;
// "types" means the layer may import that one with `import type` only.
const layers = {
  kernel: { allow: [], types: [] },
  config: { allow: ["kernel"], types: [] },
  log: { allow: ["kernel"], types: [] },
  protocol: { allow: ["kernel"], types: [] },
  agent: { allow: ["kernel", "log"], types: ["config"] },
  store: { allow: ["kernel", "log"], types: ["config"] },
  model: { allow: ["kernel", "log"], types: ["config"] },
  memory: { allow: ["kernel", "log", "agent", "store", "model"], types: ["config"] },
  runtime: { allow: ["kernel", "log", "agent", "store", "model", "memory"], types: ["config"] },
  // kern's features (SPEC §17): each folder under plugins/ is one plugin on the runtime's host.
  plugins: {
    allow: ["kernel", "log", "agent", "store", "model", "memory", "protocol", "runtime"],
    types: ["config"],
  },
  "interfaces/web": { allow: ["kernel", "log", "protocol", "runtime"], types: ["config"] },
  "interfaces/tui": { allow: ["kernel", "protocol", "client"], types: [] },
  client: { allow: ["kernel", "protocol"], types: [] },
  daemon: {
    allow: [
      "kernel",
      "config",
      "log",
      "protocol",
      "agent",
      "store",
      "model",
      "memory",
      "runtime",
      "plugins",
      "interfaces/web",
    ],
    types: [],
  },
  cli: {
    allow: ["kernel", "config", "log", "protocol", "client", "daemon", "interfaces/tui"],
    types: [],
  },
};

const escapeName = (name) => name.replace("/", "\\/");
const forbidden = [];
for (const [layer, rule] of Object.entries(layers)) {
  const allowed = [layer, ...rule.allow].map(escapeName).join("|");
  const typeOnly = rule.types.map(escapeName);
  const everyAllowed = [allowed, ...typeOnly].join("|");
  forbidden.push({
    name: `layer-${layer.replace("/", "-")}`,
    comment: `${layer} may import only: ${[...rule.allow, ...rule.types.map((t) => `${t} (types)`)].join(", ") || "nothing"}`,
    severity: "error",
    from: { path: `^src/${escapeName(layer)}/` },
    to: { path: "^src/", pathNot: `^src/(${everyAllowed})/` },
  });
  if (typeOnly.length > 0) {
    forbidden.push({
      name: `layer-${layer.replace("/", "-")}-types-only`,
      comment: `${layer} may import ${rule.types.join(", ")} with "import type" only`,
      severity: "error",
      from: { path: `^src/${escapeName(layer)}/` },
      to: { path: `^src/(${typeOnly.join("|")})/`, dependencyTypesNot: ["type-only"] },
    });
  }
}
// Inside memory/, a folder per capability. Each may import only the capabilities listed here and
// the two shared pipeline files (pipeline-context.ts, memory-writes.ts); the worker, the engine and
// index.ts above them are off limits, so the capabilities stay a downward graph.
const memoryFolders = {
  text: [],
  embeddings: ["text"],
  summaries: ["text"],
  segmentation: ["text", "embeddings", "summaries"],
  compose: ["text", "summaries", "working-memory"],
  recall: ["text", "embeddings", "summaries"],
  "working-memory": ["text", "summaries"],
  doctor: ["text"],
};
for (const [folder, allow] of Object.entries(memoryFolders)) {
  const allowed = [folder, ...allow].join("|");
  forbidden.push({
    name: `memory-${folder}`,
    comment: `memory/${folder} may import only: ${allow.join(", ") || "nothing"} (and the shared pipeline files)`,
    severity: "error",
    from: { path: `^src/memory/${folder}/` },
    to: {
      path: "^src/memory/",
      pathNot: `^src/memory/((${allowed})/|(pipeline-context|memory-writes)\\.ts$)`,
    },
  });
}
// Inside plugins/, a folder per plugin: a plugin reaches the core through runtime/'s index only
// and never another plugin (what two share lives in the core, e.g. runtime/documents).
forbidden.push(
  {
    name: "plugin-isolation",
    comment: "a plugin folder may not import another plugin folder",
    severity: "error",
    from: { path: "^src/plugins/([^/]+)/" },
    to: { path: "^src/plugins/", pathNot: "^src/plugins/$1/" },
  },
  {
    name: "plugin-uses-runtime-surface",
    comment: "a plugin imports runtime/ through its index.ts only",
    severity: "error",
    from: { path: "^src/plugins/" },
    to: { path: "^src/runtime/", pathNot: "^src/runtime/index\\.ts$" },
  },
  {
    name: "core-names-no-plugin",
    comment: "runtime/ (the core) never imports a plugin",
    severity: "error",
    from: { path: "^src/(runtime|kernel|memory|store)/" },
    to: { path: "^src/plugins/" },
  },
);
// Inside runtime/, the core's folders point down: host/ and access/ may use the rest; tools/,
// channels/ and documents/ never reach up into the queue (runtime.ts) or the host.
const runtimeFolders = {
  documents: [],
  sandbox: [],
  channels: [],
  tools: ["channels", "sandbox"],
  access: ["tools"],
  host: ["access", "channels", "tools", "sandbox", "documents"],
};
for (const [folder, allow] of Object.entries(runtimeFolders)) {
  const allowed = [folder, ...allow].join("|");
  forbidden.push({
    name: `runtime-${folder}`,
    comment: `runtime/${folder} may import only runtime/${allow.join(", runtime/") || "(nothing else)"} and the core's shared files`,
    severity: "error",
    from: { path: `^src/runtime/${folder}/` },
    to: {
      path: "^src/runtime/",
      pathNot: `^src/runtime/((${allowed})/|(runtime-api|memory-port|turn-request|run-turn|chat-commands|reply-route)\\.ts$)`,
    },
  });
}
// The web page (web/) runs in a browser and talks to the daemon over HTTP only: it may use the
// shared vocabulary (kernel/) and the HTTP contract (protocol/), never the daemon's internals, and
// no Node built-in.
forbidden.push(
  {
    name: "web-page",
    comment: "web/ may import only src/protocol and src/kernel (the HTTP contract and vocabulary)",
    severity: "error",
    from: { path: "^web/" },
    to: { path: "^src/", pathNot: "^src/(protocol|kernel)/" },
  },
  {
    name: "web-page-no-node",
    comment: "web/ runs in a browser: no Node built-ins",
    severity: "error",
    from: { path: "^web/" },
    to: { dependencyTypes: ["core"] },
  },
);
forbidden.push(
  { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
  {
    name: "no-orphans",
    severity: "error",
    from: { orphan: true, pathNot: ["\\.d\\.ts$", "\\.test\\.tsx?$", "^src/main\\.ts$"] },
    to: {},
  },
);

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
