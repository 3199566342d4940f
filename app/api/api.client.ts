// The browser's one client for the JSON API (/api/v1). `api("METHOD /path", ...)` is typed by the
// endpoint map of lib/contracts/endpoints.ts, so a call sends what the router parses and gets back
// what the router answers. Errors carry the server's translated message and details.
// Browser only (*.client.ts: React Router leaves it out of the server build): call it from effects
// and event handlers, never while rendering.
import type { AiStreamEvent, AskSchema } from "~/lib/contracts/ai";
import type { BodyOf, DownloadEndpoint, Endpoint, ParamsOf, QueryOf, ResponseOf } from "~/lib/contracts/endpoints";
import type { ApiErrorBody } from "~/lib/contracts/errors";
import type { Lang } from "~/lib/i18n/languages";
import type { z } from "zod";

export const API_BASE = "/api/v1";

export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details: Partial<ApiErrorBody["error"]> = {},
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** Field → translated message of a 400 validation_failed (empty otherwise). */
  get fields(): Record<string, string> {
    return this.details.fields ?? {};
  }
}

/** Who is asking and in which language; `signal` aborts. */
export interface RequestContext {
  token?: string | null;
  lang?: Lang;
  signal?: AbortSignal;
}

function apiHeaders({ token, lang, json }: { token?: string | null; lang?: Lang; json?: boolean }): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (json) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lang) headers["Accept-Language"] = lang;
  return headers;
}

/** "/admin/users/:id" with {id} and a query → "/admin/users/5f…?page=2" (relative to API_BASE). */
export function endpointPath(
  path: string,
  params?: Record<string, string>,
  query?: Record<string, string | number | undefined>,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Sends one request to API_BASE + `path`; status 0 / network_error when the server could not be reached. */
async function send(
  method: string,
  path: string,
  { token, lang, signal, body }: RequestContext & { body?: unknown },
  accept = "application/json",
): Promise<Response> {
  try {
    return await fetch(API_BASE + path, {
      method,
      headers: { ...apiHeaders({ token, lang, json: body !== undefined }), Accept: accept },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "network_error", "");
  }
}

/** The refusal in a non-2xx answer's JSON body (ApiErrorBody), as an ApiRequestError. */
async function refusal(response: Response): Promise<ApiRequestError> {
  const payload = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  const error = payload?.error;
  return new ApiRequestError(response.status, error?.code ?? "http_error", error?.message ?? "", { ...error });
}

/**
 * One request to API_BASE + `path`. Resolves with the JSON body of a 2xx answer; rejects with
 * ApiRequestError otherwise (status 0 / network_error when the server could not be reached).
 */
export async function requestJson<T>(method: string, path: string, context: RequestContext & { body?: unknown } = {}): Promise<T> {
  const response = await send(method, path, context);
  if (!response.ok) throw await refusal(response);
  return (await response.json().catch(() => null)) as T;
}

type Part<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: undefined } : { [K in Name]: T };

/** Options of one endpoint: path parameters, query and body exactly where it has them. */
export type CallOptions<E extends Endpoint> = RequestContext &
  Part<"params", ParamsOf<E>> &
  Partial<Part<"query", QueryOf<E>>> &
  Part<"body", BodyOf<E>>;

/** Calls an endpoint of lib/contracts/endpoints.ts: `api("POST /user/login", { body, lang })`. */
export function api<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
  const space = endpoint.indexOf(" ");
  const { params, query, ...context } = options as RequestContext & {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  };
  return requestJson<ResponseOf<E>>(endpoint.slice(0, space), endpointPath(endpoint.slice(space + 1), params, query), context);
}

/**
 * Saves an endpoint's attachment (a data export) as a file: the request needs the bearer token, which
 * a plain link cannot send. The file is named by the answer's Content-Disposition, else `fallbackName`.
 * Rejects with ApiRequestError like `api`.
 */
export async function downloadFile<E extends DownloadEndpoint>(endpoint: E, options: CallOptions<E> & { fallbackName: string }): Promise<void> {
  const space = endpoint.indexOf(" ");
  const { params, query, fallbackName, ...context } = options as RequestContext & {
    params?: Record<string, string>;
    query?: Record<string, string | number | undefined>;
    fallbackName: string;
  };
  const response = await send(endpoint.slice(0, space), endpointPath(endpoint.slice(space + 1), params, query), context);
  if (!response.ok) throw await refusal(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * POST /ai/ask: the answer's events as the server streams them (lib/contracts/ai.ts, AiStreamEvent).
 * A refusal before the stream starts (validation, sign-in, credits, rate limit) rejects with
 * ApiRequestError like `api`.
 */
export async function askStream(body: z.input<typeof AskSchema>, context: RequestContext): Promise<AsyncGenerator<AiStreamEvent>> {
  const response = await send("POST", "/ai/ask", { ...context, body }, "text/event-stream");
  if (!response.ok || !response.body || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    throw await refusal(response);
  }
  // Loaded on first use: the parser is needed only where the assistant is, not on every page.
  const { readAiEvents } = await import("~/lib/ai/sse");
  return readAiEvents(response.body);
}
