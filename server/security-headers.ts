// Content-Security-Policy: scripts only from our origin plus the exact inline scripts React Router
// writes into each page (by hash, computed when the page is rendered), never 'unsafe-inline'.
import { createHash } from "node:crypto";

export interface CspOptions {
  scriptHashes?: string[];
  /** Stripe Elements needs its script, frames and API. */
  stripe?: boolean;
  /** Vite's dev server injects inline scripts and a websocket. */
  dev?: boolean;
}

export function buildCsp({ scriptHashes = [], stripe = false, dev = false }: CspOptions = {}): string {
  const script = ["'self'", ...scriptHashes.map((h) => `'${h}'`)];
  const connect = ["'self'"];
  const frame: string[] = [];
  if (stripe) {
    script.push("https://js.stripe.com");
    connect.push("https://api.stripe.com");
    frame.push("https://js.stripe.com", "https://hooks.stripe.com");
  }
  if (dev) {
    script.push("'unsafe-inline'");
    connect.push("ws:");
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    // React and recharts set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.length ? frame.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** sha256 hashes of every inline script of an HTML document (JSON-LD data blocks included; harmless). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[2] ?? "";
    if (!body) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
