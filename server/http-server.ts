// The HTTP server the app runs on. Some requests never reach Express: Node answers a request it
// cannot parse (an unknown method, a malformed target, a length and a transfer coding at once, headers
// over its limit), an `Expect` it does not know and a CONNECT itself, with a bare status line and none
// of the site's security headers, or closes the connection. Here each gets the answer every other
// refusal has: the same security headers, `Cache-Control: no-store` and a translated
// `{error:{code,message}}`, or for a browser opening a page's address the same as a page
// (server/refusal-page.ts; docs/reliability.md, "Attacks and their answers (hardening)").
import http, { STATUS_CODES, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Express } from "express";
import { ApiError, apiErrorBody, COMMON_ERRORS, methodNotAllowed } from "~/lib/http/api-error";
import { namedLangTag, type Lang } from "~/lib/i18n/languages";
import { expressObjects } from "./express-objects";
import { announcesBody } from "./fast-path-edge";
import { headerLang } from "./http";
import { BODY_MAX_BYTES, declaresMoreThan } from "./body-limits";
import { ALLOW, namedLang, reduceRequestTarget } from "./request-edge";
import { answersAsPage, refusalPage } from "./refusal-page";

/** The header lines every refusal carries besides the security headers; `asPage` for a browser opening a page (server/refusal-page.ts). */
function refusalHead(status: number, lang: Lang, error: ApiError, securityHeaders: Record<string, string>, withBody: boolean, asPage = false) {
  const text = asPage ? refusalPage(error, lang) : JSON.stringify(apiErrorBody(error, lang));
  const body = withBody ? text : "";
  const headers: Record<string, string> = {
    ...securityHeaders,
    ...error.headers,
    "Cache-Control": "no-store",
    "Content-Type": asPage ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
    "Content-Length": String(withBody ? Buffer.byteLength(body) : 0),
    Connection: "close",
  };
  return { status, headers, body };
}

/** The refusal as bytes for a socket no response object stands for. */
function rawRefusal(refusal: ReturnType<typeof refusalHead>): string {
  const lines = [`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`, `Date: ${new Date().toUTCString()}`];
  for (const [name, value] of Object.entries(refusal.headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${refusal.body}`;
}

/** The language a target's `?lang=` names, as the API's refusals read it (requestLang, server/http.ts). */
function queryLang(target: string): Lang | undefined {
  const at = target.indexOf("?");
  if (at === -1) return undefined;
  // Named twice, it names none: Express reads a repeated parameter as a list, which requestLang ignores.
  const named = new URLSearchParams(target.slice(at + 1).split("#", 1)[0]).getAll("lang");
  return named.length === 1 ? namedLangTag(named[0]) : undefined;
}

/** A refusal's language: the one the target's path names (`/ja/...`), else its `?lang=`, else Accept-Language, then the cookie. */
const refusalLang = (target: string | undefined, headers: IncomingHttpHeaders): Lang =>
  namedLang(target ?? "") ?? queryLang(target ?? "") ?? headerLang(headers);

/** A request line at least this long is refused 414 when Node's limit stops it (the limit counts it with the headers). */
const LONG_REQUEST_LINE = 8_192;
/** How a request's bytes begin: a method and a space (RFC 9112, section 3). */
const REQUEST_START = /^[A-Z]{3,10} \S/;

/**
 * What the refusal of a request known only by its bytes needs: its language, whether it is a HEAD,
 * whether its request line alone is too long to read, and whether it is answered as a page. `raw`
 * holds all the bytes received together, requests answered before this one included: the request is
 * the one that begins last at or before `at`, where the parser stopped (a head's end starts the next request).
 */
function rawRequestOf(raw: Buffer | undefined, at = 0): { lang: Lang; head: boolean; longTarget: boolean; asPage: boolean } {
  const before = raw?.subarray(0, Math.min(raw.length, at)).toString("latin1") ?? "";
  const boundary = before.lastIndexOf("\r\n\r\n");
  let start = boundary === -1 ? 0 : boundary + 4;
  if (boundary !== -1) {
    // That head may announce a body, which the request in question follows (found by an attack: the
    // language was read from a pipelined POST's body). A chunked body is not measured.
    const headStart = before.lastIndexOf("\r\n\r\n", boundary - 1);
    const length = /\r\ncontent-length:[ \t]*(\d{1,15})[ \t]*\r\n/i.exec(`${before.slice(headStart === -1 ? 0 : headStart + 2, boundary)}\r\n`)?.[1];
    if (length !== undefined && start + Number(length) <= at) start += Number(length);
  }
  // Node hands over the bytes it read last, not the whole request: only bytes that hold the request's
  // start tell a long address from long headers (an address cut by a packet boundary is answered 431,
  // as Node counts it with the headers), and name its language and path.
  const begins = start > 0 || REQUEST_START.test(raw?.subarray(0, 16).toString("latin1") ?? "");
  const lineEnd = raw?.indexOf("\r\n", start) ?? -1;
  const longTarget = begins && (lineEnd === -1 ? (raw?.length ?? 0) : lineEnd) - start >= LONG_REQUEST_LINE;
  // The request line (its method and target) and its own headers (not the next request's), however long the line.
  const headEnd = lineEnd === -1 ? -1 : raw!.indexOf("\r\n\r\n", lineEnd);
  const line = raw?.subarray(start, Math.min(lineEnd === -1 ? raw.length : lineEnd, start + 16_384)).toString("latin1") ?? "";
  const text = line + (lineEnd === -1 ? "" : raw!.subarray(lineEnd, Math.min(headEnd === -1 ? raw!.length : headEnd + 2, lineEnd + 16_384)).toString("latin1"));
  const target = begins ? /^(\S+) (\S+)/.exec(line) : null;
  // A line so long that the headers after it were never read: a page's address is answered as a page.
  const accept = lineEnd === -1 && longTarget ? "text/html" : /\r\naccept:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
  const headers: IncomingHttpHeaders = {};
  const acceptLanguage = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
  const cookie = /\r\ncookie:[ \t]*([^\r\n]*)/i.exec(text)?.[1];
  if (acceptLanguage !== undefined) headers["accept-language"] = acceptLanguage;
  if (cookie !== undefined) headers.cookie = cookie;
  return {
    lang: refusalLang(target?.[2], headers),
    head: target?.[1] === "HEAD",
    longTarget,
    asPage: answersAsPage((reduceRequestTarget(target?.[2] ?? "") ?? "").split("?")[0]!, accept),
  };
}

/** Writes a refusal as the connection's last bytes (or closes it when it can no longer be written to). */
function endWith(socket: Duplex, bytes: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(bytes);
  (socket as Socket).destroySoon?.();
}

/** `then` once `answer` is written in full (at once when there is none); the connection closed if it never is. */
function whenWritten(answer: http.ServerResponse | undefined, socket: Duplex, then: () => void): void {
  if (!answer || answer.writableFinished) return then();
  answer.once("finish", then);
  answer.once("close", () => {
    if (!answer.writableFinished) socket.destroy();
  });
}

/**
 * What a parse error of Node's is to the client (Node's own choice of status, as an error of ours);
 * past the limit with the request line itself, the address is too long (found by a stranger: 431).
 */
function parseRefusal(code: string | undefined, longTarget: boolean): ApiError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return longTarget
        ? new ApiError(414, "uri_too_long", COMMON_ERRORS.uriTooLong)
        : new ApiError(431, "headers_too_large", COMMON_ERRORS.headersTooLarge);
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(408, "request_timeout", COMMON_ERRORS.requestTooSlow);
    case "HPE_INVALID_METHOD":
      return methodNotAllowed(ALLOW);
    default:
      return new ApiError(400, "bad_request", COMMON_ERRORS.badRequest);
  }
}

/**
 * An answer written before its request's body has all arrived (a refusal: 405, 413, 415) says
 * `Connection: close`, so Node closes the connection after it instead of reading, and throwing away,
 * whatever the client goes on sending: a declared 100 GB body kept the connection reading for as long
 * as it came. Only requests that announce a body pay for the wrapper.
 */
function closeIfUnread(req: http.IncomingMessage, res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) {
      const last = args.length - 1;
      const lines: unknown = args[last];
      // Header lines given as a list are written as they are, unless a header was set before: then
      // Node sets each one and keeps one value per name, and a page's first Vary line was lost.
      if (last > 0 && Array.isArray(lines) && this.getHeaderNames().length === 0) {
        (args as unknown[])[last] = [...(lines as string[]), "Connection", "close"];
      } else this.setHeader("Connection", "close");
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * An HTTP server for `app` (requests born with Express's prototypes, server/express-objects.ts) that
 * answers what Node would answer bare with `securityHeaders` (the app's, server/app.ts). A missing
 * Host reaches the app, whose request edge refuses it like an invalid one.
 */
export function createHttpServer(app: Express, securityHeaders: Record<string, string>): http.Server {
  // The answer of each connection's latest request: requests pipelined on one connection are all
  // handed to the app at once, their answers queued in order, so the last one ends after the others.
  const latest = new WeakMap<Duplex, http.ServerResponse>();
  /** The answer queued before each one on its connection. */
  const previous = new WeakMap<http.ServerResponse, http.ServerResponse>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (announcesBody(req.headers)) closeIfUnread(req, res);
    const before = latest.get(req.socket);
    if (before && !before.writableFinished) previous.set(res, before);
    latest.set(req.socket, res);
    app(req, res);
  };
  const server = http.createServer({ ...expressObjects(app), requireHostHeader: false }, onRequest);
  // "Expect: 100-continue": the client is told to send its body only when some route would read a
  // body of the declared size; a larger one is refused 413 unread (server/body-limits.ts).
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!declaresMoreThan(req, BODY_MAX_BYTES)) res.writeContinue();
    onRequest(req, res);
  });

  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number }, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const { lang, head, longTarget, asPage } = rawRequestOf(error.rawPacket, error.bytesParsed);
    const refusal = parseRefusal(error.code, longTarget);
    const refuse = () => endWith(socket, rawRefusal(refusalHead(refusal.status, lang, refusal, securityHeaders, !head, asPage)));
    const last = latest.get(socket);
    // Whole requests pipelined before the bytes that cannot be parsed are answered first: the
    // refusal follows the last of their answers (at once when they are written, as a cached page
    // is before the next bytes are read), never one in place of (or in the middle of) them.
    if (!last || last.req.complete) return whenWritten(last, socket, refuse);
    // The error is the last request's own (its body cut short or malformed). The answers before it
    // are written first; then, as Node does, the refusal is sent only while the request's own answer
    // has not begun, else the connection is closed, which ends the request's reading: never a
    // second answer to one request.
    whenWritten(previous.get(last), socket, () => (last.headersSent ? socket.destroy() : refuse()));
  });

  // An expectation other than 100-continue: 417, as Node would, with the site's answer.
  server.on("checkExpectation", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const lang = refusalLang(req.url, req.headers);
    const refusal = refusalHead(
      417,
      lang,
      new ApiError(417, "expectation_failed", COMMON_ERRORS.expectationFailed),
      securityHeaders,
      req.method !== "HEAD",
    );
    res.writeHead(refusal.status, refusal.headers);
    res.end(refusal.body);
  });

  // CONNECT (a tunnel request): this site is no proxy. Requests in line before it are answered first.
  server.on("connect", (req: http.IncomingMessage, socket: Duplex) => {
    const refusal = methodNotAllowed(ALLOW);
    const lang = refusalLang(req.url, req.headers);
    whenWritten(latest.get(socket), socket, () => endWith(socket, rawRefusal(refusalHead(405, lang, refusal, securityHeaders, true))));
  });

  return server;
}
