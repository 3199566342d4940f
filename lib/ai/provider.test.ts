import http from "node:http";
import type { AddressInfo } from "node:net";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { AiFailure } from "./errors";
import { ABORTED_STATUS, capRetryAfter, classifyProviderError, createAiProvider, MAX_ANSWER_CHARS, retryAfterMs } from "./provider.server";

const silent = pino({ level: "silent" });
const status = (code: number) => APIError.generate(code, { error: { message: "x" } }, undefined, new Headers());

describe("classifyProviderError", () => {
  it("maps every provider outcome to the member's message", () => {
    const cases: [unknown, string, number | undefined][] = [
      [status(401), "ai_misconfigured", 401],
      [status(403), "ai_misconfigured", 403],
      [status(404), "ai_misconfigured", 404],
      [status(429), "ai_busy", 429],
      [status(408), "ai_timeout", 408],
      [status(500), "ai_unavailable", 500],
      [status(503), "ai_unavailable", 503],
      [status(400), "ai_error", 400],
      [status(422), "ai_error", 422],
      [new APIConnectionTimeoutError(), "ai_timeout", undefined],
      [new APIConnectionError({ message: undefined }), "ai_connection", undefined],
      [new APIUserAbortError(), "ai_error", ABORTED_STATUS],
      [new Error("boom"), "ai_error", undefined],
    ];
    for (const [error, code, providerStatus] of cases) {
      const failure = classifyProviderError(error, silent);
      expect(failure).toBeInstanceOf(AiFailure);
      expect([failure.code, failure.status]).toEqual([code, providerStatus]);
    }
  });

  it("is unconfigured without a key, and refuses to stream", async () => {
    const provider = createAiProvider(parseEnv({ NODE_ENV: "test" }), silent);
    expect(provider.configured).toBe(false);
    expect(provider.model).toBe("llama-3.3-70b-versatile");
    const stream = provider.stream([], new AbortController().signal);
    await expect(stream.next()).rejects.toMatchObject({ code: "ai_not_configured" });
  });
});

describe("retry-after", () => {
  const reply = (headers: Record<string, string>, status = 429) => new Response("{}", { status, headers });

  it("reads retry-after-ms, seconds and HTTP dates", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    const at = Date.UTC(2030, 0, 1, 0, 0, 30);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(at).toUTCString() }), at - 30_000)).toBe(30_000);
    expect(retryAfterMs(new Headers())).toBeNull();
  });

  it("keeps waits under 60 s and drops longer (or negative) ones so the SDK's short backoff applies", () => {
    expect(capRetryAfter(reply({ "retry-after": "1" })).headers.get("retry-after")).toBe("1");
    expect(capRetryAfter(reply({ "retry-after": "59" })).headers.get("retry-after")).toBe("59");
    const long = capRetryAfter(reply({ "retry-after": "3600", "x-request-id": "r1" }));
    expect(long.status).toBe(429);
    expect(long.headers.get("retry-after")).toBeNull();
    expect(long.headers.get("x-request-id")).toBe("r1");
    expect(capRetryAfter(reply({ "retry-after-ms": "-5" })).headers.get("retry-after-ms")).toBeNull();
    const ok = reply({ "retry-after": "3600" }, 200);
    expect(capRetryAfter(ok)).toBe(ok);
  });
});

// Found by a review, each against a provider on loopback that streams exactly these SSE data lines.
describe("a streamed answer's text", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function streamed(lines: string[]) {
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        for (const line of lines) res.write(`data: ${line}\n\n`);
        res.end("data: [DONE]\n\n");
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const ai = createAiProvider(parseEnv({ AI_API_KEY: "k", AI_BASE_URL: base, AI_MODEL: "m", AI_MAX_RETRIES: "0", AI_TIMEOUT_MS: "3000" }), silent);
    let text = "";
    let usage: unknown = null;
    for await (const part of ai.stream([{ role: "user", content: "q" }], new AbortController().signal)) {
      if (part.type === "delta") text += part.text;
      else usage = part;
    }
    return { text, usage };
  }
  /** A chunk as JSON, with `content` written as given (JSON escapes kept). */
  const chunk = (content: string | null, finish: string | null = null, usage?: object) =>
    `{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":${
      content === null ? "[]" : `[{"index":0,"delta":{"content":"${content}"},"finish_reason":${finish ? `"${finish}"` : "null"}}]`
    }${usage ? `,"usage":${JSON.stringify(usage)}` : ""}}`;

  it("keeps a character whose two UTF-16 halves come in two chunks", async () => {
    expect((await streamed([chunk("ok \\ud83d"), chunk("\\ude00", "stop")])).text).toBe("ok \u{1F600}");
  });

  it("is cut at the limit before a character's second half, never inside it", async () => {
    const { text } = await streamed([chunk(`${"a".repeat(MAX_ANSWER_CHARS - 1)}\\ud83d\\ude00tail`, "stop")]);
    expect(text).toBe("a".repeat(MAX_ANSWER_CHARS - 1));
  });

  it("keeps an answer of exactly the limit whole, with its usage", async () => {
    const { text, usage } = await streamed([chunk("a".repeat(MAX_ANSWER_CHARS), "stop"), chunk(null, null, { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 })]);
    expect(text.length).toBe(MAX_ANSWER_CHARS);
    expect(usage).toMatchObject({ promptTokens: 10, completionTokens: 20 });
  });
});
