// Can this agent chat? What `kern init` checks after writing the folder (issue 31): a chat model,
// an endpoint, a key where the provider needs one, and one quick request to the endpoint
// (GET /models, with the key) that shows it answers, accepts the key and knows the model. Each
// problem comes with the command that fixes it. Never throws; never shows the key.
import { type Config, loadConfig } from "../config/index.js";
import { describeError } from "../kernel/index.js";
import { displayEndpoint } from "../model/index.js";

export interface SetupProblem {
  problem: string;
  fix: string;
}

export interface CheckModelSetupOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
  /** How long the endpoint may take to answer (default 5 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
/** Providers whose hosted endpoint refuses requests without a key. */
const KEYED_PROVIDERS = new Set(["openai", "openrouter"]);

export async function checkModelSetup(options: CheckModelSetupOptions): Promise<SetupProblem[]> {
  let config: Config;
  try {
    config = await loadConfig({ agentDir: options.agentDir, env: options.env });
  } catch (error) {
    return [{ problem: describeError(error), fix: "fix the config, then run kern init again" }];
  }
  const dir = options.agentDir;
  const problems: SetupProblem[] = [];
  if (!config.model)
    problems.push({
      problem: "no chat model is set: the agent cannot chat (its memory works offline)",
      fix: `kern init ${dir} --model NAME`,
    });
  if (!config.resolvedBaseUrl)
    problems.push({
      problem: `provider ${config.provider} has no endpoint`,
      fix: `kern init ${dir} --base-url http://HOST:PORT/v1`,
    });
  if (KEYED_PROVIDERS.has(config.provider) && !config.secrets.apiKey)
    problems.push({
      problem: `no API key for ${config.provider}`,
      fix: `kern init ${dir} --api-key KEY (kept in .kern/.env)`,
    });
  if (problems.length > 0 || !config.resolvedBaseUrl || !config.model) return problems;
  const probe = await probeEndpoint(config.resolvedBaseUrl, config.secrets.apiKey, {
    model: config.model,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  return probe ? [{ ...probe, fix: probe.fix.replaceAll("DIR", dir) }] : [];
}

/** One GET {baseUrl}/models; null when the endpoint answers, accepts the key and lists the model. */
export async function probeEndpoint(
  baseUrl: string,
  apiKey: string | null,
  options: { model: string; timeoutMs: number },
): Promise<SetupProblem | null> {
  const url = `${baseUrl.replace(/\/+$/, "")}/models`;
  const shown = displayEndpoint(url);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return {
      problem: `could not reach the model endpoint ${shown} (${causeOf(error)})`,
      fix: "start the model server, or fix the URL: kern init DIR --base-url http://HOST:PORT/v1",
    };
  }
  if (response.status === 401 || response.status === 403)
    return {
      problem: `${shown} refused the API key (HTTP ${response.status})`,
      fix: "kern init DIR --api-key KEY",
    };
  if (!response.ok) return null; // some servers have no /models; the endpoint answered
  const models = await listedModels(response);
  if (models.length === 0 || models.includes(options.model)) return null;
  const some = models.slice(0, 5).join(", ");
  return {
    problem: `${shown} does not list the model ${options.model} (it has ${some}${models.length > 5 ? ", …" : ""})`,
    fix: "kern init DIR --model NAME (for ollama: ollama pull NAME)",
  };
}

async function listedModels(response: Response): Promise<string[]> {
  try {
    const body: unknown = await response.json();
    const data = typeof body === "object" && body !== null ? Reflect.get(body, "data") : null;
    if (!Array.isArray(data)) return [];
    return data
      .map((entry: unknown) =>
        typeof entry === "object" && entry !== null ? Reflect.get(entry, "id") : null,
      )
      .filter((id): id is string => typeof id === "string");
  } catch {
    return [];
  }
}

function causeOf(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "no answer in time";
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && "code" in cause) return String(cause.code);
  return error instanceof Error ? error.message : String(error);
}
