// One authenticated request to the daemon with a time limit, its errors mapped to DaemonError and
// its JSON answer parsed by a zod schema. Internal to client/.
import type { z } from "zod";
import { isKernError, parseJsonOrUndefined } from "../kernel/index.js";
import type { PlainTransport } from "./plain-request.js";
import {
  badResponseError,
  httpErrorToDaemonError,
  notRunningError,
  timeoutError,
} from "./to-daemon-error.js";

export interface DaemonRequesterOptions {
  baseUrl: string;
  token: string;
  transport: PlainTransport;
  timeoutMs: number;
}

export interface DaemonRequester {
  getJson<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  postJson<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  /** GET a text answer; a JSON answer `{ systemPrompt }` or `{ text }` is accepted as well. */
  getText(path: string): Promise<string>;
}

interface Answer {
  contentType: string;
  text: string;
}

export function createDaemonRequester(options: DaemonRequesterOptions): DaemonRequester {
  const { baseUrl, token, timeoutMs } = options;

  async function send(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
    const what = `${method} ${path.split("?")[0]}`;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const answer = await options.transport({
        method,
        url: `${baseUrl}${path}`,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      if (answer.status < 200 || answer.status > 299)
        throw httpErrorToDaemonError({ status: answer.status, bodyText: answer.text, what });
      return { contentType: answer.contentType, text: answer.text };
    } catch (error) {
      if (isKernError(error)) throw error;
      if (signal.aborted || (error instanceof Error && error.name === "TimeoutError")) {
        throw timeoutError({ baseUrl, what, timeoutMs });
      }
      throw notRunningError(baseUrl, error);
    }
  }

  function parse<T>(answer: Answer, schema: z.ZodType<T>, what: string): T {
    const data = parseJsonOrUndefined(answer.text);
    if (data === undefined) throw badResponseError(what, "not JSON");
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badResponseError(what, `${issue?.path.join(".") || "body"}: ${issue?.message}`);
    }
    return parsed.data;
  }

  return {
    getJson: async (path, schema) => parse(await send("GET", path), schema, `GET ${path}`),
    postJson: async (path, body, schema) =>
      parse(await send("POST", path, body), schema, `POST ${path}`),
    async getText(path) {
      const answer = await send("GET", path);
      if (!answer.contentType.includes("json")) return answer.text;
      const data = parseJsonOrUndefined(answer.text);
      if (typeof data === "string") return data;
      if (typeof data === "object" && data !== null) {
        for (const key of ["systemPrompt", "text"]) {
          const value: unknown = Reflect.get(data, key);
          if (typeof value === "string") return value;
        }
      }
      throw badResponseError(`GET ${path}`, "expected text");
    },
  };
}
