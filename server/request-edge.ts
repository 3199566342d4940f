// The first check every request passes (docs/decisions/0006-one-configured-origin.md): nothing the
// client says about where the site lives is believed, and what cannot be a request for this site is
// refused with a clear 4xx before any handler (or React Router's Request constructor) sees it.
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { ApiError, apiErrorBody, COMMON_ERRORS, methodNotAllowed } from "~/lib/http/api-error";
import { isValidHostHeader } from "~/lib/http/origin.server";
import type { Lang } from "~/lib/i18n/languages";
import { splitLangPath } from "~/lib/i18n/paths";
import { requestLang } from "./http";
import { answersAsPage, refusalPage } from "./refusal-page";

/** Every route of the site (pages and API) answers only these. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
export const ALLOW = [...ALLOWED_METHODS, "OPTIONS"].join(", ");

/** The language a page's path or target names (`/ja/...`), if it names one. */
export function namedLang(target: string): Lang | undefined {
  const named = splitLangPath(target.split("?", 1)[0]!);
  return named.prefixed ? named.lang : undefined;
}

/** The language a refusal speaks: the one a page's URL names, else the request's. */
const refusalLang = (req: Request): Lang => namedLang(req.path) ?? requestLang(req);

/**
 * A refusal at the edge, as the API writes errors: `{error:{code,message}}` in the request's language;
 * a browser opening a page's address gets it as a page (server/refusal-page.ts).
 */
export function refuse(req: Request, res: Response, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  const lang = refusalLang(req);
  if (answersAsPage(req.path, req.headers.accept)) {
    res.status(error.status).type("html").send(refusalPage(error, lang));
    return;
  }
  res.status(error.status).json(apiErrorBody(error, lang));
}

/** An absolute-form target's scheme and authority (a backslash ends it, as URL parsers read it). */
const SCHEME_AND_AUTHORITY = /^https?:\/\/[^/\\?#]*/i;

/**
 * `http://any.host/path?q` → `/path?q`; null when the target is neither origin-form nor an absolute
 * form a URL parser accepts. The path and query are kept as sent, not as a parser rewrites them
 * (`%2e%2e` and `\` resolved away), so the edge and the pages judge the same path in either form.
 */
export function reduceRequestTarget(target: string): string | null {
  if (target.startsWith("/")) return target;
  const schemeAndAuthority = SCHEME_AND_AUTHORITY.exec(target)?.[0];
  if (schemeAndAuthority === undefined || !URL.canParse(target)) return null;
  const rest = target.slice(schemeAndAuthority.length).split("#", 1)[0]!;
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** A segment that is only "." or ".." (either escaped as %2e), which URL parsers resolve away. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/** Whether `path` has a "." or ".." segment (either escaped as %2e). */
export const hasDotSegment = (path: string): boolean => DOT_SEGMENT.test(path);

/**
 * A path that decodes, to no control characters (React Router cannot build a URL from "/\t/"), with
 * no dot segment: no browser sends one, and a URL parser reads another path than the one routed
 * ("/blog/.." is the home page to the page renderer).
 */
function acceptablePath(path: string): boolean {
  if (hasDotSegment(path)) return false;
  if (!path.includes("%")) return true;
  try {
    // eslint-disable-next-line no-control-regex
    return !/[\u0000-\u001f\u007f]/.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** An API path written with doubled or escaped slashes (`//api/v1/user/me`, `/api%2fv1/...`). */
const DISGUISED_API = /^(?:\/|%2f)+api(?:\/|%2f)/i;
const isDisguisedApiPath = (path: string) => DISGUISED_API.test(path) && !/^\/api\//i.test(path);

/** Set on a request whose absolute-form target could not be read: requestEdge() refuses it. */
const UNREADABLE_TARGET = Symbol("unreadable request target");
type Targeted = IncomingMessage & { [UNREADABLE_TARGET]?: true };

/**
 * Reduces an absolute-form target (`GET http://any.host/path`) to its path before Express routes
 * the request: Express's router keeps the scheme and host it saw first and puts them back in front
 * of mounted routers' paths, so reducing it in a middleware would be too late (docs/decisions/0006).
 * Returns false for one that cannot be read (`http://[::1/about`): Express's router could not read
 * it either and would skip every middleware, answering its own HTML 404 without the security
 * headers, so it is routed as its escaped text, marked for requestEdge() to answer 400.
 */
export function reduceAbsoluteTarget(req: IncomingMessage): boolean {
  if (!req.url || req.url.startsWith("/") || !/^https?:\/\//i.test(req.url)) return true;
  const reduced = reduceRequestTarget(req.url);
  if (reduced !== null) {
    req.url = reduced;
    return true;
  }
  (req as Targeted)[UNREADABLE_TARGET] = true;
  req.url = `/${encodeURIComponent(req.url)}`;
  return false;
}

export function requestEdge(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "OPTIONS" && req.url === "*") {
      res.setHeader("Allow", ALLOW);
      res.status(204).end();
      return;
    }
    const target = reduceRequestTarget(req.url);
    const path = target?.split("?")[0];
    if ((req as Targeted)[UNREADABLE_TARGET] || path === undefined || !acceptablePath(path)) {
      return refuse(req, res, new ApiError(400, "bad_request", COMMON_ERRORS.badRequest));
    }
    // No API route and no page: the API's 404, as JSON (it used to be the site's HTML not-found page).
    if (isDisguisedApiPath(path)) return refuse(req, res, new ApiError(404, "not_found", COMMON_ERRORS.notFound));
    const host = req.headers.host;
    // HTTP/1.1 requires a Host (RFC 9112, section 3.2); Node leaves the refusal to us (server/http-server.ts).
    if (host === undefined && req.httpVersion === "1.1") {
      return refuse(req, res, new ApiError(400, "missing_host", COMMON_ERRORS.missingHost));
    }
    if (host !== undefined && !isValidHostHeader(host)) {
      return refuse(req, res, new ApiError(400, "invalid_host", COMMON_ERRORS.invalidHost));
    }
    // A transfer coding other than chunked alone (RFC 9112, section 6.1: 501): Node de-chunks the
    // body and leaves the rest of the coding to us, so `gzip, chunked` was read as plain bytes
    // (found by an attack). The body is left unread; the connection is closed after the answer.
    const coding = req.headers["transfer-encoding"];
    if (coding !== undefined && coding.trim().toLowerCase() !== "chunked") {
      return refuse(req, res, new ApiError(501, "unsupported_transfer_encoding", COMMON_ERRORS.unsupportedTransferEncoding));
    }
    // The API says which methods each of its paths takes (server/api-method-check.ts); a page takes these.
    if (req.path.toLowerCase().startsWith("/api/")) return next();
    if (req.method === "OPTIONS") {
      res.setHeader("Allow", ALLOW);
      res.status(204).end();
      return;
    }
    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      return refuse(req, res, methodNotAllowed(ALLOW));
    }
    next();
  };
}
