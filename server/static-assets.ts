// Serves the build's client files: the hashed assets (immutable, with the .br and .gz siblings the
// build writes, scripts/build-server.mjs, read from disk instead of compressed per request) and the
// images and icons that keep their names. The files are listed once, when the app is made: a
// production build does not change under a running server, and a request for a name the listing
// lacks (a made-up asset, any page) goes on at once, with no file-system lookup and nothing kept
// (tests/security/file-lookups.test.ts; docs/performance.md, "What a request costs").
import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";
import { refuse } from "./request-edge";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".map"]);
/** The suffix of the precompressed copy the build writes beside an asset, per encoding. */
const SIBLING = { br: ".br", gzip: ".gz" } as const;

/** Every file under dir, as URL paths ("/images/x.png"); none when dir does not exist (development). */
function listClientFiles(dir: string, prefix = "", files = new Set<string>()): Set<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const urlPath = `${prefix}/${entry.name}`;
    // A directory is never served itself (index: false, redirect: false), only what it holds.
    if (entry.isDirectory()) listClientFiles(path.join(dir, entry.name), urlPath, files);
    else files.add(urlPath);
  }
  return files;
}

/** The request's path as express.static reads it (percent-escapes decoded), or null if it cannot be. */
function decodedPath(req: express.Request): string | null {
  const raw = req.path;
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The file errors of express.static (send) that are the client's: a range past the end, a failed precondition. */
const CLIENT_FILE_ERRORS: Record<number, () => ApiError> = {
  412: () => new ApiError(412, "precondition_failed", COMMON_ERRORS.preconditionFailed),
  416: () => new ApiError(416, "range_not_satisfiable", COMMON_ERRORS.rangeNotSatisfiable),
};

/**
 * express.static's `next` for a file it found: a 412 or 416 is answered as the site's other refusals
 * are, without the file's validators and cache lifetime (a shared cache must not keep an error for a
 * year), keeping the 416's `Content-Range: bytes *\/size`; anything else goes on to `next`.
 */
function fileErrors(req: Request, res: Response, next: NextFunction): NextFunction {
  return (error?: unknown) => {
    const status = (error as { status?: unknown } | undefined)?.status;
    const refusal = typeof status === "number" ? CLIENT_FILE_ERRORS[status] : undefined;
    if (!refusal || res.headersSent) return next(error);
    for (const name of ["ETag", "Last-Modified", "Cache-Control", "Content-Encoding", "Content-Type", "Content-Length"]) res.removeHeader(name);
    refuse(req, res, refusal());
  };
}

/**
 * The files of `clientDir` by their URL path; `/assets/...` as hashed assets, the rest for a month
 * through `compress`, the on-the-fly compression middleware.
 */
export function clientFilesHandler(clientDir: string, compress: RequestHandler): RequestHandler {
  const files = listClientFiles(clientDir);
  const assetsDir = path.join(clientDir, "assets");
  const assets = express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, redirect: false });
  // `redirect: false`: the static middleware's "add a slash to a directory" redirect echoes the path,
  // and a path such as /\\/../. then points at another host (docs/decisions/0006-one-configured-origin.md).
  const others = express.static(clientDir, { maxAge: "30d", index: false, redirect: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const urlPath = decodedPath(req);
    if (urlPath === null || !files.has(urlPath)) return next();
    // An icon or a manifest is compressed on the fly (by type: an image is not).
    if (!urlPath.startsWith("/assets/")) return compress(req, res, () => others(req, res, fileErrors(req, res, next)));
    // express.static serves the assets directory from its own root.
    const original = req.url;
    const restore = fileErrors(req, res, (error?: unknown) => {
      req.url = original;
      res.removeHeader("Content-Encoding");
      next(error);
    });
    const ext = path.extname(urlPath);
    const compressible = COMPRESSIBLE.has(ext);
    // The precompressed copy the client accepts best (any letter case, q-values honoured); a client
    // that accepts neither gets the file itself, never one compressed per request (as pages do).
    const offered = compressible ? (["br", "gzip"] as const).filter((name) => files.has(urlPath + SIBLING[name])) : [];
    const chosen = offered.length > 0 && req.headers["accept-encoding"] ? req.acceptsEncodings([...offered]) : false;
    const encoding = chosen === "br" || chosen === "gzip" ? chosen : null;
    if (compressible) res.append("Vary", "Accept-Encoding");
    req.url = req.path.slice("/assets".length);
    if (encoding) {
      res.setHeader("Content-Encoding", encoding);
      res.type(ext);
      req.url += SIBLING[encoding];
    }
    assets(req, res, restore);
  };
}
