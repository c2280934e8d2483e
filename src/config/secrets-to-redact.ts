// Which values are secrets (SPEC §16): every value of `.kern/.env` but the ones kern reads as
// plain settings (a model name, a port), every `${VAR}` the config uses, and the keys kern itself
// holds wherever they came from (`.kern/.env` or the environment). Tool results, model errors and
// log lines are redacted with these (kernel/secret-redactor.ts). Pure.
import type { NamedSecret } from "../kernel/index.js";
import { configVariables } from "./resolve-mcp-servers.js";
import type { McpServerEntry } from "./schema.js";

export interface SecretsToRedactOptions {
  dotenv: Readonly<Record<string, string>>;
  lookup: (name: string) => string | undefined;
  /** Variables kern reads as settings (`KERN_MODEL`, `KERN_PORT`, …): not secrets. */
  settings: ReadonlySet<string>;
  /** The variables that hold the keys kern uses: the provider's, the token, the bot token. */
  keys: readonly string[];
  mcpServers: Readonly<Record<string, McpServerEntry>>;
}

export function secretsToRedact(options: SecretsToRedactOptions): NamedSecret[] {
  const { lookup } = options;
  const fromFile = Object.entries(options.dotenv)
    .filter(([name]) => !options.settings.has(name))
    .map(([name, value]) => ({ name, value }));
  const named = [...options.keys, ...configVariables(options.mcpServers)].flatMap((name) => {
    const value = lookup(name);
    return value === undefined ? [] : [{ name, value }];
  });
  const seen = new Set<string>();
  return [...fromFile, ...named].filter((secret) => {
    if (secret.value === "" || seen.has(secret.value)) return false;
    seen.add(secret.value);
    return true;
  });
}
