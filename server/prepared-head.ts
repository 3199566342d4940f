// A recorded answer sent again with the head (status line and header lines) Node wrote for it the
// first time. Node's writeHead validates and joins every header line on every call, about 1.4 KB of
// them for a page (the security headers), and has no public way to send prepared header bytes: that
// was the larger part of what a cache hit cost beyond the Node limit (docs/performance.md,
// "2026-11-25, 15:40-16:40 UTC: a cache hit's head written once"). The head is taken from Node's
// own output, so the bytes stay Node's; only the Date line is written per second. It is reused only
// on the usual connection (HTTP/1.1 kept alive, nothing else set on the answer); every other answer
// goes through writeHead as before. See docs/decisions/0023-prepared-answer-heads.md.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { announcesBody } from "./fast-path-edge";

/** Node's head for one answer, split around its Date value, and the server settings it was written under. */
export interface PreparedHead {
  beforeDate: string;
  afterDate: string;
  keepAliveTimeout: number;
  maxRequestsPerSocket: number;
}

/** Status, header lines (name, value, name, value, ...) and body of an answer as sent, with its head once prepared. */
export interface RecordedAnswer {
  status: number;
  headers: string[];
  body: Buffer | null;
  head?: PreparedHead;
}

/**
 * The fields of Node's ServerResponse (lib/_http_outgoing.js, lib/_http_server.js) that decide its
 * head. When `_header` is not null before anything is written (a Node that no longer has it), no head
 * is prepared and every answer goes through writeHead.
 */
interface ResponseInternals {
  _header?: string | null;
  _hasBody: boolean;
  _keepAliveTimeout?: number;
  _maxRequestsPerSocket?: number;
  maxRequestsOnConnectionReached?: boolean;
}

const DATE_LINE = "\r\nDate: ";

let dateSecond = -1;
let dateValue = "";
/** The Date header's value, as Node writes it (toUTCString), made once a second. */
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateValue = new Date(now).toUTCString();
  }
  return dateValue;
}

/**
 * A request and answer whose head depends on nothing but the answer and the server's keep-alive
 * settings: HTTP/1.1, kept alive, no Expect, no body announced, no header set on the answer yet (the drain's
 * `Connection: close`, server/lifecycle.ts), the request limit of the connection not reached.
 */
function usual(req: IncomingMessage, res: ServerResponse & ResponseInternals, headersSet: boolean): boolean {
  return (
    !headersSet &&
    res._header === null &&
    res.shouldKeepAlive &&
    res.sendDate &&
    res.maxRequestsOnConnectionReached !== true &&
    req.httpVersion === "1.1" &&
    req.headers.expect === undefined &&
    // An answer written before the request's body has come closes the connection (server/http-server.ts).
    !announcesBody(req.headers)
  );
}

/** Node's head split at its one Date line, or undefined when it has none or several. */
function prepare(header: string, res: ServerResponse & ResponseInternals): PreparedHead | undefined {
  const at = header.indexOf(DATE_LINE);
  if (at === -1 || header.indexOf(DATE_LINE, at + 1) !== -1) return undefined;
  const valueAt = at + DATE_LINE.length;
  const end = header.indexOf("\r\n", valueAt);
  return {
    beforeDate: header.slice(0, valueAt),
    afterDate: header.slice(end),
    keepAliveTimeout: res._keepAliveTimeout ?? 0,
    maxRequestsPerSocket: res._maxRequestsPerSocket ?? 0,
  };
}

/** Sends the answer; the head Node writes for it the first time is kept on the answer for the next. */
export function sendRecorded(req: IncomingMessage, res: ServerResponse, answer: RecordedAnswer): void {
  const internal = res as ServerResponse & ResponseInternals;
  const headersSet = res.getHeaderNames().length > 0;
  const isUsual = usual(req, internal, headersSet);
  const head = answer.head;
  if (
    isUsual &&
    head !== undefined &&
    head.keepAliveTimeout === (internal._keepAliveTimeout ?? 0) &&
    head.maxRequestsPerSocket === (internal._maxRequestsPerSocket ?? 0)
  ) {
    // What writeHead would have set besides the head (lib/_http_server.js): no body after a 304.
    res.statusCode = answer.status;
    res.statusMessage = STATUS_CODES[answer.status] ?? "unknown";
    if (answer.status === 204 || answer.status === 304) internal._hasBody = false;
    internal._header = head.beforeDate + httpDate() + head.afterDate;
    res.end(answer.body ?? undefined);
    return;
  }
  if (headersSet) {
    // writeHead would merge its lines into those set with setHeader, one value per name: a page's
    // two Vary lines would lose the first.
    for (let i = 0; i < answer.headers.length; i += 2) res.appendHeader(answer.headers[i]!, answer.headers[i + 1]!);
    res.writeHead(answer.status);
  } else res.writeHead(answer.status, answer.headers);
  if (isUsual && typeof internal._header === "string") answer.head = prepare(internal._header, internal);
  res.end(answer.body ?? undefined);
}
