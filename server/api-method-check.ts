// A known API path called with a method it does not take answers 405 with `Allow`, not 404: the
// routers' own route tables say which methods a path takes, so the answer cannot drift from them.
import type { RequestHandler, Router } from "express";
import { ApiError, COMMON_ERRORS, methodNotAllowed } from "~/lib/http/api-error";
import { ALLOWED_METHODS } from "./request-edge";

/** The part of Express's router layer this reads (router 2.x). */
interface RouteLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): boolean;
}

export type ApiMount = readonly [prefix: string, router: Router];

function allowedMethods(mounts: readonly ApiMount[], path: string): string[] {
  const allowed = new Set<string>();
  for (const [prefix, router] of mounts) {
    if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
    const rest = path.slice(prefix.length) || "/";
    const stack = (router as unknown as { stack?: RouteLayer[] }).stack ?? [];
    for (const layer of stack) {
      if (!layer.route || typeof layer.match !== "function" || !layer.match(rest)) continue;
      for (const [method, on] of Object.entries(layer.route.methods)) if (on) allowed.add(method.toUpperCase());
    }
  }
  if (allowed.has("GET")) allowed.add("HEAD");
  return ALLOWED_METHODS.filter((method) => allowed.has(method));
}

/** The Allow header of a path that takes `allow`: OPTIONS is answered on every known path. */
const allowHeader = (allow: readonly string[]) => [...allow, "OPTIONS"].join(", ");

/**
 * Before the body is read and the routers run (the edge lets every method through on /api,
 * server/request-edge.ts): OPTIONS gets 204 with the methods the path takes (Express's router would
 * answer with its own list), and a method no API route takes (PUT, DELETE, ...) 405 with that path's
 * list, both the list apiFallback's 405 gives; an unknown path 404.
 */
export function apiMethods(mounts: readonly ApiMount[]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "OPTIONS" && (ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
    res.setHeader("Cache-Control", "no-store");
    const allow = allowedMethods(mounts, req.baseUrl + req.path);
    if (allow.length === 0) return next(new ApiError(404, "not_found", COMMON_ERRORS.notFound));
    if (req.method !== "OPTIONS") return next(methodNotAllowed(allowHeader(allow)));
    res.setHeader("Allow", allowHeader(allow));
    res.status(204).end();
  };
}

/** The API's last handler: 405 for a path some router takes with other methods, else 404. */
export function apiFallback(mounts: readonly ApiMount[]): RequestHandler {
  return (req, _res, next) => {
    const allow = allowedMethods(mounts, req.baseUrl + req.path);
    if (allow.length > 0 && !allow.includes(req.method)) {
      next(methodNotAllowed(allowHeader(allow)));
      return;
    }
    next(new ApiError(404, "not_found", COMMON_ERRORS.notFound));
  };
}
