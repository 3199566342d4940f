// Server-sent events for /api/v1/ai/ask. The server writes them with formatSseEvent; the browser
// reads the POST response with fetch + a stream reader (EventSource cannot POST or send
// Authorization) and parses it with `eventsource-parser` (docs/decisions/0009 explains why the
// parsing is not hand-written any more). The event types are defined in lib/contracts/ai.ts.
//
//   event: delta   data: {"text": "..."}                       a piece of the answer
//   event: done    data: AiDoneEvent                            the stored answer, the new balance,
//                  whether it cost a credit and the pages it cites
//   event: error   data: {code, message}                        translated; nothing was charged
import { createParser, type EventSourceMessage, type EventSourceParser } from "eventsource-parser";
import type { AiStreamEvent } from "~/lib/contracts/ai";

export function formatSseEvent(event: AiStreamEvent["event"], data: unknown): string {
  // JSON.stringify never emits a raw line break, so one data line carries the whole payload.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps proxies from closing a quiet connection. */
export const SSE_HEARTBEAT = ": keep-alive\n\n";

export interface SseMessage {
  event: string;
  data: string;
}

/** Bytes (split anywhere, even inside a character) in, complete messages out. */
export class SseParser {
  private decoder = new TextDecoder();
  private pending: SseMessage[] = [];
  private parser: EventSourceParser = createParser({
    onEvent: (message: EventSourceMessage) => this.pending.push({ event: message.event ?? "message", data: message.data }),
  });

  /** Feeds bytes (or text); returns the messages completed by them. */
  push(chunk: Uint8Array | string): SseMessage[] {
    this.parser.feed(typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true }));
    return this.take();
  }

  /** Flushes a final event that was not followed by a blank line. */
  end(): SseMessage[] {
    // Two line breaks complete a last line and dispatch its event; with nothing pending they do nothing.
    this.parser.feed(`${this.decoder.decode()}\n\n`);
    this.parser.reset();
    return this.take();
  }

  private take(): SseMessage[] {
    const messages = this.pending;
    this.pending = [];
    return messages;
  }
}

/** The assistant's events among parsed messages (unknown or malformed ones are skipped). */
export function toAiEvent(message: SseMessage): AiStreamEvent | null {
  if (message.event !== "delta" && message.event !== "done" && message.event !== "error") return null;
  try {
    return { event: message.event, data: JSON.parse(message.data) } as AiStreamEvent;
  } catch {
    return null;
  }
}

/** The assistant's events of a response body, as they arrive. */
export async function* readAiEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AiStreamEvent> {
  const reader = body.getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      for (const message of done ? parser.end() : parser.push(value)) {
        const event = toAiEvent(message);
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
