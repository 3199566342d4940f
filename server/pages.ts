// Serves React Router pages. Responses are rendered fully (not streamed) so that the CSP can name
// the inline scripts by hash. A public page's HTML is the same for every visitor of a path (the
// signed-in state lives in the browser), so it is rendered once per path and build, kept in memory
// (bounded in entries and bytes), and answered with an ETag. Pages render at the configured origin
// whatever the request's Host said (docs/decisions/0006-one-configured-origin.md), and compression
// never runs synchronously on the request path: a miss is sent through the streaming compression
// middleware while the cache entry is compressed at the highest levels in the background.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile as readFileAsync, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, matchPath as matchPattern, type AppLoadContext, type Params, type RouteObject, type ServerBuild } from "react-router";
import { DEFAULT_LANG, LANGS } from "~/lib/i18n/languages";
import { sameSitePath, splitLangPath } from "~/lib/i18n/paths";
import { CONTACT_FORM_MAX_BYTES } from "~/lib/contact-inbox.server";
import { ApiError, COMMON_ERRORS, methodNotAllowed, unavailable } from "~/lib/http/api-error";
import { leastRecentlyUsed } from "~/lib/least-recently-used";
import { legacyServiceRedirect } from "~/lib/service-catalog";
import { deferHydration } from "./deferred-hydration";
import { hasDotSegment, refuse } from "./request-edge";
import { createRouteMatcher, decodedSegments, ROUTE_MATCH_PATH_MAX } from "./route-matches";
import type { RecordedAnswer } from "./prepared-head";
import { buildCsp, inlineScriptHashes } from "./security-headers";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  etag: string;
  raw: Buffer;
  /** Filled in the background; until then the raw body goes through the compression middleware. */
  gzip?: Buffer;
  br?: Buffer;
  /**
   * Complete answers as the middleware chain sent them for a hit, one per variant of the request
   * (server/page-fast-path.ts): the fast path replays them without walking the chain.
   */
  answers: Map<string, RecordedAnswer>;
  /** negotiatesLanguage() of the page's path, worked out once by the fast path. */
  negotiated?: boolean;
  /** The cache's count of pages stored and asked for, when this one last was: eviction drops the lowest. */
  lastAsked: number;
}

/** What of a request decides the answer to a cache hit, besides the page (server/page-fast-path.ts). */
export interface AnswerVariant {
  method: string;
  /**
   * The precompressed body chosen, else "none" once the page's bodies are made (nothing is
   * compressed on the fly then, so every other Accept-Encoding gets the page itself). Before that,
   * the header itself: a client that accepts only what the compression middleware makes on the fly
   * (deflate) gets another answer than one that sent no header.
   */
  encoding: "br" | "gzip" | `other:${string}` | "none";
  notModified: boolean;
  /** The unprefixed URL went through language negotiation (it adds Vary: Cookie, Accept-Language). */
  negotiated: boolean;
  secure: boolean;
}

/** Answers kept per page at most (each distinct unusual Accept-Encoding is a variant). */
export const MAX_ANSWERS_PER_PAGE = 32;

export const encodingVariant = (page: CachedPage, chosen: "br" | "gzip" | null, acceptEncoding: string | undefined): AnswerVariant["encoding"] =>
  chosen ?? (acceptEncoding && !page.gzip ? `other:${acceptEncoding}` : "none");

export const variantKey = (v: AnswerVariant): string =>
  `${v.method}|${v.encoding}|${v.notModified ? 304 : 200}|${v.negotiated ? "n" : "-"}|${v.secure ? "s" : "-"}`;

/** Whether server/app.ts's language negotiation runs for this GET/HEAD path (keep the two in step). */
export function negotiatesLanguage(pathname: string): boolean {
  return path.extname(pathname) === "" && pathname !== "/__manifest" && !splitLangPath(pathname).prefixed;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PageHandlerOptions {
  /**
   * The on-the-fly compression middleware (server/app.ts), set up only for an answer that may need
   * it: a render that is not kept, or a kept page whose precompressed bodies are not made yet.
   */
  compression?: RequestHandler;
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
  /** Page renders in flight at once; the others wait their turn (a flood of misses queues here). */
  maxRenders?: number;
  /**
   * Folder for the compressed bodies, by content hash, so a restart of the same build serves them
   * without compressing again (unset: compressed in memory only).
   */
  compressedDir?: string;
  /**
   * What besides the body decides a kept page's answer (the security headers, the trust-proxy setting
   * that turns HSTS on), hashed into its ETag with the body: a proxy revalidating its copy after only
   * these changed gets the page anew instead of a 304 that keeps the old headers (found by an attack).
   */
  answerSettings?: string;
}

/** The page of every path under a first segment that is no language, and the path it is rendered from. */
const UNKNOWN_LANGUAGE_KEY = "not-found:unknown-language";
const UNKNOWN_LANGUAGE_PAGE = "/xx/not-found";

/**
 * First segments answered before the pages (server/app.ts: the API, the health checks, the /en
 * redirect, the build's files, route discovery), in any letter case and with or without a trailing
 * slash, as Express routes them; a path with an extension may be one of the build's files.
 */
const BEFORE_PAGES = /^\/(?:api|healthz|readyz|en|assets|__manifest)(?:\/|$)|\.[^/]*$/i;

/**
 * Whether the fast path looks up the page a plain `path` shares with others (PageHandler.peekShared):
 * not for a path something before the pages answers (an old service slug's redirect among them),
 * nor one with a dot segment (refused by server/request-edge.ts), nor one longer than the route
 * matcher remembers (each would be split anew).
 */
export const sharesKeptPage = (path: string): boolean =>
  path.length <= ROUTE_MATCH_PATH_MAX && !BEFORE_PAGES.test(path) && !hasDotSegment(path) && legacyServiceRedirect(path) === null;

/** The catch-all route (app/routes.ts): its page is the same for every unknown path of a language. */
const NOT_FOUND_ROUTE = "routes/not-found";
/** The language prefixes (lib/i18n/paths.ts): English has none. */
const SERVED_PREFIXES = new Set<string>(LANGS.filter((lang) => lang !== DEFAULT_LANG));

/** How a request uses the page cache: its key (null: not cached) and the URL that is rendered. */
interface CachePlan {
  key: string | null;
  target: string;
  /** A private page whose render is the same for every visitor (app/page-helpers/seo.ts SHARED_PRIVATE_PAGE): kept too. */
  shared?: boolean;
  /** The matched leaf route's id, when the key is the path's own. */
  leaf?: string;
  /** A data request ("/blog/1.data"): the page's path, and what its shared not-found key gets appended. */
  data?: { page: string; suffix: string };
}

/** The page a React Router data URL is for: "/blog/1.data" is "/blog/1", "/_root.data" is "/". */
const dataPagePath = (path: string): string => path.slice(0, -".data".length).replace(/^\/_root$/, "/");

/** The build's route manifest as the nested route objects matchRoutes() walks. */
function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}

/**
 * The params React Router gives route `id`'s loader for `pathname` (decoded as it decodes them), or
 * null when the path is not the route's.
 */
function paramsOf(build: ServerBuild, id: string, pathname: string): Params | null {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return matchPattern({ path: `/${parts.join("/")}`, end: true }, decodedSegments(pathname.split("/")).join("/"))?.params ?? null;
}

export interface PageHandler {
  (req: Request, res: Response, next: NextFunction): Promise<void>;
  /** The cached page of an exact path (marked recently used), if any (server/page-fast-path.ts). */
  peek(key: string): CachedPage | undefined;
  /**
   * The kept page a GET of `path` with `query` (after the "?", or undefined) is answered with when
   * the key is shared, else undefined: the path's own page when its render reads no query, or the
   * not-found page of an unknown path. Only for a path that reaches the pages (the fast path asks
   * sharesKeptPage first) and that the site spells this way (another spelling is redirected).
   */
  peekShared(path: string, query: string | undefined): CachedPage | undefined;
  cacheSize(): number;
  cacheBytes(): number;
  clearCache(): void;
  /** Resolves when background compression has caught up (tests). */
  idle(): Promise<void>;
}

/** The largest form a page's action reads: the contact page's. */
const PAGE_FORM_MAX_BYTES = CONTACT_FORM_MAX_BYTES;
/** Forms read at once: what slow senders can hold in memory is bounded (64 × 64 KB). */
const MAX_FORM_READS = 64;
/** A form still not sent after this long is refused, as a proxy's client_body_timeout would. */
const FORM_READ_TIMEOUT_MS = 30_000;

type PostedBody = Buffer | "gone" | "timeout";

/**
 * Reads a page form's body (the contact page's action) into memory: at most PAGE_FORM_MAX_BYTES + 1
 * bytes, enough for the action to see a body is too large and answer 413; the rest is left unread.
 * A body whose declared length is already too large is not read at all (the action answers 413 from
 * the length). "gone" when the client left before it was sent, "timeout" after FORM_READ_TIMEOUT_MS.
 */
function readPostedBody(req: Request): Promise<PostedBody> {
  if (Number(req.headers["content-length"] ?? 0) > PAGE_FORM_MAX_BYTES) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: PostedBody) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > PAGE_FORM_MAX_BYTES) {
        req.pause();
        finish(Buffer.concat(chunks).subarray(0, PAGE_FORM_MAX_BYTES + 1));
      }
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onClose = () => finish(req.complete ? Buffer.concat(chunks) : "gone");
    const timer = setTimeout(() => finish("timeout"), FORM_READ_TIMEOUT_MS);
    req.on("data", onData).on("end", onEnd).on("close", onClose).on("error", onClose);
  });
}

/** `url` is the site's origin followed by the path (and query) to render; `body` a POST's form. */
function toFetchRequest(req: Request, res: Response, url: string, body?: Buffer, method = req.method): globalThis.Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() === "host") continue;
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const init: RequestInit = { method, headers, signal: controller.signal };
  // Only POST has a body here (the request edge answers 405 to other methods than GET and HEAD).
  if (body) init.body = new Uint8Array(body);
  // Concatenated, not resolved against the origin: a path such as "//host/x" stays a path.
  return new globalThis.Request(new URL(url), init);
}

/**
 * If-None-Match names this page in any of its encodings (the client's stored copy may be the br one
 * while this request would get gzip), or is `*`: the content is unchanged, so its copy is still good.
 * Only a page that is there (2xx) is revalidated: the not-found page, shared by every unknown path,
 * answers 404 whatever tag is named (RFC 9110, 13.2.1: preconditions apply to 2xx answers only).
 */
export function revalidates(ifNoneMatch: string | undefined, page: Pick<CachedPage, "etag" | "status">): boolean {
  if (!ifNoneMatch || page.status < 200 || page.status > 299) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const named = tag.trim();
    return named === "*" || named.replace(/^W\//, "").replace(/-(br|gzip)"$/, '"') === page.etag;
  });
}

/**
 * The precompressed encodings a page offers, by offerOf(page): none until they are made, then br and
 * gzip. Identity is not offered beside them: a client that accepts br or gzip at all gets one, as
 * the compression middleware would have chosen ("identity, gzip" ties go to gzip), but from memory.
 */
export const COMPRESSED_OFFERS: readonly (readonly ("br" | "gzip")[])[] = [[], ["gzip"], ["br"], ["br", "gzip"]];
export const offerOf = (page: CachedPage): number => (page.br ? 2 : 0) + (page.gzip ? 1 : 0);

/** The precompressed body the client accepts best (q-values honoured, "br;q=0" refuses br), else none. */
function chooseEncoding(req: Request, page: CachedPage): "br" | "gzip" | null {
  const offered = COMPRESSED_OFFERS[offerOf(page)]!;
  if (!req.headers["accept-encoding"] || offered.length === 0) return null;
  const chosen = req.acceptsEncodings([...offered]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/**
 * Keeps the answer to a hit as it leaves (after every middleware had its say, compression
 * included), unless the body was transformed on the way (a page not yet compressed in the
 * background): then nothing is kept and the next hit of that variant walks the chain again.
 */
function recordAnswer(res: Response, page: CachedPage, key: string, encoding: "br" | "gzip" | null, body: Buffer | null): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const result = (writeHead as (...a: unknown[]) => Response).apply(this, args);
    const sentEncoding = res.getHeader("content-encoding");
    const intact = res.statusCode === 304 || (sentEncoding === (encoding ?? undefined) && res.getHeader("content-length") !== undefined);
    if (intact && !page.answers.has(key) && page.answers.size < MAX_ANSWERS_PER_PAGE) {
      const headers: string[] = [];
      for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
        // Date is Node's; Connection is set per request while the server drains (server/lifecycle.ts).
        const lower = name.toLowerCase();
        if (lower === "date" || lower === "connection") continue;
        const value = res.getHeader(name);
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      page.answers.set(key, { status: res.statusCode, headers, body });
    }
    return result;
  } as Response["writeHead"];
}

/**
 * Whether the compression middleware (server/app.ts) may compress the raw body for this request: it
 * does whenever the client accepts one of its encodings at least as well as identity, so this errs
 * on the side of yes (a client that prefers identity outright only loses the shared cache).
 */
const compressedOnTheFly = (req: Request) =>
  req.headers["accept-encoding"] !== undefined && req.acceptsEncodings(["br", "gzip", "deflate"]) !== false;

/** Ends the answer with `body`, or with no body for a HEAD. */
const endWith = (req: Request, res: Response, body: Buffer) => (req.method === "HEAD" ? res.end() : res.end(body));

/**
 * Sends a kept page. Once its precompressed bodies exist nothing is compressed on the fly: that cost
 * about 1.8 ms of CPU where the precompressed body costs 0.06 ms, so a client asking for deflate, or
 * a flood of them, made every cached page 30 times dearer (such a client gets the page uncompressed),
 * and setting the compression middleware up for the request cost a tenth of the chain
 * (docs/performance.md, "What a request costs"). Until then, `compress` is that middleware.
 */
function sendCached(
  req: Request,
  res: Response,
  page: CachedPage,
  state: "hit" | "miss",
  compress: RequestHandler | undefined,
  replayable = false,
): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const encoding = chooseEncoding(req, page);
  const notModified = revalidates(req.headers["if-none-match"], page);
  const variant = variantKey({
    method: req.method,
    encoding: encodingVariant(page, encoding, req.headers["accept-encoding"]),
    notModified,
    negotiated: negotiatesLanguage(req.path),
    secure: req.secure,
  });
  // Only answers the fast path can look up are kept for it (`replayable`: the key is the path's own or shared).
  const record = replayable && state === "hit" && !page.answers.has(variant) && page.answers.size < MAX_ANSWERS_PER_PAGE;
  // One ETag per representation: a shared cache must not hand brotli bytes to a gzip-only client.
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  res.setHeader("ETag", etag);
  res.append("Vary", "Accept-Encoding");
  res.setHeader("X-Page-Cache", state);
  if (notModified) {
    if (record) recordAnswer(res, page, variant, encoding, null);
    res.status(304).end();
    return;
  }
  if (!page.gzip && compressedOnTheFly(req)) {
    // Until the page's precompressed bodies are made, this one (lower level, chunked) stands in for
    // them: no shared cache keeps it, or the shipped proxy would serve it for as long as its
    // revalidations get a 304 (deploy/nginx.conf). Once they are made, nothing is compressed on the fly.
    // A HEAD says what the GET would (the compressor itself skips a HEAD).
    const cacheControl = res.getHeader("Cache-Control");
    if (typeof cacheControl === "string") res.setHeader("Cache-Control", cacheControl.replace(/\bs-maxage=\d+/, "s-maxage=0"));
    // Nor does it carry the page's own ETag: a strong validator names one representation, and these
    // bytes are the compressor's (until the precompressed bodies exist, with ETags of their own).
    res.removeHeader("ETag");
  }
  let body = page.raw;
  if (encoding === "br" && page.br) {
    res.setHeader("Content-Encoding", "br");
    body = page.br;
  } else if (encoding === "gzip" && page.gzip) {
    res.setHeader("Content-Encoding", "gzip");
    body = page.gzip;
  }
  // Without a precompressed body the compression middleware streams one (and drops this).
  res.setHeader("Content-Length", String(body.length));
  res.status(page.status);
  if (record) recordAnswer(res, page, variant, encoding, req.method === "HEAD" ? null : body);
  const send = () => endWith(req, res, body);
  if (!page.gzip && compress) compress(req, res, send);
  else send();
}

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  const cache = new Map<string, CachedPage>();
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let bytes = 0;
  const sizeOf = (page: CachedPage) => page.raw.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
  /**
   * Eviction drops the page asked for least recently: each page notes the count of the last time it
   * was stored or asked for. A hit used to move its page to the end of the map instead, and under
   * load V8 promoted the map's rewritten tables, so the old generation grew into a full collection,
   * a pause of 4.6-8.6 ms, every few seconds (docs/performance.md, "2026-11-24, 02:00-03:00 UTC").
   * The lowest count is looked for only when the cache is over its bounds (after a page is stored or
   * compressed), among at most maxEntries pages.
   */
  let asked = 0;
  const evict = () => {
    while (cache.size > maxEntries || (bytes > maxBytes && cache.size > 0)) {
      const [key, page] = leastRecentlyUsed(cache, (cached) => cached.lastAsked)!;
      cache.delete(key);
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
    page.lastAsked = ++asked;
    cache.set(key, page);
    bytes += sizeOf(page);
    evict();
  };
  // The bodies of one page are named by its ETag (a hash of the body and the answer settings): a file
  // is either this page's or absent.
  const compressedFile = (page: CachedPage, encoding: "gz" | "br") =>
    options.compressedDir ? path.join(options.compressedDir, `${page.etag.slice(1, -1)}.html.${encoding}`) : null;
  const readCompressed = async (page: CachedPage): Promise<[Buffer, Buffer] | null> => {
    const gzFile = compressedFile(page, "gz");
    const brFile = compressedFile(page, "br");
    if (!gzFile || !brFile) return null;
    try {
      return await Promise.all([readFileAsync(gzFile), readFileAsync(brFile)]);
    } catch {
      return null;
    }
  };
  const compress = async (page: CachedPage): Promise<[Buffer, Buffer]> => {
    const result = await Promise.all([
      gzipAsync(page.raw, { level: 9 }),
      brotliAsync(page.raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    const gzFile = compressedFile(page, "gz");
    const brFile = compressedFile(page, "br");
    if (gzFile && brFile) {
      // Best effort (a read-only disk only costs the next start its compression); written under a
      // temporary name and renamed, so a reader never sees half a file.
      try {
        await mkdir(path.dirname(gzFile), { recursive: true });
        for (const [file, data] of [[gzFile, result[0]], [brFile, result[1]]] as const) {
          const temporary = `${file}.${process.pid}.tmp`;
          await writeFile(temporary, data);
          await rename(temporary, file);
        }
      } catch {
        // Served from memory all the same.
      }
    }
    return result;
  };
  // One entry compressed at a time, in the thread pool: a burst of misses cannot take every core.
  let compressing: Promise<void> = Promise.resolve();
  const compressInBackground = (key: string, page: CachedPage) => {
    compressing = compressing.then(async () => {
      if (cache.get(key) !== page) return;
      try {
        const [gz, br] = (await readCompressed(page)) ?? (await compress(page));
        if (cache.get(key) !== page) return;
        bytes -= sizeOf(page);
        page.gzip = gz;
        page.br = br;
        // Answers kept until now were chosen without these bodies (each unusual Accept-Encoding its
        // own): they would hold the page's answer slots (MAX_ANSWERS_PER_PAGE) for good.
        page.answers.clear();
        bytes += sizeOf(page);
        evict();
      } catch {
        // The raw body keeps being served through the compression middleware.
      }
    });
  };
  let handler: ((request: globalThis.Request, context?: AppLoadContext) => Promise<globalThis.Response>) | undefined;
  let loadedBuild: ServerBuild | undefined;
  let matchPath = createRouteMatcher([]);

  /**
   * Unknown paths share one entry per language, and a page whose route says its render reads no
   * query (app/page-helpers/seo.ts QUERY_INDEPENDENT_PAGE) is rendered and cached without it: random paths and
   * queries, the cheapest flood there is, are answered from the cache.
   */
  const cachePlan = (req: Request): CachePlan => {
    const [path = "/", query] = req.originalUrl.split("?", 2) as [string, string | undefined];
    // React Router's route discovery is not a page.
    if (req.path === "/__manifest") return { key: null, target: req.originalUrl };
    if (req.path.endsWith(".data")) return dataPlan(req, query);
    return documentPlan(req.path, path, query) ?? { key: null, target: req.originalUrl };
  };

  /** What route `leaf`'s handle tells the page cache (app/page-helpers/seo.ts). */
  const pageHandle = (leaf: string | undefined) =>
    loadedBuild?.routes[leaf ?? ""]?.module.handle as
      | { pageCache?: string; cacheQuery?: Record<string, readonly string[]>; exists?: (params: Params) => boolean }
      | undefined;

  /** A document's plan (`pathname` routed, `path` as the URL spells it), or null when it is not kept. */
  const documentPlan = (pathname: string, path: string, query: string | undefined): CachePlan | null => {
    const matched = matchPath(pathname);
    const leaf = matched.ids.at(-1);
    const lang = matched.params.lang;
    // A first segment that is no language ("/xyz", "/xyz/about") is refused by the language layout,
    // but the routes below it still load: "/xyz/blog/2" carried the data of the article asked for
    // first. One page for all of them, rendered from a path whose routes load nothing.
    if (lang !== undefined && !SERVED_PREFIXES.has(lang)) return { key: UNKNOWN_LANGUAGE_KEY, target: UNKNOWN_LANGUAGE_PAGE };
    if (leaf === NOT_FOUND_ROUTE) return { key: `not-found:${lang ?? "en"}`, target: path };
    const unknown = unknownContent(leaf, pathname);
    if (unknown !== null) return { key: unknown, target: path };
    const handle = pageHandle(leaf);
    if (query === undefined) return { key: pathname, target: path, shared: handle?.pageCache === "private-shell", leaf };
    if (handle?.pageCache === "ignore-query") {
      // Only the listed parameters with a listed value are kept (queryKeyedPage): one entry each.
      const kept = new URLSearchParams();
      if (handle.cacheQuery) {
        const params = new URLSearchParams(query);
        for (const [name, values] of Object.entries(handle.cacheQuery)) {
          const value = params.get(name);
          if (value !== null && values.includes(value)) kept.set(name, value);
        }
      }
      const search = kept.size ? `?${kept}` : "";
      return { key: pathname + search, target: path + search, leaf };
    }
    return null;
  };

  /**
   * Whether the fast path may answer a request for `pathname` planned `plan` from the page kept under
   * `key` (peekShared finds the same): the path's own page, or an unknown path's shared not-found
   * page, or a content page's unknown id when its handle knows it (unknownContent); one that only its
   * loader can tell (`key` from missingContent) is not replayed.
   */
  const replayable = (plan: CachePlan, key: string, pathname: string): boolean =>
    key === pathname || (key === plan.key && plan.data === undefined && key.startsWith("not-found:") && sharesKeptPage(pathname));

  /**
   * A client-side navigation's data request ("/blog/1.data") of a public page: the loaders' data its
   * document carries, so kept like the document (a render ran every loader, encoded the data and
   * compressed it on the fly, 1.5-2 ms of CPU). Its only query React Router sends is `_routes`, the
   * page's routes to load: kept when written as React Router writes it (a few subsets per page), any
   * other query or spelling is answered as asked, so none can fill the cache. Unknown paths and ids
   * share their page's not-found entry, the data's own.
   */
  const dataPlan = (req: Request, query: string | undefined): CachePlan => {
    const uncached: CachePlan = { key: null, target: req.originalUrl };
    const page = dataPagePath(req.path);
    // Only the site's own spelling of the page is kept (other letter cases, a trailing slash: as asked).
    if (matchPath.canonical(page) !== page) return uncached;
    const matched = matchPath(page);
    let suffix = "";
    if (query !== undefined) {
      const params = new URLSearchParams(query);
      const routes = params.getAll("_routes");
      if (params.size !== 1 || routes.length !== 1) return uncached;
      // React Router names them in the page's match order, each once: any other spelling is answered as asked.
      const named = new Set(routes[0]!.split(","));
      if (routes[0] !== matched.ids.filter((id) => named.has(id)).join(",")) return uncached;
      suffix = `?${new URLSearchParams({ _routes: routes[0]! })}`;
    }
    const leaf = matched.ids.at(-1);
    const lang = matched.params.lang;
    const target = req.path + suffix;
    const data = { page, suffix: `:data${suffix}` };
    if (lang !== undefined && !SERVED_PREFIXES.has(lang)) {
      // The language layout refuses the page, but every loader ran: only the catch-all's data is the
      // same for every path ("/xyz/blog/2.data" carries article 2).
      return leaf === NOT_FOUND_ROUTE ? { key: `not-found:${leaf}${data.suffix}`, target, data } : uncached;
    }
    if (leaf === NOT_FOUND_ROUTE) return { key: `not-found:${lang ?? DEFAULT_LANG}${data.suffix}`, target, data };
    if (pageHandle(leaf)?.pageCache !== "ignore-query") return uncached;
    const unknown = unknownContent(leaf, page);
    if (unknown !== null) return { key: unknown + data.suffix, target, data };
    return { key: target, target, leaf, data };
  };

  /** The shared not-found key of a content page's id (`missingContent`'s key for it). */
  const contentNotFoundKey = (leaf: string, params: Params) => `not-found:${leaf}:${params.lang ?? DEFAULT_LANG}`;

  /**
   * The shared not-found key of a path whose page's handle says, from the params alone, that its
   * content does not exist (app/page-helpers/seo.ts contentPage), else null. Unlike missingContent
   * it runs no loader, so the plan is known before the chain (the fast path answers it too).
   */
  const unknownContent = (leaf: string | undefined, page: string): string | null => {
    const exists = pageHandle(leaf)?.exists;
    if (typeof exists !== "function") return null;
    const params = paramsOf(loadedBuild!, leaf!, page);
    return params && !exists(params) ? contentNotFoundKey(leaf!, params) : null;
  };

  /**
   * The shared key of a content page whose loader finds nothing at this path ("/blog/5555"), else
   * null. Asked on a cache miss, before rendering: every unknown id of a page and language then
   * shares one not-found entry, where each was rendered anew (about 6 ms of CPU, a hundred times a
   * cached page). Only public pages (QUERY_INDEPENDENT_PAGE) with a dynamic segment of their own:
   * their loaders read the path's params and the site's content, nothing else.
   */
  const missingContent = async (req: Request, res: Response, leaf: string | undefined, page: string): Promise<string | null> => {
    const route = leaf === undefined ? undefined : loadedBuild?.routes[leaf];
    const loader = route?.module.loader;
    if (!loader || !route.path?.includes(":") || pageHandle(leaf)?.pageCache !== "ignore-query") return null;
    const params = paramsOf(loadedBuild!, leaf!, page);
    if (!params) return null;
    try {
      await loader({ request: toFetchRequest(req, res, options.origin() + page), params, context: options.getLoadContext(req, res) } as Parameters<typeof loader>[0]);
      return null;
    } catch (error) {
      const status = error instanceof Response ? error.status : (error as { init?: { status?: number } | null } | null)?.init?.status;
      // Any other failure is the render's to report.
      return status === 404 ? contentNotFoundKey(leaf!, params) : null;
    }
  };

  /** Whether a POST to `path` (or its React Router data URL) reaches a route with an action. */
  const acceptsPost = (path: string): boolean => {
    const page = path.endsWith(".data") ? dataPagePath(path) : path;
    const leaf = matchPath(page).ids.at(-1);
    return Boolean(leaf && loadedBuild?.routes[leaf]?.module.action);
  };

  /** Page forms being read now (MAX_FORM_READS at most). */
  let formReads = 0;

  // A page render is CPU work on the event loop: at most maxRenders at once, the rest in order.
  const maxRenders = options.maxRenders ?? 4;
  let rendering = 0;
  const waiting: (() => void)[] = [];
  const renderSlot = async (): Promise<() => void> => {
    if (rendering < maxRenders) rendering++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    return () => {
      const next = waiting.shift();
      // Handed over on the next turn of the event loop, not in this microtask queue: queued renders
      // would otherwise run back to back and starve I/O (the health check) for as long as they last.
      if (next) setImmediate(next);
      else rendering--;
    };
  };

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


  const pageHandler = (async (req, res, next) => {
    try {
      if (!handler || options.mode === "development") {
        loadedBuild = await options.build();
        handler = createRequestHandler(loadedBuild, options.mode);
        // The language prefixes are kept in the paths' shapes: the cache plan reads their value.
        matchPath = createRouteMatcher(routeTree(loadedBuild), SERVED_PREFIXES);
      }
      // The renderer reads the URL as new URL() does, which turns a backslash into "/" and escapes what
      // a path may not hold raw: such a path would be rendered as another one than the one routed and
      // cached (once a shared not-found key held the home page that way). No browser sends one. (The
      // request edge refuses dot segments, server/request-edge.ts.)
      if (new URL(`http://site${req.path}`).pathname !== req.path) {
        return refuse(req, res, new ApiError(400, "bad_request", COMMON_ERRORS.badRequest));
      }
      // Every spelling of a page ("/ABOUT", "/%61bout") would be rendered and cached on its own, and
      // enough of them push real pages out of the cache: one redirect to the site's spelling instead.
      if (req.method === "GET" || req.method === "HEAD") {
        const canonical = matchPath.canonical(req.path);
        if (canonical !== req.path) return res.redirect(301, sameSitePath(canonical) + req.originalUrl.slice(req.path.length));
      }
      // Keyed without the Host: the language is part of the path, and no page depends on the Host.
      const plan: CachePlan = options.cache && (req.method === "GET" || req.method === "HEAD") ? cachePlan(req) : { key: null, target: req.originalUrl };
      let key = plan.key;
      if (key !== null) {
        let hit = cache.get(key);
        if (!hit && !key.startsWith("not-found:")) {
          const missing = await missingContent(req, res, plan.leaf, plan.data?.page ?? req.path);
          if (missing !== null) hit = cache.get((key = missing + (plan.data?.suffix ?? "")));
        }
        if (hit) {
          hit.lastAsked = ++asked;
          return sendCached(req, res, hit, "hit", options.compression, replayable(plan, key, req.path));
        }
      }
      // The key the render is stored under (a content page's unknown id: the shared not-found key).
      const cacheKey = key;
      if (req.method === "POST" && !acceptsPost(req.path)) {
        // React Router would answer 405 with its own error page (and log a stack): say it plainly.
        return refuse(req, res, methodNotAllowed("GET, HEAD"));
      }
      // A form's body is read before a render slot is taken: a client that sends it slowly would
      // otherwise hold the slot for as long as the server waits for it, and a few such clients all of them.
      let posted: Buffer | undefined;
      if (req.method === "POST") {
        if (formReads >= MAX_FORM_READS) return refuse(req, res, unavailable());
        formReads++;
        let body: PostedBody;
        try {
          body = await readPostedBody(req);
        } finally {
          formReads--;
        }
        if (body === "gone") return;
        if (body === "timeout") {
          res.setHeader("Connection", "close");
          return refuse(req, res, new ApiError(408, "request_timeout", COMMON_ERRORS.requestTimeout));
        }
        posted = body;
      }
      const release = await renderSlot();
      // Its client left while it waited for the slot: nobody would get the page (a scanner that
      // sends and hangs up would otherwise have every request rendered anyway).
      if (req.socket.destroyed) {
        release();
        return;
      }
      // A HEAD of a page that may be kept is rendered as its GET: its head then has the page's ETag,
      // length and script hashes, and the page is kept for the GET that usually follows.
      const renderMethod = req.method === "HEAD" && cacheKey !== null ? "GET" : req.method;
      let response: globalThis.Response;
      let body: Buffer;
      try {
        response = await handler(toFetchRequest(req, res, options.origin() + plan.target, posted, renderMethod), options.getLoadContext(req, res));
        body = renderMethod === "HEAD" ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
      } finally {
        release();
      }
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length" && name !== "content-encoding") headers.push([name, value]);
      });
      const contentType = response.headers.get("content-type") ?? "";
      const isHtml = contentType.includes("text/html");
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
      // The not-found page says "private, no-cache" to browsers, yet is the same for every visitor.
      // A not-found key keeps a 404 and nothing else, whatever the render says.
      const notFoundKey = cacheKey?.startsWith("not-found:") === true;
      const publicPage =
        cacheKey !== null &&
        renderMethod === "GET" &&
        (plan.data ? contentType === "text/x-script" : isHtml) &&
        response.headers.getSetCookie().length === 0 &&
        (notFoundKey
          ? response.status === 404
          : response.status === 200 && (plan.shared === true || /\bpublic\b/.test(response.headers.get("cache-control") ?? "")));
      if (publicPage) {
        const page: CachedPage = {
          status: response.status,
          headers,
          etag: `"${createHash("sha1")
            .update(options.answerSettings ?? "")
            .update(body)
            .digest("base64url")}"`,
          raw: body,
          answers: new Map(),
          lastAsked: 0,
        };
        store(cacheKey, page);
        compressInBackground(cacheKey, page);
        return sendCached(req, res, page, "miss", options.compression);
      }
      res.status(response.status);
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
      const send = () => endWith(req, res, body);
      if (options.compression) options.compression(req, res, send);
      else send();
    } catch (error) {
      next(error);
    }
  }) as PageHandler;
  pageHandler.peek = (key) => {
    const hit = cache.get(key);
    if (hit) hit.lastAsked = ++asked;
    return hit;
  };
  pageHandler.peekShared = (path, query) => {
    if (!loadedBuild || matchPath.canonical(path) !== path) return undefined;
    const plan = documentPlan(path, path, query);
    return plan?.key && replayable(plan, plan.key, path) ? pageHandler.peek(plan.key) : undefined;
  };
  pageHandler.cacheSize = () => cache.size;
  pageHandler.cacheBytes = () => bytes;
  pageHandler.clearCache = () => {
    cache.clear();
    bytes = 0;
  };
  pageHandler.idle = () => compressing;
  return pageHandler;
}
