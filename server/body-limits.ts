// How large a body each reader takes (bytes). A request that declares more is refused 413 at once,
// its body unread (the edge then closes the connection: server/http-server.ts, closeIfUnread): the
// JSON and raw parsers read (and throw away) a whole body before their own 413, so a declared 100 GB
// was never answered (docs/reliability.md, "Attacks and their answers").
import type { NextFunction, Request, Response } from "express";
import type { IncomingMessage } from "node:http";
import { CONTACT_FORM_MAX_BYTES } from "~/lib/contact-inbox.server";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";

export const JSON_BODY_MAX_BYTES = 256 * 1024;
/** The payment provider's webhook (a signed event, read raw). */
export const WEBHOOK_BODY_MAX_BYTES = 512 * 1024;
/** The largest body any route reads: above it the edge sends no 100 Continue (server/http-server.ts). */
export const BODY_MAX_BYTES = Math.max(JSON_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES, CONTACT_FORM_MAX_BYTES);

export const declaresMoreThan = (req: IncomingMessage, max: number) => Number(req.headers["content-length"] ?? 0) > max;

/** Middleware: 413 at once, unread, for a body declared larger than `max`. */
export const refuseDeclaredOver =
  (max: number) =>
  (req: Request, _res: Response, next: NextFunction): void => {
    next(declaresMoreThan(req, max) ? new ApiError(413, "payload_too_large", COMMON_ERRORS.tooLarge) : undefined);
  };
