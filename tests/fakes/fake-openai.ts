// A fake OpenAI-compatible chat-completions server (node:http on loopback) for tests, e2e and the
// benchmark. The real `openai` SDK talks to it, so retries, timeouts and streaming are exercised for
// real. The mode can be switched in-process (setMode) or from another process:
//   POST {origin}/__control  {"mode": "rate-limit"}      GET {origin}/__requests
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeAiMode =
  /** Streams FAKE_ANSWER in several chunks (20 ms apart); also answers non-streaming requests. */
  | "ok"
  /** Like ok, with the chunks 300 ms apart. */
  | "stream-slow"
  /** 429 with retry-after: 1, every time. */
  | "rate-limit"
  /** One 429 with retry-after: 1, then behaves as "ok" (switches itself). */
  | "rate-limit-once"
  /** 500 every time. */
  | "server-error"
  /** 401 invalid key. */
  | "unauthorized"
  /** 403 forbidden. */
  | "forbidden"
  /** Accepts the request and never answers (no headers). */
  | "hang"
  /** Sends the headers and the first chunk, then nothing more (the connection stays open). */
  | "stream-hang"
  /** A well-formed answer whose content is empty. */
  | "empty"
  /**
   * Streams the whole answer (the last text in the chunk that carries finish_reason, as some
   * providers do) and the usage, then holds back [DONE] until the client goes away: the answer is
   * complete at the provider but the stream has not ended yet.
   */
  | "hold-after-finish"
  /** As "hold-after-finish", but the usage never comes either: nothing follows the finish reason. */
  | "silent-after-finish"
  /** A whole answer whose text holds NUL characters, with usage whose counts are not numbers. */
  | "nul-and-bad-usage"
  /** A whole answer of FAKE_HUGE_CHUNKS chunks of 1,000 characters each, sent as fast as it can. */
  | "huge"
  /** A whole answer of zero-width characters only. */
  | "invisible"
  /** Sends the first chunk, then drops the connection. */
  | "drop-mid-stream";

export const FAKE_AI_MODES: readonly FakeAiMode[] = [
  "ok",
  "stream-slow",
  "rate-limit",
  "rate-limit-once",
  "server-error",
  "unauthorized",
  "forbidden",
  "hang",
  "stream-hang",
  "empty",
  "hold-after-finish",
  "silent-after-finish",
  "nul-and-bad-usage",
  "huge",
  "invisible",
  "drop-mid-stream",
];

/** The number of 1,000-character chunks of "huge". */
export const FAKE_HUGE_CHUNKS = 200;

/** The answer of "ok" and "stream-slow": a little Markdown, so renderers have something to render. */
export const FAKE_ANSWER_CHUNKS: readonly string[] = [
  "### Short answer\n\n",
  "This is a **general answer** ",
  "from the test model.\n\n",
  "- First point to check\n",
  "- Second point to check\n\n",
  "This is general information, not legal advice.",
];
export const FAKE_ANSWER = FAKE_ANSWER_CHUNKS.join("");
export const FAKE_MODEL = "fake-model";

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  /** When the request arrived (epoch ms with sub-millisecond precision, see now()). */
  receivedAt: number;
  /** When the first content chunk was written (streaming answers only). */
  firstTokenAt?: number;
  /** When the answer was complete ([DONE] written or the JSON body sent). */
  finishedAt?: number;
}

/** Epoch milliseconds with sub-millisecond precision, comparable across modules of one process. */
export const now = () => performance.timeOrigin + performance.now();

export interface FakeOpenAI {
  /** http://127.0.0.1:PORT/v1 (what AI_BASE_URL should be). */
  baseURL: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  setMode(mode: FakeAiMode): void;
  readonly mode: FakeAiMode;
  /** Chat-completion requests received, oldest first (FakeRequest objects). */
  requests: unknown[];
  close(): Promise<void>;
}

function isMode(value: unknown): value is FakeAiMode {
  return typeof value === "string" && (FAKE_AI_MODES as readonly string[]).includes(value);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

const errorBody = (message: string, type: string, code: string | null) => ({ error: { message, type, code, param: null } });

export async function startFakeOpenAI(
  options: {
    mode?: FakeAiMode;
    /** Called as each chat-completion request is recorded (a bench reads the CPU clocks at that instant). */
    onRequest?: (request: FakeRequest) => void;
  } = {},
): Promise<FakeOpenAI> {
  let mode: FakeAiMode = options.mode ?? "ok";
  const requests: FakeRequest[] = [];
  // Responses left open on purpose (hang, stream-hang) are ended on close().
  const open = new Set<http.ServerResponse>();
  let counter = 0;

  async function chatCompletions(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, errorBody("Invalid JSON body", "invalid_request_error", null));
    }
    const record: FakeRequest = {
      method: req.method ?? "POST",
      path: req.url ?? "",
      authorization: req.headers.authorization ?? null,
      body,
      receivedAt: now(),
    };
    requests.push(record);
    options.onRequest?.(record);

    const current = mode;
    switch (current) {
      case "rate-limit":
      case "rate-limit-once":
        if (current === "rate-limit-once") mode = "ok";
        return sendJson(res, 429, errorBody("Rate limit reached. Please try again in 1s.", "requests", "rate_limit_exceeded"), {
          "retry-after": "1",
        });
      case "server-error":
        return sendJson(res, 500, errorBody("The server had an error processing your request.", "server_error", null));
      case "unauthorized":
        return sendJson(res, 401, errorBody("Invalid API Key", "invalid_request_error", "invalid_api_key"));
      case "forbidden":
        return sendJson(res, 403, errorBody("Access denied", "permission_error", null));
      case "hang":
        open.add(res);
        res.on("close", () => open.delete(res));
        return;
      default:
        break;
    }

    const id = `chatcmpl-fake-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body.model === "string" ? body.model : FAKE_MODEL;
    const chunks =
      current === "empty"
        ? []
        : current === "nul-and-bad-usage"
          ? ["Before\u0000", "after\u0000."]
          : current === "invisible"
            ? ["\u200b\u200b", "\u2060\ufeff"]
            : current === "huge"
              ? Array.from({ length: FAKE_HUGE_CHUNKS }, (_, i) => `${String(i % 10).repeat(999)}\n`)
              : [...FAKE_ANSWER_CHUNKS];
    const content = chunks.join("");
    const usage: Record<string, unknown> =
      current === "nul-and-bad-usage"
        ? { prompt_tokens: "abc", completion_tokens: -1, total_tokens: null }
        : { prompt_tokens: 42, completion_tokens: current === "empty" ? 0 : 24, total_tokens: current === "empty" ? 42 : 66 };

    if (body.stream !== true) {
      record.finishedAt = now();
      return sendJson(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
        usage,
      });
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.flushHeaders();
    open.add(res);
    let closed = false;
    res.on("close", () => {
      closed = true;
      open.delete(res);
    });
    const send = (data: unknown) => {
      if (!closed) res.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    const delay = current === "stream-slow" ? 300 : current === "huge" ? 0 : 20;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    send(chunk({ role: "assistant", content: "" }));
    if (current === "hold-after-finish" || current === "silent-after-finish") {
      for (const text of chunks.slice(0, -1)) send(chunk({ content: text }));
      record.firstTokenAt ??= now();
      send(chunk({ content: chunks[chunks.length - 1] }, "stop"));
      if (current === "hold-after-finish") send({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
      record.finishedAt = now();
      return; // [DONE] never comes; close() or the client ends the response.
    }
    for (const [index, text] of chunks.entries()) {
      if (closed) return;
      if (index > 0) await sleep(delay);
      if (closed) return;
      record.firstTokenAt ??= now();
      send(chunk({ content: text }));
      if (current === "stream-hang") return;
      if (current === "drop-mid-stream") {
        res.socket?.destroy();
        return;
      }
    }
    if (closed) return;
    send(chunk({}, "stop"));
    const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    if (wantsUsage) send({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
    send("[DONE]");
    record.finishedAt = now();
    res.end();
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const handle = async () => {
      if (req.method === "POST" && path === "/__control") {
        const raw = await readBody(req);
        let next: unknown;
        try {
          next = (JSON.parse(raw) as { mode?: unknown }).mode;
        } catch {
          next = undefined;
        }
        if (!isMode(next)) return sendJson(res, 400, { error: `mode must be one of ${FAKE_AI_MODES.join(", ")}` });
        mode = next;
        return sendJson(res, 200, { mode });
      }
      if (req.method === "GET" && path === "/__requests") return sendJson(res, 200, requests);
      if (req.method === "POST" && path === "/v1/chat/completions") return chatCompletions(req, res);
      return sendJson(res, 404, errorBody(`Unknown path ${path}`, "invalid_request_error", null));
    };
    handle().catch(() => {
      if (!res.headersSent) sendJson(res, 500, errorBody("fake server failure", "server_error", null));
      else res.end();
    });
  });
  // Idle keep-alive sockets stay open longer than the client keeps them (undici: 4 s), so the client
  // never reuses a socket the server is closing at that moment; close() ends them all.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseURL: `${origin}/v1`,
    origin,
    setMode(next: FakeAiMode) {
      if (!isMode(next)) throw new Error(`unknown fake AI mode ${String(next)}`);
      mode = next;
    },
    get mode() {
      return mode;
    },
    requests,
    async close() {
      for (const res of open) res.destroy();
      open.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Run directly (`npx tsx tests/fakes/fake-openai.ts`) to use it from another process: prints the base URL.
if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  void startFakeOpenAI().then((fake) => {
    process.stdout.write(`${fake.baseURL}\n`);
    const stop = () => void fake.close().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
