// Cached public pages answered before Express (docs/decisions/0008-fast-path-for-cached-pages.md). A hit walks no
// middleware: it replays the answer the full chain gave for the same page and the same variant of
// request (method, encoding, If-None-Match, language negotiation, TLS), recorded by server/pages.ts
// the first time. Headers are therefore the chain's own, byte for byte (server/page-fast-path.test.ts);
// whatever the fast path is not sure of goes to the chain: an escaped or unusual path, a Host the
// request edge would refuse, an unprefixed URL whose visitor is redirected to /ja or /zh, a variant
// not recorded yet, a path something before the pages answers. A query the page does not read and
// an unknown path are answered from the page kept for them (PageHandler.peekShared), as the chain
// does. Hits are counted and logged once a minute, never a line each.
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { Logger } from "~/lib/logger.server";
import { chooseLanguage, LANGUAGE_COOKIE, parseAcceptLanguage, readCookie } from "~/lib/i18n/negotiate";
import { boundedMemo } from "~/lib/bounded-memo";
import { announcesBody, createHostCheck, isSecure } from "./fast-path-edge";
import { sendRecorded } from "./prepared-head";
import { COMPRESSED_OFFERS, encodingVariant, negotiatesLanguage, offerOf, revalidates, sharesKeptPage, variantKey, type CachedPage, type PageHandler } from "./pages";

/** Only plain paths: no percent-escapes, nothing the request edge would look at twice. */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~/]*$/;
/** Accept-Encoding values seen, with the encoding Express would pick for each offer (bounded). */
const ENCODING_MEMO_LIMIT = 256;

export interface FastPathOptions {
  pages: () => PageHandler | undefined;
  /** Express's compiled `trust proxy` (app.get("trust proxy fn")): req.secure without Express. */
  trustProxy: (address: string, hop: number) => boolean;
  logger: Logger;
  /** How often the hit counts are logged. */
  logEveryMs?: number;
}

export interface FastPath {
  /** Answers the request and returns true, or returns false and touches nothing. */
  (req: IncomingMessage, res: ServerResponse): boolean;
  stop(): void;
  counts(): { hits: number; notModified: number };
}

export function createFastPath(options: FastPathOptions): FastPath {
  const acceptsEncodings = express.request.acceptsEncodings as (this: { headers: IncomingMessage["headers"] }, offered: string[]) => string | false;
  // What a page offers (server/pages.ts): its precompressed encodings, none until they are made.
  const encodingMemo = COMPRESSED_OFFERS.map((offered) =>
    boundedMemo<string, "br" | "gzip" | null>(ENCODING_MEMO_LIMIT, (acceptEncoding) => {
      if (offered.length === 0) return null;
      const choice = acceptsEncodings.call({ headers: { "accept-encoding": acceptEncoding } }, [...offered]);
      return choice === "br" || choice === "gzip" ? choice : null;
    }),
  );
  /** The same choice as server/pages.ts chooseEncoding (Express's negotiator), memoised per header value. */
  const chooseEncoding = (acceptEncoding: string | undefined, page: CachedPage): "br" | "gzip" | null =>
    acceptEncoding ? encodingMemo[offerOf(page)]!(acceptEncoding) : null;
  const validHost = createHostCheck();
  const secure = (req: IncomingMessage) => isSecure(req, options.trustProxy);

  let hits = 0;
  let notModified = 0;
  let logged = { hits: 0, notModified: 0 };
  const timer = setInterval(() => {
    if (hits === logged.hits && notModified === logged.notModified) return;
    options.logger.info({ hits: hits - logged.hits, notModified: notModified - logged.notModified }, "page cache hits answered by the fast path");
    logged = { hits, notModified };
  }, options.logEveryMs ?? 60_000);
  timer.unref();

  const fastPath = ((req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    // A request that announces a body is the chain's: its edge refuses a transfer coding other than
    // chunked (501), and an answer written before the body has come closes the connection
    // (server/http-server.ts); found by an attack, which also broke the page's kept head that way.
    if (announcesBody(req.headers)) return false;
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!PLAIN_PATH.test(path)) return false;
    if (!validHost(req.headers.host)) return false;
    const pages = options.pages();
    if (!pages) return false;
    let page = queryAt === -1 ? pages.peek(path) : undefined;
    // Anything else (the API's reads among them) leaves here, before any header is parsed.
    if (!page && !sharesKeptPage(path)) return false;
    // A page many paths share: the language is read from the path asked, before the page is looked up.
    const negotiated = page ? (page.negotiated ??= negotiatesLanguage(path)) : negotiatesLanguage(path);
    if (negotiated) {
      const lang = chooseLanguage(readCookie(req.headers.cookie, LANGUAGE_COOKIE), parseAcceptLanguage(req.headers["accept-language"]));
      if (lang !== "en") return false;
    }
    // The query as the chain reads it: up to a second "?".
    page ??= pages.peekShared(path, queryAt === -1 ? undefined : url.slice(queryAt + 1).split("?", 1)[0]);
    if (!page || page.answers.size === 0) return false;
    const acceptEncoding = req.headers["accept-encoding"];
    const isNotModified = revalidates(req.headers["if-none-match"], page);
    const answer = page.answers.get(
      variantKey({
        method,
        encoding: encodingVariant(page, chooseEncoding(acceptEncoding, page), acceptEncoding),
        notModified: isNotModified,
        negotiated,
        secure: secure(req),
      }),
    );
    if (!answer) return false;
    sendRecorded(req, res, answer);
    if (isNotModified) notModified++;
    else hits++;
    return true;
  }) as FastPath;
  fastPath.stop = () => clearInterval(timer);
  fastPath.counts = () => ({ hits, notModified });
  return fastPath;
}
