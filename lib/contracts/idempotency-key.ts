// An idempotency key: one per attempt of a write the browser may send again (a checkout, an admin's
// credit adjustment). The server applies a key once and answers a repeat with what it did the first
// time, so a retry after a lost answer, or a second click that got through, is not a second write.
import "./zod-config";
import { z } from "zod";

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const IdempotencyKeySchema = z.string({ error: "invalid_type" }).trim().regex(IDEMPOTENCY_KEY_PATTERN, "invalid_format");

/** A random key; getRandomValues also works where randomUUID does not (plain http). */
export function newIdempotencyKey(prefix: string): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
