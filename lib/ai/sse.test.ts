import { describe, expect, it } from "vitest";
import { formatSseEvent, SSE_HEARTBEAT, SseParser, toAiEvent } from "./sse";

describe("server-sent events", () => {
  it("round-trips events whose bytes are split anywhere, including inside multi-byte characters", () => {
    const text =
      formatSseEvent("delta", { text: "税務\n\n**データ**" }) +
      SSE_HEARTBEAT +
      formatSseEvent("done", { questionId: "q1", answer: "税務", credits: 2, source: "model" });
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const parser = new SseParser();
      const messages = [];
      for (let i = 0; i < bytes.length; i += size) messages.push(...parser.push(bytes.slice(i, i + size)));
      messages.push(...parser.end());
      expect(messages.map(toAiEvent)).toEqual([
        { event: "delta", data: { text: "税務\n\n**データ**" } },
        { event: "done", data: { questionId: "q1", answer: "税務", credits: 2, source: "model" } },
      ]);
    }
  });

  it("accepts CRLF and CR line endings, multi-line data and a final event without a blank line", () => {
    const parser = new SseParser();
    const messages = [
      ...parser.push("event: error\r\ndata: {\"code\":\"ai_busy\",\r"),
      ...parser.push("\ndata: \"message\":\"Busy\"}\r\n\r\n"),
      ...parser.push("data: plain"),
      ...parser.end(),
    ];
    expect(messages).toEqual([
      { event: "error", data: '{"code":"ai_busy",\n"message":"Busy"}' },
      { event: "message", data: "plain" },
    ]);
    expect(toAiEvent(messages[0]!)).toEqual({ event: "error", data: { code: "ai_busy", message: "Busy" } });
    expect(toAiEvent(messages[1]!)).toBeNull();
    expect(toAiEvent({ event: "delta", data: "{broken" })).toBeNull();
  });
});
