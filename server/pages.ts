// Serves React Router pages. Responses are rendered fully (not streamed) so that the CSP can name
// the inline scripts by hash. A public page's HTML is the same for every visitor of a path (the
// signed-in state lives in the browser), so it is rendered once per path and build, kept in memory
// (bounded in entries and bytes), and answered with an ETag. Pages render at the configured origin
// whatever the request's Host said (docs/decisions/0006-one-configured-origin.md), and compression
// never runs synchronously on the request path: a miss is sent through the streaming compression
// middleware while the cache entry is compressed at the highest levels in the background.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { deferHydration } from "./deferred-hydration";
import { buildCsp, inlineScriptHashes } from "./security-headers";

interface CachedPage {
  status: number;
  headers: [string, string][];
  etag: string;
  raw: Buffer;
  /** Filled in the background; until then the raw body goes through the compression middleware. */
  gzip?: Buffer;
  br?: Buffer;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PageHandlerOptions {
  /** Folder of the client build, for inlining the stylesheet named by <meta name="inline-stylesheet">. */
  clientDir?: string;
  build: () => Promise<ServerBuild>;
  mode: "production" | "development";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  cache: boolean;
  stripe: boolean;
  /** The site's origin: the URL every page is rendered at (never the request's Host). */
  origin: () => string;
  maxEntries?: number;
  /** Bound on the cache's memory: raw plus compressed bodies. */
  maxBytes?: number;
}

export interface PageHandler {
  (req: Request, res: Response, next: NextFunction): Promise<void>;
  cacheSize(): number;
  cacheBytes(): number;
  clearCache(): void;
  /** Resolves when background compression has caught up (tests). */
  idle(): Promise<void>;
}

function toFetchRequest(req: Request, res: Response, origin: string): globalThis.Request {
  // Concatenated, not resolved against the origin: a path such as "//host/x" stays a path.
  const url = new URL(origin + req.originalUrl);
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() === "host") continue;
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
  if (page.br && acceptsEncoding(req, "br")) {
    res.setHeader("Content-Encoding", "br");
    body = page.br;
  } else if (page.gzip && acceptsEncoding(req, "gzip")) {
    res.setHeader("Content-Encoding", "gzip");
    body = page.gzip;
  }
  // Without a precompressed body the compression middleware (server/app.ts) streams one (and drops this).
  res.setHeader("Content-Length", String(body.length));
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  const cache = new Map<string, CachedPage>();
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  const sizeOf = (page: CachedPage) => page.raw.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
  const evict = () => {
    while (cache.size > maxEntries || (bytes > maxBytes && cache.size > 0)) {
      const [oldest, page] = cache.entries().next().value!;
      cache.delete(oldest);
      bytes -= sizeOf(page);
    }
  };
  const store = (key: string, page: CachedPage) => {
    const previous = cache.get(key);
    if (previous) {
      cache.delete(key);
      bytes -= sizeOf(previous);
    }
    if (sizeOf(page) > maxBytes) return;
    cache.set(key, page);
    bytes += sizeOf(page);
    evict();
  };
  // One entry compressed at a time, in the thread pool: a burst of misses cannot take every core.
  let compressing: Promise<void> = Promise.resolve();
  const compressInBackground = (key: string, page: CachedPage) => {
    compressing = compressing.then(async () => {
      if (cache.get(key) !== page) return;
      try {
        const [gz, br] = await Promise.all([
          gzipAsync(page.raw, { level: 9 }),
          brotliAsync(page.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        ]);
        if (cache.get(key) !== page) return;
        bytes -= sizeOf(page);
        page.gzip = gz;
        page.br = br;
        bytes += sizeOf(page);
        evict();
      } catch {
        // The raw body keeps being served through the compression middleware.
      }
    });
  };
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

  // The path alone: the language is part of it, and nothing a page holds depends on the Host.
  const cacheKey = (req: Request) => req.path;

  const pageHandler = (async (req, res, next) => {
    try {
      const cacheable = options.cache && (req.method === "GET" || req.method === "HEAD") && !req.url.includes("?");
      if (cacheable) {
        const key = cacheKey(req);
        const hit = cache.get(key);
        if (hit) {
          // Most recently used last, so eviction drops the coldest page.
          cache.delete(key);
          cache.set(key, hit);
          return sendCached(req, res, hit);
        }
      }
      if (!handler || options.mode === "development") {
        handler = createRequestHandler(await options.build(), options.mode);
      }
      const response = await handler(toFetchRequest(req, res, options.origin()), options.getLoadContext(req, res));
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
        };
        store(cacheKey(req), page);
        compressInBackground(cacheKey(req), page);
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
  pageHandler.cacheBytes = () => bytes;
  pageHandler.clearCache = () => {
    cache.clear();
    bytes = 0;
  };
  pageHandler.idle = () => compressing;
  return pageHandler;
}
