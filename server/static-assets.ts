// Serves the hashed build assets. The build writes .br and .gz siblings (scripts/build-server.mjs),
// so compressed bytes are read from disk instead of being compressed on every request.
import { existsSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".map"]);

export function assetsHandler(assetsDir: string): RequestHandler {
  const serve = express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, redirect: false });
  const known = new Map<string, { br: boolean; gz: boolean }>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const ext = path.extname(req.path);
    if (!COMPRESSIBLE.has(ext)) return serve(req, res, next);
    const file = path.join(assetsDir, path.normalize(req.path).replace(/^(\.\.[/\\])+/, ""));
    if (!file.startsWith(assetsDir)) return next();
    let variants = known.get(file);
    if (!variants) {
      variants = { br: existsSync(`${file}.br`), gz: existsSync(`${file}.gz`) };
      known.set(file, variants);
    }
    const accept = String(req.headers["accept-encoding"] ?? "");
    const encoding = variants.br && /\bbr\b/.test(accept) ? "br" : variants.gz && /\bgzip\b/.test(accept) ? "gzip" : null;
    res.append("Vary", "Accept-Encoding");
    if (!encoding) return serve(req, res, next);
    res.setHeader("Content-Encoding", encoding);
    res.type(ext);
    const original = req.url;
    req.url = `${req.path}.${encoding === "br" ? "br" : "gz"}`;
    serve(req, res, (error?: unknown) => {
      req.url = original;
      res.removeHeader("Content-Encoding");
      next(error);
    });
  };
}
