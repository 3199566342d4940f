// The model behind the assistant: any OpenAI-compatible chat-completions endpoint, called through the
// `openai` SDK with the client defaults of docs/product.md › Assistant (timeout, retries on 408/409/429/5xx honouring
// retry-after). The key lives only here, on the server.
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "openai";
import { toStorableText } from "~/lib/contracts/storable-text";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { AiFailure } from "./errors";
import { httpFetch } from "./http-fetch.server";
import { unconfiguredProvider } from "./unconfigured-provider";
import type { ChatMessage } from "./prompt";

export type StreamPart =
  | { type: "delta"; text: string }
  | { type: "usage"; promptTokens: number; completionTokens: number };

export interface AiProvider {
  /** False when AI_API_KEY is unset: only the built-in knowledge base answers. */
  readonly configured: boolean;
  readonly model: string;
  /**
   * Streams a completion. Ends normally only when the provider finished the answer (sent its finish
   * reason; an abort or error after that, while the stream closes, does not undo it); throws an
   * AiFailure otherwise (including `signal` being aborted, as code "ai_error" with status 499).
   */
  stream(messages: ChatMessage[], signal: AbortSignal): AsyncGenerator<StreamPart, void, undefined>;
}

/** An AbortSignal aborted by our caller (client disconnect) surfaces as this failure. */
export const ABORTED_STATUS = 499;

export const MAX_COMPLETION_TOKENS = 1500;
/**
 * The longest answer kept: well above what MAX_COMPLETION_TOKENS gives in any of the three languages,
 * for a provider that ignores it (found by an attack: a 5,000,000-character answer was stored and
 * charged, and every history read carried it). The answer ends there, as at a length limit.
 */
export const MAX_ANSWER_CHARS = 16_000;

/** A usage count the database can store, or null for anything else a provider sends. */
const tokenCount = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647 ? value : null);
/** Spec §9: a provider's retry-after is honoured when it is under 60 s. */
export const MAX_RETRY_AFTER_MS = 60_000;
/**
 * How long the usage and the end of the stream may take once the model has given its finish reason:
 * the answer is whole by then, so a provider that never ends its stream must not keep the member
 * waiting for the stall limit.
 */
const AFTER_FINISH_MS = 1_000;

/** The wait a response asks for (retry-after-ms, retry-after in seconds or as a date), or null. */
export function retryAfterMs(headers: Headers, nowMs = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && !Number.isNaN(parseFloat(ms))) return parseFloat(ms);
  const value = headers.get("retry-after");
  if (value === null) return null;
  const seconds = parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date - nowMs;
}

/**
 * The SDK waits as long as a retry-after says. A wait of a minute or more (or a negative one) is
 * dropped, so the SDK falls back to its own short backoff (at most 8 s) instead of holding the
 * member's request for that long.
 */
export function capRetryAfter(response: Response): Response {
  if (response.ok) return response;
  const wait = retryAfterMs(response.headers);
  if (wait === null || (wait >= 0 && wait < MAX_RETRY_AFTER_MS)) return response;
  const headers = new Headers(response.headers);
  headers.delete("retry-after");
  headers.delete("retry-after-ms");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Maps an SDK error to the message the member sees; 401/403/404 also tell the operator. */
export function classifyProviderError(error: unknown, logger: Logger): AiFailure {
  if (error instanceof AiFailure) return error;
  if (error instanceof APIUserAbortError) return new AiFailure("ai_error", ABORTED_STATUS, { cause: error });
  // Timeout before connection error: the timeout class extends the connection class.
  if (error instanceof APIConnectionTimeoutError) return new AiFailure("ai_timeout", undefined, { cause: error });
  if (error instanceof APIConnectionError) return new AiFailure("ai_connection", undefined, { cause: error });
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    if (status === 401 || status === 403 || status === 404) {
      logger.error(
        { providerStatus: status, providerMessage: error.message },
        "AI provider refused the request: check AI_API_KEY, AI_BASE_URL and AI_MODEL",
      );
      return new AiFailure("ai_misconfigured", status, { cause: error });
    }
    if (status === 429) return new AiFailure("ai_busy", status, { cause: error });
    if (status === 408) return new AiFailure("ai_timeout", status, { cause: error });
    if (status >= 500) return new AiFailure("ai_unavailable", status, { cause: error });
    logger.warn({ providerStatus: status, providerMessage: error.message }, "AI provider rejected the request");
    return new AiFailure("ai_error", status, { cause: error });
  }
  logger.warn({ err: error }, "AI provider call failed");
  return new AiFailure("ai_error", undefined, { cause: error });
}

export function createAiProvider(env: Env, logger: Logger): AiProvider {
  const model = env.AI_MODEL;
  if (!env.AI_API_KEY) return unconfiguredProvider(model);
  const sdkLogger = logger.child({ component: "openai" });
  const client = new OpenAI({
    apiKey: env.AI_API_KEY,
    baseURL: env.AI_BASE_URL,
    timeout: env.AI_TIMEOUT_MS,
    maxRetries: env.AI_MAX_RETRIES,
    // node:http with a keep-alive agent rather than the built-in fetch: far less CPU per answer.
    fetch: async (input, init) => capRetryAfter(await httpFetch(input, init)),
    // The SDK would otherwise write to the console; its retries show up at info level.
    logLevel: "info",
    logger: {
      error: (message, ...rest) => sdkLogger.warn({ details: rest }, message),
      warn: (message, ...rest) => sdkLogger.warn({ details: rest }, message),
      info: (message) => sdkLogger.debug(message),
      debug: () => {},
    },
  });
  const idleMs = env.AI_TIMEOUT_MS;

  return {
    configured: true,
    model,
    async *stream(messages, signal) {
      const controller = new AbortController();
      const abort = () => controller.abort();
      if (signal.aborted) throw new AiFailure("ai_error", ABORTED_STATUS);
      signal.addEventListener("abort", abort, { once: true });
      // The SDK's timeout covers the wait for the response headers; a stream that stalls
      // afterwards is cut off after the same time without a chunk.
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      let stalled = false;
      // One timer per answer, pushed back on every chunk (refresh() re-arms it without a new timer).
      const arm = () => {
        if (idleTimer) {
          idleTimer.refresh();
          return;
        }
        idleTimer = setTimeout(() => {
          stalled = true;
          controller.abort();
        }, idleMs);
      };
      let finished = false;
      let streaming = false;
      let written = 0;
      let held = "";
      try {
        const stream = await client.chat.completions.create(
          {
            model,
            messages,
            stream: true,
            stream_options: { include_usage: true },
            temperature: 0.3,
            max_completion_tokens: MAX_COMPLETION_TOKENS,
          },
          { signal: controller.signal },
        );
        arm();
        streaming = true;
        for await (const chunk of stream) {
          arm();
          const choice = chunk.choices?.[0];
          const content: unknown = choice?.delta?.content;
          let raw = held + (typeof content === "string" ? content : "");
          held = "";
          // A character's two UTF-16 halves may come in two chunks: the first waits for the second.
          if (!choice?.finish_reason && /[\uD800-\uDBFF]$/.test(raw)) {
            held = raw.slice(-1);
            raw = raw.slice(0, -1);
          }
          // Stored as PostgreSQL can: a NUL in it made both the answer and its failure fail to store.
          let text = toStorableText(raw);
          if (written + text.length > MAX_ANSWER_CHARS) {
            // The answer is as long as any is kept: it ends here, and the provider's stream with it,
            // never between a character's two halves.
            let keep = MAX_ANSWER_CHARS - written;
            if (keep > 0 && /[\uD800-\uDBFF]/.test(text.charAt(keep - 1))) keep -= 1;
            text = text.slice(0, keep);
            finished = true;
            if (text) yield { type: "delta", text };
            controller.abort();
            return;
          }
          written += text.length;
          // Before the yield: the caller may abort while handling the last text.
          if (choice?.finish_reason && !finished) {
            finished = true;
            // From here on only the usage and [DONE] may come, at once from a sound provider (whose
            // connection is then kept for the next answer); a stall now ends the answer, not fails it.
            clearTimeout(idleTimer);
            idleTimer = setTimeout(() => controller.abort(), Math.min(idleMs, AFTER_FINISH_MS));
          }
          if (text) yield { type: "delta", text };
          if (chunk.usage) {
            const promptTokens = tokenCount(chunk.usage.prompt_tokens);
            const completionTokens = tokenCount(chunk.usage.completion_tokens);
            if (promptTokens !== null && completionTokens !== null) yield { type: "usage", promptTokens, completionTokens };
          }
        }
      } catch (error) {
        // The whole answer arrived; only the end of the stream (usage, [DONE]) was lost.
        if (finished) return;
        if (stalled) throw new AiFailure("ai_timeout", undefined, { cause: error });
        if (signal.aborted) throw new AiFailure("ai_error", ABORTED_STATUS, { cause: error });
        // The connection broke while the answer came (the provider's own error events are APIErrors,
        // a chunk that is not JSON a SyntaxError): said as a lost connection, not a vague error.
        if (streaming && !(error instanceof APIError) && !(error instanceof SyntaxError) && !(error instanceof AiFailure)) {
          throw new AiFailure("ai_connection", undefined, { cause: error });
        }
        throw classifyProviderError(error, logger);
      } finally {
        clearTimeout(idleTimer);
        signal.removeEventListener("abort", abort);
      }
      // The SDK ends an aborted stream quietly; an answer without a finish reason is incomplete.
      if (finished) return;
      if (stalled) throw new AiFailure("ai_timeout");
      if (signal.aborted) throw new AiFailure("ai_error", ABORTED_STATUS);
      if (!finished) throw new AiFailure("ai_connection");
    },
  };
}
