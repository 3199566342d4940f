// The browser's client for our JSON API. Errors carry the server's translated message.
import type { Lang } from "./i18n/languages";

export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  get fields(): Record<string, string> {
    return (this.details.fields as Record<string, string> | undefined) ?? {};
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  token?: string | null;
  lang?: Lang;
  signal?: AbortSignal;
}

export function apiHeaders({ token, lang, json }: { token?: string | null; lang?: Lang; json?: boolean }): HeadersInit {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (json) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lang) headers["Accept-Language"] = lang;
  return headers;
}

/** Calls /api/v1{path}. Resolves with the JSON body of a 2xx answer; rejects with ApiRequestError otherwise. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = "GET", body, token, lang, signal } = options;
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers: apiHeaders({ token, lang, json: body !== undefined }),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, "network_error", "");
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiRequestError(response.status, error?.code ?? "http_error", error?.message ?? "", {
      ...(error as Record<string, unknown> | undefined),
    });
  }
  return payload as T;
}
