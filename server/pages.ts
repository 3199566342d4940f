// Serves React Router pages. Responses are rendered fully (not streamed) so that the CSP can name
// the inline scripts by hash. A public page's HTML is the same for every visitor of a path (the
// signed-in state lives in the browser), so it is rendered once per path and build, kept compressed
// in memory, and answered with an ETag.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { deferHydration } from "./deferred-hydration";
import { buildCsp, inlineScriptHashes } from "./security-headers";

interface CachedPage {
  status: number;
  headers: [string, string][];
  etag: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PageHandlerOptions {
  /** Folder of the client build, for inlining the stylesheet named by <meta name="inline-stylesheet">. */
  clientDir?: string;
  build: () => Promise<ServerBuild>;
  mode: "production" | "development";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  cache: boolean;
  stripe: boolean;
  maxEntries?: number;
}

export interface PageHandler {
  (req: Request, res: Response, next: NextFunction): Promise<void>;
  cacheSize(): number;
  clearCache(): void;
}

function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Readable.toWeb(req) as unknown as ReadableStream;
    init.duplex = "half";
  }
  return new globalThis.Request(url, init);
}

function acceptsEncoding(req: Request, encoding: "br" | "gzip"): boolean {
  const header = req.headers["accept-encoding"];
  return typeof header === "string" && new RegExp(`\\b${encoding}\\b`).test(header);
}

function sendCached(req: Request, res: Response, page: CachedPage): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.append("Vary", "Accept-Encoding");
  res.setHeader("X-Page-Cache", "hit");
  if (req.headers["if-none-match"] === page.etag) {
    res.status(304).end();
    return;
  }
  let body = page.raw;
  if (acceptsEncoding(req, "br")) {
    res.setHeader("Content-Encoding", "br");
    body = page.br;
  } else if (acceptsEncoding(req, "gzip")) {
    res.setHeader("Content-Encoding", "gzip");
    body = page.gzip;
  }
  res.setHeader("Content-Length", String(body.length));
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  const cache = new Map<string, CachedPage>();
  const maxEntries = options.maxEntries ?? 1000;
  let handler: ((request: globalThis.Request, context?: AppLoadContext) => Promise<globalThis.Response>) | undefined;

  const stylesheets = new Map<string, string>();
  const readStylesheet = (href: string): string => {
    let css = stylesheets.get(href);
    if (css === undefined) {
      css = "";
      if (options.clientDir && /^\/assets\/[\w.-]+\.css$/.test(href)) {
        try {
          // A closing style tag cannot occur in Tailwind's output; escape it anyway.
          css = readFileSync(path.join(options.clientDir, href), "utf8").replace(/<\/style/gi, "<\\/style");
        } catch {
          css = "";
        }
      }
      stylesheets.set(href, css);
    }
    return css;
  };
  // React 19 skips unexpected tags in <head> when hydrating, so the extra <style> is left alone.
  const inlineStylesheet = (html: string): string =>
    html.replace(/<meta name="inline-stylesheet" content="([^"]+)"\/>/, (tag, href: string) => {
      const css = readStylesheet(href);
      return css ? `${tag}<style>${css}</style>` : `${tag}<link rel="stylesheet" href="${href}"/>`;
    });

  // Vite's development client and hot reloading keep React Router's scripts as they are.
  const rewriteHtml = (html: string): string =>
    options.mode === "production" ? deferHydration(inlineStylesheet(html)) : inlineStylesheet(html);

  const cacheKey = (req: Request) => `${req.get("host") ?? ""}${req.path}`;

  const pageHandler = (async (req, res, next) => {
    try {
      const cacheable = options.cache && (req.method === "GET" || req.method === "HEAD") && !req.url.includes("?");
      if (cacheable) {
        const hit = cache.get(cacheKey(req));
        if (hit) return sendCached(req, res, hit);
      }
      if (!handler || options.mode === "development") {
        handler = createRequestHandler(await options.build(), options.mode);
      }
      const response = await handler(toFetchRequest(req, res), options.getLoadContext(req, res));
      let body = req.method === "HEAD" ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length" && name !== "content-encoding") headers.push([name, value]);
      });
      const isHtml = (response.headers.get("content-type") ?? "").includes("text/html");
      if (isHtml) {
        const html = body.length > 0 ? rewriteHtml(body.toString("utf8")) : "";
        if (html) body = Buffer.from(html, "utf8");
        const csp = buildCsp({
          scriptHashes: inlineScriptHashes(html),
          stripe: options.stripe,
          dev: options.mode === "development",
        });
        headers.push(["content-security-policy", csp]);
      }
      const publicPage =
        cacheable &&
        req.method === "GET" &&
        response.status === 200 &&
        isHtml &&
        /\bpublic\b/.test(response.headers.get("cache-control") ?? "") &&
        response.headers.getSetCookie().length === 0;
      if (publicPage) {
        const page: CachedPage = {
          status: response.status,
          headers,
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          raw: body,
          gzip: gzipSync(body, { level: 9 }),
          br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        };
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(cacheKey(req), page);
        res.setHeader("X-Page-Cache", "miss");
        return sendCached(req, res, page);
      }
      res.status(response.status);
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
      res.end(body);
    } catch (error) {
      next(error);
    }
  }) as PageHandler;
  pageHandler.cacheSize = () => cache.size;
  pageHandler.clearCache = () => cache.clear();
  return pageHandler;
}
