// A member's reads answered before Express (docs/decisions/0017-member-read-fast-path.md and
// docs/performance.md, "Authenticated reads"). The read itself is the routers' own (one statement with
// the session, server/member-reads.ts); what is skipped is the middleware chain around it. The headers
// are the chain's own: the first 200 the chain gives for a read is recorded (security headers,
// Cache-Control, Vary) and replayed, with the body's own length, ETag and encoding, chosen as the
// chain's compression would choose them. Whatever is not the plain case goes to the chain: another
// method, a query (but `?limit=` on the history), a conditional request, a body, a Host the request edge would
// refuse, no Authorization header, a read that must write, an error. A token with no session gets the
// chain's 401 once per read and TLS (told the lookup found none), recorded the same way; later ones
// get it replayed, with the one error body (apiErrorBody): the chain's 401 cost about twice the lookup
// (docs/performance.md, "what an unknown token's 401 costs").
// Answers are counted and logged once a minute, never a line each.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import type { Request, RequestHandler } from "express";
import { getSessionUser, readWithSession } from "~/lib/accounts/sessions.server";
import type { AppContext } from "~/lib/app-context.server";
import { apiErrorBody, unauthorized } from "~/lib/http/api-error";
import { HISTORY_DEFAULT_LIMIT, HistoryQuerySchema } from "~/lib/contracts/ai";
import type { Lang } from "~/lib/i18n/languages";
import type { Logger } from "~/lib/logger.server";
import { boundedMemo } from "~/lib/bounded-memo";
import { announcesBody, createHostCheck, isSecure } from "./fast-path-edge";
import { bearerToken, headerLang, rememberNoSession } from "./http";
import { MEMBER_READS, type MemberRead } from "./member-reads";

/** compression's default threshold (server/app.ts uses its defaults): below 1 KB nothing is compressed. */
const COMPRESSION_THRESHOLD = 1024;
const MEMO_LIMIT = 256;
/** Headers that belong to one body, not to the read. */
const PER_BODY = new Set(["content-length", "etag", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive"]);

/** Header lines as writeHead takes them flat: name, value, name, value (a repeated header once per value). */
type HeaderLines = string[];

interface Negotiator {
  encoding(available: string[], preferred?: string[]): string | undefined;
}
// The very negotiator (and version) compression uses, so the fast path picks the encoding it would.
const requireFromCompression = createRequire(createRequire(import.meta.url).resolve("compression"));
const NegotiatorOf = requireFromCompression("negotiator") as new (req: { headers: IncomingMessage["headers"] }) => Negotiator;
// compression's offer on a Node with brotli (every supported Node).
const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];

export interface MemberReadFastPathOptions {
  appContext: AppContext;
  /** Express's compiled `trust proxy` (app.get("trust proxy fn")): req.secure without Express. */
  trustProxy: (address: string, hop: number) => boolean;
  /** Express's compiled ETag function (app.get("etag fn")), as res.send uses it. */
  etag: (body: Buffer, encoding?: BufferEncoding) => string | undefined;
  /** The full chain, for everything the fast path leaves. */
  chain: (req: IncomingMessage, res: ServerResponse) => void;
  logger: Logger;
  logEveryMs?: number;
}

export interface MemberReadFastPath {
  /** Takes the request (answering it, or handing it to the chain later) and returns true, or returns false. */
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** Middleware on the chain, before the routers: records the headers of the chain's 200 and 401 answers. */
  recorder: RequestHandler;
  stop(): void;
  /** Reads answered, 401s replayed for a token with no session, requests handed to the chain. */
  counts(): { answered: number; refused: number; toChain: number };
}

export function createMemberReadFastPath(options: MemberReadFastPathOptions): MemberReadFastPath {
  const { appContext } = options;
  const reads = new Map(MEMBER_READS.map((read) => [read.path, read]));
  /** Recorded header lines per read path and TLS (HSTS is sent only over TLS), flat once for every answer. */
  const templates = new Map<string, HeaderLines>();
  /** The same for the chain's 401 to a token with no session. */
  const refusals = new Map<string, HeaderLines>();
  const templateKey = (path: string, secure: boolean) => `${secure ? "s" : "p"}${path}`;
  const validHost = createHostCheck();

  const encodingOf = boundedMemo<string, string>(
    MEMO_LIMIT,
    (acceptEncoding) => new NegotiatorOf({ headers: { "accept-encoding": acceptEncoding } }).encoding(SUPPORTED, PREFERRED) ?? "identity",
  );
  const chooseEncoding = (acceptEncoding: string | undefined): string => (acceptEncoding ? encodingOf(acceptEncoding) : "identity");

  let answered = 0;
  let refused = 0;
  let toChain = 0;
  let logged = { answered: 0, refused: 0 };
  const timer = setInterval(() => {
    if (answered === logged.answered && refused === logged.refused) return;
    options.logger.info({ answered: answered - logged.answered, refused: refused - logged.refused }, "member reads answered by the fast path");
    logged = { answered, refused };
  }, options.logEveryMs ?? 60_000);
  timer.unref();

  /** The read and its statement's parameters, or null when the URL is not a plain read. */
  const readOf = (url: string): { read: MemberRead; params: Record<string, unknown> } | null => {
    const q = url.indexOf("?");
    const read = reads.get(q < 0 ? url : url.slice(0, q));
    if (!read) return null;
    if (!read.limited) return q < 0 ? { read, params: {} } : null;
    if (q < 0) return { read, params: { limit: HISTORY_DEFAULT_LIMIT } };
    const query = /^limit=(\d{1,3})$/.exec(url.slice(q + 1));
    const parsed = query && HistoryQuerySchema.safeParse({ limit: query[1] });
    return parsed?.success ? { read, params: { limit: parsed.data.limit } } : null;
  };

  const toTheChain = (req: IncomingMessage, res: ServerResponse) => {
    toChain++;
    options.chain(req, res);
  };

  /** The 401's body in each language: the same bytes every time, built once (an ApiError captures a stack). */
  const refusalBodies = new Map<Lang, Buffer>();
  const refusalBody = (lang: Lang): Buffer => {
    let bytes = refusalBodies.get(lang);
    if (!bytes) refusalBodies.set(lang, (bytes = Buffer.from(JSON.stringify(apiErrorBody(unauthorized(), lang)), "utf8")));
    return bytes;
  };

  /** A recorded answer's header lines with this body's own ETag. */
  function headersFor(template: HeaderLines, bytes: Buffer): HeaderLines {
    const headers = template.slice();
    const etag = options.etag(bytes, "utf8");
    if (etag) headers.push("ETag", etag);
    return headers;
  }

  /** Writes a recorded answer's header lines with this body's own ETag and length. */
  function send(res: ServerResponse, status: number, template: HeaderLines, bytes: Buffer) {
    const headers = headersFor(template, bytes);
    headers.push("Content-Length", String(bytes.length));
    res.writeHead(status, headers);
    res.end(bytes);
  }

  async function answer(req: IncomingMessage, res: ServerResponse, read: MemberRead, params: Record<string, unknown>, key: string) {
    const token = bearerToken(req);
    const { db, sessionTouches } = appContext;
    const lang = headerLang(req.headers);
    const found =
      read.data === null
        ? { user: await getSessionUser(db, token, sessionTouches), data: null }
        : await readWithSession(db, token, read.data, sessionTouches, params);
    if (!found?.user) {
      const refusal = refusals.get(key);
      const bytes = refusal && refusalBody(lang);
      // Replayed only under compression's threshold, as the chain sends it uncompressed there.
      if (!refusal || !bytes || bytes.length >= COMPRESSION_THRESHOLD) {
        rememberNoSession(req);
        return toTheChain(req, res);
      }
      refused++;
      return send(res, 401, refusal, bytes);
    }
    const template = templates.get(key);
    // The first read of its kind: the chain answers it, and its headers are recorded.
    if (!template) return toTheChain(req, res);
    // null: the read must write first (the account's language), which the chain does.
    const body = read.answer(found.user, found.data as never, lang);
    if (!body) return toTheChain(req, res);
    const bytes = Buffer.from(JSON.stringify(body), "utf8");
    const encoding = bytes.length < COMPRESSION_THRESHOLD ? "identity" : chooseEncoding(req.headers["accept-encoding"]);
    answered++;
    if (encoding === "identity") return send(res, 200, template, bytes);
    const headers = headersFor(template, bytes);
    // Compressed off the main thread, and sent as compression streams it: chunked, without a length.
    const compressed = await new Promise<Buffer>((resolve, reject) => {
      const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
      if (encoding === "br") zlib.brotliCompress(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, done);
      else if (encoding === "gzip") zlib.gzip(bytes, done);
      else zlib.deflate(bytes, done);
    });
    headers.push("Content-Encoding", encoding);
    res.writeHead(200, headers);
    res.end(compressed);
  }

  const fastPath = ((req, res) => {
    if (req.method !== "GET") return false;
    const url = req.url ?? "";
    if (!url.startsWith("/api/v1/")) return false;
    const target = readOf(url);
    if (!target) return false;
    const headers = req.headers;
    if (!headers.authorization || headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined) return false;
    // The chain reads a GET's JSON body like any other (its `lang`, or a 400 when it is not JSON).
    if (announcesBody(headers)) return false;
    if (!validHost(headers.host)) return false;
    const key = templateKey(target.read.path, isSecure(req, options.trustProxy));
    // Nothing recorded yet for this read: the chain answers, and the recorder learns its headers.
    if (!templates.has(key) && !refusals.has(key)) return false;
    answer(req, res, target.read, target.params, key).catch(() => {
      // Anything unexpected (the database away, a socket gone): the chain answers as it always does.
      if (!res.headersSent) toTheChain(req, res);
    });
    return true;
  }) as MemberReadFastPath;

  fastPath.recorder = (req: Request, res, next) => {
    const read = req.method === "GET" ? reads.get(req.originalUrl.split("?")[0]!) : undefined;
    const key = read && templateKey(read.path, req.secure);
    if (key && !(templates.has(key) && refusals.has(key))) {
      res.on("finish", () => {
        const recorded = res.statusCode === 200 ? templates : res.statusCode === 401 ? refusals : null;
        if (!recorded || recorded.has(key)) return;
        const lines: HeaderLines = [];
        // Node has getRawHeaderNames on every outgoing message; its types declare it on the client request only.
        for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
          if (PER_BODY.has(name.toLowerCase())) continue;
          const value = res.getHeader(name);
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [String(value)]) lines.push(name, one);
        }
        recorded.set(key, lines);
      });
    }
    next();
  };
  fastPath.stop = () => clearInterval(timer);
  fastPath.counts = () => ({ answered, refused, toChain });
  return fastPath;
}
