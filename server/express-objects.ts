// The request and response objects the HTTP server makes for the Express app.
import http from "node:http";
import type { Express } from "express";

/**
 * Requests and responses born with the prototypes Express gives them. Express otherwise re-parents
 * each one in app.handle (Object.setPrototypeOf), and V8 then gives every request and response a
 * hidden class of its own, so property lookups along the whole middleware chain miss V8's caches: a
 * request through the chain cost about three times the CPU (docs/performance.md, "2026-11-25,
 * 01:50-03:00 UTC: requests born with Express's prototypes"). The classes' prototypes become the
 * app's request and response prototypes, so Express finds the prototype already in place; what
 * Express and the app define is inherited as before.
 */
export function expressObjects(app: Express): Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse"> {
  class ExpressRequest extends http.IncomingMessage {}
  class ExpressResponse extends http.ServerResponse {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as unknown as Express["request"];
  app.response = ExpressResponse.prototype as unknown as Express["response"];
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse };
}
