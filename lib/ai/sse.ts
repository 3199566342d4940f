// Server-sent events for /api/v1/ai/ask. The server writes them with formatSseEvent; the browser
// reads the POST response with fetch + a stream reader (EventSource cannot POST or send
// Authorization) and feeds the bytes to an SseParser.
//
//   event: delta   data: {"text": "..."}                       a piece of the answer
//   event: done    data: {questionId, answer, credits, source, charged, citations}  the stored answer,
//                  the new balance, whether it cost a credit and the pages it cites
//   event: error   data: {code, message}                        translated; nothing was charged

import type { AiAskEvent } from "~/lib/contracts/ai";

/** The events are the AI contract's (lib/contracts/ai.ts). */
export type AiStreamEvent = AiAskEvent;

export function formatSseEvent(event: string, data: unknown): string {
  // JSON.stringify never emits a raw line break, so one data line carries the whole payload.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps proxies from closing a quiet connection. */
export const SSE_HEARTBEAT = ": keep-alive\n\n";

export interface SseMessage {
  event: string;
  data: string;
}

/** Incremental parser of the text/event-stream format (events split anywhere across chunks). */
export class SseParser {
  private buffer = "";
  private decoder = new TextDecoder();

  /** Feeds bytes (or text); returns the messages completed by them. */
  push(chunk: Uint8Array | string): SseMessage[] {
    this.buffer += typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    const messages: SseMessage[] = [];
    // Normalise line endings the spec allows (\r\n and \r) to \n; a trailing \r waits for the next
    // chunk, which may start with its \n.
    const held = this.buffer.endsWith("\r") ? 1 : 0;
    this.buffer =
      this.buffer.slice(0, this.buffer.length - held).replace(/\r\n?/g, "\n") + this.buffer.slice(this.buffer.length - held);
    let end: number;
    while ((end = this.buffer.indexOf("\n\n")) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message = parseBlock(block);
      if (message) messages.push(message);
    }
    return messages;
  }

  /** Flushes a final event that was not followed by a blank line. */
  end(): SseMessage[] {
    const rest = this.buffer + this.decoder.decode();
    this.buffer = "";
    const message = rest.trim() ? parseBlock(rest.replace(/\r\n?/g, "\n")) : null;
    return message ? [message] : [];
  }
}

function parseBlock(block: string): SseMessage | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  return { event, data: data.join("\n") };
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
