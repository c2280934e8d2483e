// A fresh agent holding one yardstick conversation: `kern init`, `kern import`, then the
// embedding job of the memory pipeline (recall reads messages and vectors) and, for the variants
// that read it (`tree`), the memory tree as the product builds it offline: segmentation with the
// agent's config (its defaults unless `targetTokens` says), the extractive L0 summaries, the
// rollups (build-tree.ts). Built agents are kept in bench/recall/.cache/ (gitignored), keyed by
// the conversation's lines and the code that builds the index (store, import, embeddings, and
// with a tree the segmentation, summaries and config), so a second run reuses them;
// `--no-cache` rebuilds. Recall only reads the store, so a cached agent is opened where it lies.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { agentPaths } from "../../src/config/index.js";
import { importConversation, initAgent } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import {
  countMessageTokens,
  createLocalEmbedder,
  type Embedder,
  runEmbeddingJob,
} from "../../src/memory/index.js";
import { type AgentStore, openAgentStore } from "../../src/store/index.js";
import { buildMemoryTree, TREE_CODE, type TreeOptions } from "./build-tree.js";
import type { Conversation } from "./yardstick-data.js";

export interface BuiltAgent {
  store: AgentStore;
  embedder: Embedder;
  dispose(): void;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CACHE_DIR = join(ROOT, "bench", "recall", ".cache");
/**
 * The code whose change changes a built index: every file under these folders is hashed. Of the
 * embeddings folder only what stores vectors: the meaning vectors are computed at query time.
 */
const INDEX_CODE = [
  "src/store",
  "src/memory/embeddings/local-embedder.ts",
  "src/memory/embeddings/feature-bag.ts",
  "src/memory/embeddings/embedding-job.ts",
  "src/daemon/import-conversation.ts",
  "src/daemon/parse-import-file.ts",
  "src/daemon/init-agent.ts",
];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path);
      return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
    });
}

const codeKeys = new Map<string, string>();
function codeKey(tree: TreeOptions | undefined): string {
  const name = tree ? JSON.stringify(tree) : "";
  const known = codeKeys.get(name);
  if (known) return known;
  const hash = createHash("sha256");
  const code = tree ? [...INDEX_CODE, ...TREE_CODE] : INDEX_CODE;
  for (const file of code.flatMap((dir) => filesUnder(join(ROOT, dir)))) {
    hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  }
  hash.update(readFileSync(join(ROOT, "bench", "recall", "build-agent.ts")));
  if (tree) hash.update(name);
  const key = `${tree ? "tree-" : ""}${hash.digest("hex").slice(0, 12)}`;
  codeKeys.set(name, key);
  return key;
}

function cacheKey(conversation: Conversation, tree: TreeOptions | undefined): string {
  const lines = createHash("sha256").update(JSON.stringify(conversation.lines)).digest("hex");
  return `${conversation.id}-${lines.slice(0, 12)}-${codeKey(tree)}`;
}

async function build(
  conversation: Conversation,
  agentDir: string,
  workDir: string,
  tree: TreeOptions | undefined,
): Promise<void> {
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = join(workDir, `${conversation.id}.jsonl`);
  writeFileSync(file, `${conversation.lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  rmSync(file, { force: true });
  const store = openStore(agentDir);
  try {
    const embedder = createLocalEmbedder();
    await runEmbeddingJob({ store, embedder, logger: createSilentLogger() });
    if (tree) await buildMemoryTree({ store, embedder, agentDir, tree });
  } finally {
    store.close();
  }
}

function openStore(agentDir: string): AgentStore {
  return openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
  });
}

export async function buildAgent(
  conversation: Conversation,
  workDir: string,
  useCache = true,
  tree?: TreeOptions,
): Promise<BuiltAgent> {
  const cached = join(CACHE_DIR, cacheKey(conversation, tree));
  let agentDir = join(workDir, conversation.id);
  if (useCache && existsSync(cached)) {
    agentDir = cached;
  } else {
    await build(conversation, agentDir, workDir, tree);
    if (useCache) {
      mkdirSync(CACHE_DIR, { recursive: true });
      renameSync(agentDir, cached);
      agentDir = cached;
    }
  }
  const store = openStore(agentDir);
  return {
    store,
    embedder: createLocalEmbedder(),
    dispose() {
      store.close();
      if (!useCache) rmSync(agentDir, { recursive: true, force: true });
    },
  };
}
