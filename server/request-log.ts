// One log line per request that walks the chain (docs/deployment.md, "What to monitor"): its number,
// method and path (never the query: reset tokens, searches), the status and the time taken. Cached
// pages answered by the fast path are counted instead (server/page-fast-path.ts).
//
// This replaced pino-http, which made a child logger per request whether or not a line would be
// written: 60-90 µs of CPU on each request through the chain, a fifth of its cost
// (docs/performance.md, "What a request costs"). Here the child logger a handler asks for
// (`req.log`, on an error) is made when first asked, and below the info level nothing is attached.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, Request, RequestHandler } from "express";
import { loggedUrl, type Logger } from "~/lib/logger.server";

declare module "http" {
  interface IncomingMessage {
    /** The request's number in this process, as its log lines give it. */
    id: number;
    /** The logger with this request's number, method and path bound. */
    log: Logger;
  }
}

export interface RequestLogOptions {
  /** Requests not worth a line each (health checks, hashed assets). */
  ignore: (req: IncomingMessage) => boolean;
}

const CHILD = Symbol("the request's logger");

/** originalUrl: a mounted router shortens req.url ("/v1/user/me" under "/api"). */
const requestFields = (req: IncomingMessage) => ({ id: req.id, method: req.method, url: loggedUrl((req as Partial<Request>).originalUrl ?? req.url) });

/**
 * The request log of `app`. `req.log` is an accessor of the app's request prototype, so a request
 * that never logs costs no logger and no property of its own.
 */
export function requestLog(app: Express, logger: Logger, options: RequestLogOptions): RequestHandler {
  let lastId = 0;
  const lines = logger.isLevelEnabled("info");
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: Request & { [CHILD]?: Logger }) {
      return (this[CHILD] ??= logger.child({ req: requestFields(this) }));
    },
    set(this: Request & { [CHILD]?: Logger }, value: Logger) {
      this[CHILD] = value;
    },
  });
  return (req, res, next) => {
    req.id = ++lastId;
    if (lines && !options.ignore(req)) {
      const started = Date.now();
      // "close" ends every response, answered or cut off (Node emits it after "finish").
      res.once("close", () => writeLine(logger, req, res, Date.now() - started));
    }
    next();
  };
}

function writeLine(logger: Logger, req: IncomingMessage, res: ServerResponse, responseTime: number): void {
  const fields = { req: requestFields(req), res: { statusCode: res.statusCode }, responseTime };
  if (res.statusCode >= 500) {
    logger.info({ ...fields, err: new Error(`failed with status code ${res.statusCode}`) }, "request errored");
    return;
  }
  logger.info(fields, res.writableFinished && !req.readableAborted ? "request completed" : "request aborted");
}
