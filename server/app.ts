// Builds the Express application: security headers, compression, logs, the JSON API under
// /api/v1, health checks, static files and the React Router pages.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { projectRoot } from "~/db/client.server";
import type { AppContext } from "~/lib/app-context.server";
import { trustProxySetting } from "~/lib/env.server";
import { databaseCode, isConcurrentChange } from "~/lib/database-errors";
import { ApiError, apiErrorBody, COMMON_ERRORS, concurrentChange, unavailable } from "~/lib/http/api-error";
import { chooseLanguage, LANGUAGE_COOKIE, parseAcceptLanguage, readCookie } from "~/lib/i18n/negotiate";
import { localePath, sameSitePath, splitLangPath } from "~/lib/i18n/paths";
import { legacyServiceRedirect } from "~/lib/service-catalog";
import { createAdmission, type Admission } from "./admission";
import { announcesBody, createHostCheck } from "./fast-path-edge";
import { apiFallback, apiMethods, type ApiMount } from "./api-method-check";
import { accountRouter } from "./api/v1/account";
import { aiRouter } from "./api/v1/ai";
import { adminRouter } from "./api/v1/admin";
import { contactRouter } from "./api/v1/contact";
import { dashboardRouter } from "./api/v1/dashboard";
import { paymentRouter } from "./api/v1/payment";
import { refundRouter } from "./api/v1/refunds";
import { userRouter } from "./api/v1/user";
import { userListRouter } from "./api/v1/user-list";
import { clientIp, requestLang } from "./http";
import { SHUTTING_DOWN } from "./lifecycle";
import { createMemberReadFastPath, type MemberReadFastPath } from "./member-read-fast-path";
import { createFastPath, type FastPath } from "./page-fast-path";
import { createPageHandler, type PageHandler } from "./pages";
import { reduceAbsoluteTarget, requestEdge } from "./request-edge";
import { JSON_BODY_MAX_BYTES, refuseDeclaredOver } from "./body-limits";
import { requestLog } from "./request-log";
import { buildCsp } from "./security-headers";
import { clientFilesHandler } from "./static-assets";

export interface CreateAppOptions {
  appContext: AppContext;
  /** Loads the React Router server build; omitted in API-only tests. */
  pages?: {
    build: () => Promise<ServerBuild>;
    mode: "production" | "development";
    cache: boolean;
    /** Page cache bounds (server/pages.ts defaults otherwise). */
    cacheLimits?: { entries?: number; bytes?: number };
    /** Cached pages answered before Express (server/page-fast-path.ts); on unless false. */
    fastPath?: boolean;
    /** Where compressed page bodies are kept across restarts (server/pages.ts). */
    compressedDir?: string;
  };
  /** Extra middleware before the pages (Vite's dev middleware). */
  beforePages?: RequestHandler[];
  /** A member's reads answered before Express (server/member-read-fast-path.ts); on unless false. */
  memberReadFastPath?: boolean;
}

export interface AppHandle {
  app: Express;
  pageHandler?: PageHandler;
  fastPath?: FastPath;
  memberReadFastPath?: MemberReadFastPath;
  admission: Admission;
  /** The security headers (helmet's) every answer carries, for the answers Node writes (server/http-server.ts). */
  securityHeaders: Record<string, string>;
}

/** The headers a middleware that only sets headers (helmet) sets, read once. */
function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** Marks a request the door refused (the line was full): the chain answers it 503 after the edge checks. */
const ADMISSION_REFUSED = Symbol("admission refused");
/** Marks a request that has its place (or was refused): the API's door below lets it pass. */
const ADMITTED = Symbol("admitted");
type AtTheDoor = IncomingMessage & { [ADMISSION_REFUSED]?: boolean; [ADMITTED]?: boolean };

/**
 * Never wait at the door: health checks must answer under load, a built asset costs a file read. Only
 * a plain asset name: a path that leaves /assets/ ("/assets/../about") could reach the pages.
 */
const passesTheDoor = (url: string | undefined) =>
  url === "/healthz" || url === "/readyz" || (url !== undefined && /^\/assets\/[\w-]+(\.[\w-]+)*(\?|$)/.test(url));

/**
 * A request that sends a body takes its place only once the body has been read (the API's door
 * after the JSON parser), so a client that sends its body slowly holds no place; a page's form post
 * (the contact page's action) does not wait at all. GET and HEAD wait at the first door whatever
 * they announce: nothing reads their body (docs/decisions/0019).
 */
const sendsBody = (req: IncomingMessage) => req.method !== "GET" && req.method !== "HEAD" && announcesBody(req.headers);

/** Whether `text` (the body a parse error carries) is JSON at all. */
function isJson(text: unknown): boolean {
  if (typeof text !== "string") return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const apiErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const lang = requestLang(req);
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error?.type === "entity.too.large") apiError = new ApiError(413, "payload_too_large", COMMON_ERRORS.tooLarge);
  else if (error?.type === "entity.parse.failed") {
    // The parser takes only an object or array (strict): `null`, a string or a number is JSON, but not a body we read.
    apiError = new ApiError(400, "invalid_json", isJson(error.body) ? COMMON_ERRORS.jsonObjectExpected : COMMON_ERRORS.invalidJson);
  }
  else if (error?.type === "charset.unsupported" || error?.type === "encoding.unsupported") {
    apiError = new ApiError(415, "unsupported_media_type", COMMON_ERRORS.unsupportedBodyEncoding);
  } else if (typeof error?.status === "number" && error.status >= 400 && error.status < 500) {
    // Whatever else the body parser refuses (a gzip body that is not) is about the request, not its fields.
    apiError = new ApiError(error.status, "bad_request", COMMON_ERRORS.badRequest);
  } else if (isDatabaseUnavailable(error)) {
    req.log?.warn({ err: error }, "database unavailable");
    apiError = unavailable();
  } else if (isConcurrentChange(error)) {
    req.log?.warn({ err: error }, "write aborted by a concurrent one");
    apiError = concurrentChange();
  } else {
    req.log?.error({ err: error }, "unhandled API error");
    apiError = new ApiError(500, "internal_error", COMMON_ERRORS.internal);
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(apiError.headers ?? {})) res.setHeader(name, value);
  res.status(apiError.status).json(apiErrorBody(apiError, lang));
};

/** Connection-level failures (database restarted, pool exhausted) are a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { message?: string; cause?: unknown } | undefined;
  const code = databaseCode(error);
  if (code && ["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08000", "08003", "08006", "53300"].includes(code)) {
    return true;
  }
  const message = `${e?.message ?? ""} ${(e?.cause as { message?: string } | undefined)?.message ?? ""}`;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

export function createApp({ appContext, pages, beforePages = [], memberReadFastPath: memberReads = true }: CreateAppOptions): AppHandle {
  const { env, logger } = appContext;
  const app = express();
  let pageHandler: PageHandler | undefined;
  let fastPath: FastPath | undefined;
  let memberReadFastPath: MemberReadFastPath | undefined;
  const handle = (app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void }).handle.bind(app);
  // Cached pages first, then the door (server/admission.ts), then the member reads and Express.
  const admission = createAdmission({ limit: env.MAX_ACTIVE_REQUESTS, maxWaiting: env.MAX_WAITING_REQUESTS });
  const validHost = createHostCheck();
  const refusedHost = (host: string | undefined) => host !== undefined && !validHost(host);
  // Under overload refusals come by the thousand: one warning per 10 s with their count, not a line each.
  let refusals = 0;
  const noteRefusal = () => {
    if (refusals++ > 0) return;
    setTimeout(() => {
      logger.warn({ refused: refusals, limit: env.MAX_ACTIVE_REQUESTS, maxWaiting: env.MAX_WAITING_REQUESTS }, "admission: line full, requests refused");
      refusals = 0;
    }, 10_000).unref();
  };
  (app as unknown as { handle: typeof handle }).handle = (req, res, next) => {
    const readable = reduceAbsoluteTarget(req);
    if (readable && fastPath?.(req, res)) return;
    // A target or Host the request edge refuses (server/request-edge.ts) gets its 400 at once, holding no place.
    if (!readable || passesTheDoor(req.url) || sendsBody(req) || refusedHost(req.headers.host)) return handle(req, res, next);
    (req as AtTheDoor)[ADMITTED] = true;
    admission.admit(
      req,
      res,
      () => {
        if (memberReadFastPath?.(req, res)) return;
        handle(req, res, next);
      },
      () => {
        (req as AtTheDoor)[ADMISSION_REFUSED] = true;
        handle(req, res, next);
      },
    );
  };
  app.locals.appContext = appContext;
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env));

  app.use(requestLog(app, logger, { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" || req.url?.startsWith("/assets/") === true }));
  const security = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        buildCsp({ stripe: Boolean(env.STRIPE_PUBLISHABLE_KEY), dev: pages?.mode === "development" })
          .split("; ")
          .map((d) => {
            const [name, ...values] = d.split(" ");
            return [name!, values];
          }),
      ),
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only matters (and is only honoured) over TLS; a TLS-terminating proxy sets X-Forwarded-Proto.
    strictTransportSecurity: false,
  });
  app.use(security);
  const securityHeaders = headersSetBy(security);
  app.use((req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });
  app.use(requestEdge());
  app.use((req, res, next) => {
    if (!(req as AtTheDoor)[ADMISSION_REFUSED]) return next();
    noteRefusal();
    res.setHeader("Cache-Control", "no-store");
    // Routing ignores case, so /API/... is the API too.
    if (req.path.toLowerCase().startsWith("/api/")) return apiErrorHandler(unavailable(), req, res, next);
    res.setHeader("Retry-After", "5");
    res.status(503).type("text/plain").send(unavailable().messageIn(requestLang(req)));
  });
  // Health checks carry the same security headers as everything else (set above).
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    // A draining instance (SIGTERM received) leaves the load balancer's rotation at once.
    if (app.locals[SHUTTING_DOWN]) {
      res.status(503).json({ status: "shutting_down", database: appContext.database.kind });
      return;
    }
    try {
      await Promise.race([
        appContext.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2_000)),
      ]);
      res.json({ status: "ready", database: appContext.database.kind });
    } catch {
      res.status(503).json({ status: "unavailable", database: appContext.database.kind });
    }
  });

  // On-the-fly compression, set up only where an answer may need it: the API, a page render that is
  // not kept or whose precompressed bodies are not made yet (server/pages.ts), the build's images and
  // icons. A kept page's precompressed body never goes through it (docs/performance.md, "What a request costs").
  const compress = compression();
  app.use("/api", compress);
  const apiMounts: ApiMount[] = [
    ["/api/v1/user", userListRouter],
    ["/api/v1/user", userRouter],
    ["/api/v1/contact", contactRouter],
    ["/api/v1/ai", aiRouter],
    ["/api/v1/payment", paymentRouter],
    ["/api/v1/dashboard", dashboardRouter],
    ["/api/v1/admin", adminRouter],
    ["/api/v1/account", accountRouter],
    ["/api/v1/refunds", refundRouter],
  ];
  // OPTIONS, and a method no API route takes, answered from the routers' tables before any body is read.
  app.use("/api", apiMethods(apiMounts));

  // The JSON API. The Stripe webhook reads its raw body itself (the signature covers the bytes).
  const json = express.json({ limit: JSON_BODY_MAX_BYTES });
  const refuseTooLarge = refuseDeclaredOver(JSON_BODY_MAX_BYTES);
  if (memberReads) {
    memberReadFastPath = createMemberReadFastPath({
      appContext,
      trustProxy: app.get("trust proxy fn"),
      etag: app.get("etag fn"),
      chain: (req, res) => handle(req, res),
      logger,
    });
    app.use("/api", memberReadFastPath.recorder);
  }
  app.use("/api", (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    if (req.path === "/v1/payment/webhook") return next();
    // No API route reads the body of a GET or HEAD, and these hold a place at the door: reading one
    // announced and never sent held it until the request timed out (found by an attack). Left unread,
    // the connection is closed after the answer (closeIfUnread, server/http-server.ts).
    if (req.method === "GET" || req.method === "HEAD") return next();
    // A body the JSON parser would skip (text, a form) would reach the route as no body at all, and
    // the client be told that the fields it sent are missing: say what the API reads instead.
    if (sendsBody(req) && !req.is("application/json")) {
      return next(new ApiError(415, "unsupported_media_type", COMMON_ERRORS.unsupportedMediaType));
    }
    return refuseTooLarge(req, res, (error?: unknown) => (error ? next(error) : json(req, res, next)));
  });
  // The door for API requests with a body, now that it has been read (the webhook, signed by the
  // provider and reading its own raw body, does not wait).
  app.use("/api", (req, res, next) => {
    if ((req as AtTheDoor)[ADMITTED] || req.path === "/v1/payment/webhook") return next();
    (req as AtTheDoor)[ADMITTED] = true;
    admission.admit(
      req,
      res,
      () => next(),
      () => {
        noteRefusal();
        next(unavailable());
      },
    );
  });
  for (const [prefix, router] of apiMounts) app.use(prefix, router);
  app.use("/api", apiFallback(apiMounts));
  app.use("/api", apiErrorHandler);

  // Built assets carry a content hash in their names: cached for a year. Images and icons keep their
  // names across builds: a month. Only the files the build has are looked up (server/static-assets.ts).
  const clientDir = path.join(projectRoot(), "build", "client");
  app.use(clientFilesHandler(clientDir, compress));
  if (pages?.mode === "development") app.use(express.static(path.join(projectRoot(), "public"), { index: false, redirect: false }));

  // Old service slugs from the spec's home cards, and /en/... (English lives at the root).
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const legacy = legacyServiceRedirect(req.path);
    if (legacy !== null) return res.redirect(301, legacy);
    if (/^\/en(\/|$)/.test(req.path)) {
      // "/en//host" must not become the scheme-relative "//host" (an open redirect).
      return res.redirect(301, sameSitePath(req.path.slice(3)) + req.originalUrl.slice(req.path.length));
    }
    next();
  });

  // An unprefixed page URL honours the stored language (cookie), then the browser's.
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || path.extname(req.path) !== "") return next();
    // React Router's route discovery (/__manifest) is not a page: redirecting it breaks client navigation.
    if (req.path === "/__manifest") return next();
    // "/JA/about" is a prefixed page spelled otherwise: the pages send it to "/ja/about" (sent on
    // from here, a Japanese visitor would get "/ja/JA/about").
    if (splitLangPath(req.path.toLowerCase()).prefixed) return next();
    const pagePath = splitLangPath(req.path).path;
    res.append("Vary", "Cookie, Accept-Language");
    const lang = chooseLanguage(
      readCookie(req.headers.cookie, LANGUAGE_COOKIE),
      parseAcceptLanguage(req.headers["accept-language"]),
    );
    if (lang !== "en") {
      const query = req.originalUrl.slice(req.path.length);
      res.setHeader("Cache-Control", "private, no-cache");
      return res.redirect(302, localePath(lang, pagePath) + query);
    }
    next();
  });

  for (const middleware of beforePages) app.use(middleware);

  if (pages) {
    pageHandler = createPageHandler({
      compression: compress,
      build: pages.build,
      mode: pages.mode,
      cache: pages.cache,
      stripe: Boolean(env.STRIPE_PUBLISHABLE_KEY),
      origin: () => appContext.site.origin,
      maxEntries: pages.cacheLimits?.entries,
      maxBytes: pages.cacheLimits?.bytes,
      clientDir,
      compressedDir: pages.compressedDir,
      answerSettings: JSON.stringify([securityHeaders, String(trustProxySetting(env))]),
      getLoadContext: (req) => ({ appContext, clientIp: clientIp(req) }),
    });
    app.all("/{*splat}", pageHandler);
    if (pages.cache && pages.fastPath !== false) {
      fastPath = createFastPath({ pages: () => pageHandler, trustProxy: app.get("trust proxy fn"), logger });
    }
  }

  app.use(((error, req, res, _next) => {
    req.log?.error({ err: error }, "unhandled page error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Internal Error Occurred. Try Again Later.");
  }) satisfies ErrorRequestHandler);

  return { app, pageHandler, fastPath, memberReadFastPath, admission, securityHeaders };
}
