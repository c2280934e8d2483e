// Renders docs/config.md from the schema, so keys, defaults and docs cannot drift (SG-19). Pure.
import { z } from "zod";
import { configFileSchema, PROVIDER_KEY_VARIABLES } from "./schema.js";

interface JsonSchemaNode {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  minimum?: number;
  maximum?: number;
}

const ENV_BY_KEY: Record<string, string> = {
  model: "KERN_MODEL",
  baseUrl: "KERN_BASE_URL",
  provider: "KERN_PROVIDER",
  port: "KERN_PORT",
  embeddingModel: "KERN_EMBEDDING_MODEL",
  summaryModel: "KERN_SUMMARY_MODEL",
  "telegram.apiRoot": "KERN_TELEGRAM_API_ROOT",
};

function typeOf(node: JsonSchemaNode): string {
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(" \\| ");
  if (node.anyOf) return node.anyOf.map(typeOf).join(" \\| ");
  const type = Array.isArray(node.type) ? node.type.join(" \\| ") : (node.type ?? "object");
  const maximum =
    node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER ? node.maximum : undefined;
  const range =
    node.minimum !== undefined || maximum !== undefined
      ? ` (${node.minimum ?? ""}…${maximum ?? ""})`
      : "";
  return `${type}${range}`;
}

function rows(properties: Record<string, JsonSchemaNode>, prefix: string): string[] {
  return Object.entries(properties).flatMap(([key, node]) => {
    const path = `${prefix}${key}`;
    if (node.properties) return rows(node.properties, `${path}.`);
    const env = ENV_BY_KEY[path] ? `\`${ENV_BY_KEY[path]}\`` : "";
    const fallback = node.default === undefined ? "—" : `\`${JSON.stringify(node.default)}\``;
    return [`| \`${path}\` | ${typeOf(node)} | ${fallback} | ${env} | ${node.description ?? ""} |`];
  });
}

/** The full text of docs/config.md. */
export function renderConfigDocs(): string {
  const schema = z.toJSONSchema(configFileSchema, { io: "input" }) as JsonSchemaNode;
  const keys = Object.entries(PROVIDER_KEY_VARIABLES).map(
    ([provider, variable]) => `| \`${provider}\` | \`${variable}\` |`,
  );
  return [
    "# Configuration",
    "",
    "<!-- Generated from src/config/schema.ts by `npm run docs:config`; a test fails when it drifts. -->",
    "",
    "Settings live in `.kern/config.json` (committed with the agent). Every key is optional; the",
    "defaults below apply. Environment variables override the file, and secrets live only in",
    "`.kern/.env` (mode 0600, git-ignored). An invalid file fails with one error listing every",
    "problem with its key path.",
    "",
    "| key | type | default | env override | meaning |",
    "| --- | --- | --- | --- | --- |",
    ...rows(schema.properties ?? {}, ""),
    "",
    "## Secrets (`.kern/.env`)",
    "",
    "| variable | meaning |",
    "| --- | --- |",
    "| `KERN_AUTH_TOKEN` | bearer token of the HTTP API and the web login (made by `kern init`) |",
    "| `TELEGRAM_BOT_TOKEN` | enables the Telegram bot |",
    "| `KERN_API_KEY` | API key for any provider (fallback) |",
    "",
    "The API key variable per provider:",
    "",
    "| provider | variable |",
    "| --- | --- |",
    ...keys,
    "",
    "Other environment variables: `KERN_LOG_LEVEL` (daemon log level, default `info`), `KERN_DEBUG`",
    "(print stack traces of unexpected CLI errors), `OTEL_EXPORTER_OTLP_ENDPOINT` (sets `otlpEndpoint`:",
    "traces, docs/operations.md).",
    "",
  ].join("\n");
}
