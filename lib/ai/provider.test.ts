import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { AiFailure } from "./errors";
import { ABORTED_STATUS, capRetryAfter, classifyProviderError, createAiProvider, retryAfterMs } from "./provider.server";

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
