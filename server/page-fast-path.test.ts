// The fast path for cached pages (server/page-fast-path.ts) answers byte for byte what the full
// middleware chain answers (headers in the same order and case, same body), for every variant of
// request, and leaves to the chain whatever it must decide itself (redirects, refusals, queries).
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { productionPagesApp, type PagesTestApp } from "~/tests/security/pages-app";
import { BUILD_TIMEOUT_MS } from "~/tests/security/production-build";
import { rawExchange, rawRequest, rawRequestsKeptAlive, type KeptAliveAnswer } from "~/tests/helpers/raw-http";

const raw = rawRequest;

describe("fast path for cached pages", () => {
  // The same build twice: the chain alone, and with the fast path in front of it.
  let chainApp: PagesTestApp;
  let app: PagesTestApp;
  let host: string;
  const PATHS = ["/blog/1", "/ja/about", "/zh/pricing", "/"];

  beforeAll(async () => {
    chainApp = await productionPagesApp({ TRUST_PROXY: "loopback" }, { fastPath: false });
    app = await productionPagesApp({ TRUST_PROXY: "loopback" });
    host = `127.0.0.1:${app.port}`;
    for (const each of [chainApp, app]) {
      for (const path of PATHS) await raw(each.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
      await each.pageHandler.idle();
    }
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await chainApp?.close();
  });

  const variants = (etag: string) => [
    ["gzip", "Accept-Encoding: gzip, deflate"],
    ["gzip first", "Accept-Encoding: gzip, deflate, br"],
    ["br preferred by q", "Accept-Encoding: gzip;q=0.5, br"],
    ["br only", "Accept-Encoding: br"],
    ["identity", ""],
    ["deflate only (no precompressed body fits: the page itself)", "Accept-Encoding: deflate"],
    ["identity named first, gzip as good", "Accept-Encoding: identity, gzip"],
    ["revalidation", `Accept-Encoding: gzip\nIf-None-Match: ${etag}`],
    ["over TLS at the proxy", "Accept-Encoding: gzip\nX-Forwarded-Proto: https"],
    ["English chosen by cookie", "Accept-Encoding: br\nCookie: selectedLanguage=en\nAccept-Language: ja"],
  ];

  for (const path of PATHS) {
    it(`answers ${path} exactly as the middleware chain does, for every variant`, async () => {
      const first = await raw(chainApp.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
      const etag = /^etag: (.*)$/im.exec(first.head)![1]!;
      for (const method of ["GET", "HEAD"]) {
        for (const [what, headers] of variants(etag)) {
          const head = `${method} ${path} HTTP/1.1\nHost: ${host}${headers ? `\n${headers}` : ""}`;
          const chain = await raw(chainApp.port, head);
          await raw(app.port, head); // the chain's answer the first time, kept for the next
          const before = app.fastPath!.counts();
          const fast = await raw(app.port, head);
          const after = app.fastPath!.counts();
          expect(fast.head, `${method} ${path} ${what}`).toBe(chain.head);
          expect(fast.body.equals(chain.body), `${method} ${path} ${what}: body`).toBe(true);
          const answered = after.hits + after.notModified - before.hits - before.notModified;
          // Nothing is compressed on the fly once a page's bodies are made (server/pages.ts): every variant is replayed.
          expect(answered, `${method} ${path} ${what}: answered by the fast path`).toBe(1);
        }
      }
    });
  }

  it("answers 304 only for a page that is there: not for the not-found page, whatever tag is named, and for a * on a page", async () => {
    // Found by an attack: every unknown path shares one kept not-found page, so its ETag, read on
    // one URL, got a 304 on any other (preconditions apply to 2xx answers only, RFC 9110, 13.2.1).
    const status = (answer: { head: string }) => Number(answer.head.split(" ")[1]);
    for (const each of [chainApp, app]) {
      await raw(each.port, `GET /no-such-page-a HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
      await each.pageHandler.idle();
      // The kept page's tag (the first answer, compressed on the fly, has none).
      const missing = await raw(each.port, `GET /no-such-page-a HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
      expect(status(missing)).toBe(404);
      const etag = /^etag: (.*)$/im.exec(missing.head)![1]!;
      for (const tag of [etag, "*"]) {
        // Twice: the chain's answer, then the one kept for the fast path.
        for (let i = 0; i < 2; i++) {
          const other = await raw(each.port, `GET /no-such-page-b HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip\nIf-None-Match: ${tag}`);
          expect(status(other), `If-None-Match: ${tag}`).toBe(404);
        }
      }
      for (let i = 0; i < 2; i++) {
        const any = await raw(each.port, `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip\nIf-None-Match: *`);
        expect(status(any), "If-None-Match: * on a page").toBe(304);
      }
    }
  });

  it("answers a cache hit without writing to the page cache, on the fast path and through the chain", async () => {
    // A hit used to move its page to the end of the cache's Map (delete, then set): under load V8
    // promoted the Map's rewritten tables, and the old generation's growth brought a full collection
    // every few seconds, a pause that showed as the pages' p99 (docs/performance.md, 2026-11-24).
    const isPageCache = (map: unknown) =>
      map instanceof Map && [...map.values()].some((value) => typeof value === "object" && value !== null && "answers" in value && "etag" in value);
    const head = `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`;
    for (const each of [app, chainApp]) await raw(each.port, head);
    const set = vi.spyOn(Map.prototype, "set");
    const remove = vi.spyOn(Map.prototype, "delete");
    try {
      const before = app.fastPath!.counts().hits;
      for (let i = 0; i < 5; i++) {
        expect((await raw(app.port, head)).head).toMatch(/^HTTP\/1\.1 200 /);
        expect((await raw(chainApp.port, head)).head).toMatch(/^HTTP\/1\.1 200 /);
      }
      expect(app.fastPath!.counts().hits - before).toBe(5);
      expect([...set.mock.contexts, ...remove.mock.contexts].filter(isPageCache)).toHaveLength(0);
    } finally {
      set.mockRestore();
      remove.mockRestore();
    }
  });

  it("answers every Accept-Encoding it has no precompressed body for from one kept answer", async () => {
    // Each such header value used to be a variant of its own, kept up to MAX_ANSWERS_PER_PAGE: a client
    // naming a new one each time sent every request through the chain (about 8x the CPU of a hit).
    const plain = await raw(app.port, `GET /blog/1 HTTP/1.1\nHost: ${host}`);
    const before = app.fastPath!.counts().hits;
    for (let i = 0; i < 40; i++) {
      const answer = await raw(app.port, `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: x-unknown-${i}`);
      expect(answer.head.replace(/^date: .*$/im, "")).toBe(plain.head.replace(/^date: .*$/im, ""));
    }
    expect(app.fastPath!.counts().hits - before).toBe(40);
  });

  // A random query on a page that reads none, every unknown path of a language and every unknown id
  // of a content page are answered from one kept page each: the flood's cheapest requests (bench/wrk/page-flood.lua) walked the
  // whole chain for it (about 240 us of CPU against 50 for a hit: docs/performance.md).
  let unique = 0;
  const SHARED: [string, () => string][] = [
    ["a query the page does not read", () => `/blog/1?utm_source=n${++unique}`],
    ["a query on a Japanese page", () => `/ja/about?x=${++unique}&y=2`],
    ["a query naming a parameter the page keys, with a value it does not", () => `/contact?service=nope${++unique}`],
    ["an unknown path", () => `/nope-${++unique}/abc`],
    ["an unknown Chinese path", () => `/zh/nope-${++unique}`],
    ["an unknown language prefix", () => `/xx${++unique}/blog/1`],
    // A content page's unknown id: its loader ran on every one (about 500-600 us: docs/performance.md).
    ["an unknown article", () => `/blog/${9000 + ++unique}`],
    ["an unknown Japanese service", () => `/ja/services/nope-${++unique}`],
    ["an unknown case study with a query", () => `/zh/portfolio/nope-${++unique}?x=1`],
  ];
  for (const [what, next] of SHARED) {
    it(`answers ${what} from the kept page exactly as the middleware chain does`, async () => {
      const first = await raw(chainApp.port, `GET ${next()} HTTP/1.1\nHost: ${host}`);
      const etag = /^etag: (.*)$/im.exec(first.head)![1]!;
      for (const each of [chainApp, app]) {
        await raw(each.port, `GET ${next()} HTTP/1.1\nHost: ${host}`);
        await each.pageHandler.idle();
      }
      for (const method of ["GET", "HEAD"]) {
        for (const [variant, headers] of variants(etag)) {
          const suffix = headers ? `\n${headers}` : "";
          // Each ask a URL of its own: the kept page answers them all.
          const chain = await raw(chainApp.port, `${method} ${next()} HTTP/1.1\nHost: ${host}${suffix}`);
          await raw(app.port, `${method} ${next()} HTTP/1.1\nHost: ${host}${suffix}`);
          const before = app.fastPath!.counts();
          const fast = await raw(app.port, `${method} ${next()} HTTP/1.1\nHost: ${host}${suffix}`);
          const after = app.fastPath!.counts();
          expect(fast.head, `${method} ${what} ${variant}`).toBe(chain.head);
          expect(fast.body.equals(chain.body), `${method} ${what} ${variant}: body`).toBe(true);
          expect(after.hits + after.notModified - before.hits - before.notModified, `${method} ${what} ${variant}: answered by the fast path`).toBe(1);
        }
      }
    });
  }

  it("leaves to the chain the unknown paths that something before the pages answers", async () => {
    // Every unknown path's kept page has answers recorded by now: none may stand in for these.
    for (const path of ["/nope/abc", "/ja/nope", "/xx/blog/1"]) {
      for (let i = 0; i < 2; i++) await raw(app.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
    }
    const before = app.fastPath!.counts();
    const ask = (target: string, headers = "") => raw(app.port, `GET ${target} HTTP/1.1\nHost: ${host}${headers}`);
    expect((await ask("/HEALTHZ")).body.toString("utf8")).toBe('{"status":"ok"}');
    expect((await ask("/healthz/")).body.toString("utf8")).toBe('{"status":"ok"}');
    expect((await ask("/Api/v1/nope")).head).toMatch(/^content-type: application\/json/im);
    expect((await ask("/en/nope")).head).toMatch(/^HTTP\/1\.1 301[\s\S]*^location: \/nope$/im);
    expect((await ask("/nope/abc/")).head).toMatch(/^HTTP\/1\.1 301[\s\S]*^location: \/nope\/abc$/im);
    expect((await ask("/nope/./abc")).head).toMatch(/^HTTP\/1\.1 400/);
    expect((await ask("/services/security")).head).toMatch(/^HTTP\/1\.1 301/);
    expect((await ask("/nope/abc", "\nCookie: selectedLanguage=zh")).head).toMatch(/^location: \/zh\/nope\/abc$/im);
    expect((await ask("/favicon.svg")).head).toMatch(/^content-type: image\/svg\+xml/im);
    expect((await ask("/ja/nope.php")).head).toMatch(/^HTTP\/1\.1 404/);
    expect((await ask("/contact?service=tax-consultation")).head).toMatch(/^HTTP\/1\.1 200/);
    expect(app.fastPath!.counts()).toEqual(before);
  });

  it("leaves an old service slug to the chain's redirect once the unknown services' page is kept", async () => {
    // An old slug is no service: the fast path answered it from the kept not-found page (404), where
    // the chain redirects it (301) before the pages.
    for (let i = 0; i < 2; i++) {
      for (const prefix of ["", "/ja", "/zh"]) {
        await raw(app.port, `GET ${prefix}/services/made-up-${i} HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
      }
      await app.pageHandler.idle();
    }
    const before = app.fastPath!.counts().hits;
    expect((await raw(app.port, `GET /ja/services/made-up-2 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`)).head).toMatch(/^HTTP\/1\.1 404/);
    expect(app.fastPath!.counts().hits, "the unknown services' page is answered by the fast path").toBe(before + 1);
    for (const prefix of ["", "/ja", "/zh"]) {
      for (const [legacy, canonical] of [["security", "security-services"], ["software-development", "custom-software-development"]]) {
        for (const query of ["", "?x=1"]) {
          const answer = await raw(app.port, `GET ${prefix}/services/${legacy}${query} HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
          expect(answer.head, `${prefix}/services/${legacy}${query}`).toMatch(new RegExp(`^HTTP/1\\.1 301[\\s\\S]*^location: ${prefix}/services/${canonical}$`, "im"));
        }
      }
    }
  });

  it("looks up no shared page for a visitor the chain sends to another language, nor for a very long path", async () => {
    // Each lookup splits and matches the path: for a request the chain redirects anyway, or for a path
    // longer than the route matcher remembers, it was work done for nothing (about 3x the chain's cost).
    const lookups = vi.spyOn(app.pageHandler, "peekShared");
    try {
      const japanese = await raw(app.port, `GET /nope/abc?x=1 HTTP/1.1\nHost: ${host}\nCookie: selectedLanguage=ja`);
      expect(japanese.head).toMatch(/^location: \/ja\/nope\/abc\?x=1$/im);
      const long = `/x${"/a".repeat(200)}`;
      expect((await raw(app.port, `GET ${long} HTTP/1.1\nHost: ${host}`)).head).toMatch(/^HTTP\/1\.1 404/);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });

  it("keeps on a shared page only answers the fast path can look up", async () => {
    // A path with an extension shares the not-found page but is never looked up: its answers
    // would take the page's answer slots from the paths that are.
    await raw(app.port, `GET /nope/abc HTTP/1.1\nHost: ${host}`);
    const shared = app.pageHandler.peekShared("/nope/abc", undefined)!;
    const before = shared.answers.size;
    for (const [, headers] of variants('"x"')) {
      for (let i = 0; i < 2; i++) await raw(app.port, `GET /nope/abc${i}.php HTTP/1.1\nHost: ${host}${headers ? `\n${headers}` : ""}`);
    }
    expect(shared.answers.size).toBe(before);
  });

  it("answers every path under an unknown language prefix with one page that carries no content", async () => {
    // The routes under the refused prefix still loaded: /xy/blog/2 carried the article asked for first.
    const titleOf = async (path: string) => /<title>([^<|]+)/.exec((await raw(chainApp.port, `GET ${path} HTTP/1.1\nHost: ${host}`)).body.toString("utf8"))![1]!.trim();
    const first = await titleOf("/blog/1");
    const second = await titleOf("/blog/2");
    for (const path of ["/xx/blog/1", "/xy/blog/2", "/xz/blog/1?x=1"]) {
      const answer = await raw(chainApp.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 404/);
      const html = answer.body.toString("utf8");
      expect(html, path).not.toContain(first);
      expect(html, path).not.toContain(second);
    }
  });

  it("redirects no inherited property as an old service slug", async () => {
    for (const path of ["/services/constructor", "/services/__proto__", "/ja/services/valueOf", "/services/toString"]) {
      const answer = await raw(chainApp.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 404/);
    }
    expect((await raw(chainApp.port, `GET /services/security HTTP/1.1\nHost: ${host}`)).head).toMatch(/^location: \/services\/security-services$/im);
  });

  // On a kept-alive connection a hit sends the head Node wrote for its answer the first time, with
  // the Date of the second (server/prepared-head.ts): Node's writeHead validated and joined the 1.4 KB
  // of header lines on every hit (docs/decisions/0023-prepared-answer-heads.md).
  let testStartedAt = 0;
  beforeEach(() => {
    testStartedAt = Date.now();
  });
  const expectSameAnswers = (fast: KeptAliveAnswer[], chain: KeptAliveAnswer[], what: string) => {
    expect(fast.length, what).toBe(chain.length);
    fast.forEach((answer, i) => {
      expect(answer.head, `${what} #${i}`).toBe(chain[i]!.head);
      expect(answer.body.equals(chain[i]!.body), `${what} #${i}: body`).toBe(true);
      // Dated within this test (from the second it began to now), not within a window of wall time
      // that a busy machine could outrun; the exact second is checked in "dates a prepared head".
      const date = Date.parse(answer.date!);
      expect(date, `${what} #${i}: date`).toBeGreaterThanOrEqual(Math.floor(testStartedAt / 1000) * 1000);
      expect(date, `${what} #${i}: date`).toBeLessThanOrEqual(Date.now());
    });
  };

  for (const path of PATHS) {
    it(`answers hits of ${path} on a kept-alive connection as the chain does, without writing the head again`, async () => {
      const first = await raw(chainApp.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
      const etag = /^etag: (.*)$/im.exec(first.head)![1]!;
      const heads = ["GET", "HEAD"].flatMap((method) =>
        variants(etag).map(([, headers]) => `${method} ${path} HTTP/1.1\nHost: ${host}${headers ? `\n${headers}` : ""}`),
      );
      // Recorded by the chain, then sent once by the fast path with Node's writeHead.
      await rawRequestsKeptAlive(app.port, [...heads, ...heads]);
      const chain = await rawRequestsKeptAlive(chainApp.port, [...heads, ...heads]);
      const writeHead = vi.spyOn(http.ServerResponse.prototype, "writeHead");
      const before = app.fastPath!.counts();
      let fast: KeptAliveAnswer[];
      try {
        fast = await rawRequestsKeptAlive(app.port, [...heads, ...heads]);
        expect(writeHead).not.toHaveBeenCalled();
      } finally {
        writeHead.mockRestore();
      }
      const after = app.fastPath!.counts();
      expect(after.hits + after.notModified - before.hits - before.notModified).toBe(heads.length * 2);
      expectSameAnswers(fast, chain, path);
      for (const answer of fast) expect(answer.head).toMatch(/^Connection: keep-alive\r\nKeep-Alive: timeout=5$/m);
    });
  }

  it("dates a prepared head with the second it is sent in", async () => {
    const gzip = `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`;
    await rawRequestsKeptAlive(app.port, [gzip, gzip, gzip]);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (const at of ["2031-03-04T05:06:07.900Z", "2031-03-04T05:06:08.100Z"]) {
        vi.setSystemTime(new Date(at));
        const [answer] = await rawRequestsKeptAlive(app.port, [gzip]);
        expect(answer!.date).toBe(new Date(at).toUTCString());
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers pipelined hits in order, each with its whole head, as the chain does", async () => {
    const etag = /^etag: (.*)$/im.exec((await raw(chainApp.port, `GET /blog/1 HTTP/1.1\nHost: ${host}`)).head)![1]!;
    const heads = [
      `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`,
      `HEAD /ja/about HTTP/1.1\nHost: ${host}\nAccept-Encoding: br`,
      `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip\nIf-None-Match: ${etag}`,
      `GET /zh/pricing HTTP/1.1\nHost: ${host}`,
    ];
    // Each head prepared first, on kept-alive connections.
    for (const each of [app, chainApp]) await rawRequestsKeptAlive(each.port, [...heads, ...heads, ...heads]);
    // All at once, the last asking to close.
    const pipelined = async (port: number) =>
      (await rawExchange(port, [...heads, `${heads[0]}\nConnection: close`].map((head) => `${head.replace(/\n/g, "\r\n")}\r\n\r\n`).join("")))
        .toString("latin1")
        .replace(/^Date: .*\r\n/gm, "");
    const before = app.fastPath!.counts();
    const fast = await pipelined(app.port);
    const after = app.fastPath!.counts();
    expect(fast).toBe(await pipelined(chainApp.port));
    expect(after.hits + after.notModified - before.hits - before.notModified).toBe(heads.length + 1);
    expect(fast.match(/HTTP\/1\.1 (200 OK|304 Not Modified)\r\n/g)).toHaveLength(heads.length + 1);
  });

  it("writes the head anew for every other connection, as the chain does", async () => {
    const path = "/blog/1";
    const first = await raw(chainApp.port, `GET ${path} HTTP/1.1\nHost: ${host}`);
    const etag = /^etag: (.*)$/im.exec(first.head)![1]!;
    const gzip = `GET ${path} HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`;
    const revalidation = `GET ${path} HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip\nIf-None-Match: ${etag}`;
    for (const each of [app, chainApp]) await rawRequestsKeptAlive(each.port, [gzip, gzip, gzip, revalidation, revalidation, revalidation]);
    const both = async (heads: string[]) => [await rawRequestsKeptAlive(app.port, heads), await rawRequestsKeptAlive(chainApp.port, heads)] as const;

    // HTTP/1.0 kept alive: a 304 has no length, so Node closes after it.
    const old = [gzip, revalidation].map((head) => head.replace("HTTP/1.1", "HTTP/1.0") + "\nConnection: keep-alive");
    for (const head of old) {
      const [fast, chain] = await both([head]);
      expectSameAnswers(fast, chain, head);
    }
    expect((await rawRequestsKeptAlive(app.port, [old[1]!]))[0]!.head).toMatch(/^Connection: close$/m);
    // HTTP/1.0 and a client asking to close.
    for (const head of [gzip.replace("HTTP/1.1", "HTTP/1.0"), gzip, revalidation]) {
      const [fast, chain] = [await raw(app.port, head), await raw(chainApp.port, head)];
      expect(fast.head, head).toBe(chain.head);
      expect(fast.head, head).toMatch(/^Connection: close$/m);
    }
    // A request that expects 100-continue.
    const [expecting, expectingChain] = await both([`${gzip}\nExpect: 100-continue`]);
    expect(expecting[0]!.head).toBe(expectingChain[0]!.head);

    // A server draining (server/lifecycle.ts sets Connection: close before any handler runs).
    const draining = (_req: http.IncomingMessage, res: http.ServerResponse) => res.setHeader("Connection", "close");
    for (const each of [app, chainApp]) each.server.prependListener("request", draining);
    try {
      for (const head of [gzip, revalidation]) {
        const [fast, chain] = await both([head]);
        expectSameAnswers(fast, chain, `draining: ${head}`);
        expect(fast[0]!.head).toMatch(/^Connection: close$/m);
      }
    } finally {
      for (const each of [app, chainApp]) each.server.off("request", draining);
    }

    // A limit of requests per connection: the last answer says so and closes.
    for (const each of [app, chainApp]) each.server.maxRequestsPerSocket = 3;
    try {
      const [fast, chain] = await both([gzip, revalidation, gzip]);
      expectSameAnswers(fast, chain, "three requests per connection");
      expect(fast[0]!.head).toMatch(/^Keep-Alive: timeout=5, max=3$/m);
      expect(fast[2]!.head).toMatch(/^Connection: close$/m);
    } finally {
      for (const each of [app, chainApp]) each.server.maxRequestsPerSocket = 0;
    }

    // Another keep-alive timeout: the head is written anew, and kept for the next hits.
    for (const each of [app, chainApp]) each.server.keepAliveTimeout = 7_000;
    try {
      const [fast, chain] = await both([gzip, gzip, revalidation, revalidation]);
      expectSameAnswers(fast, chain, "keep-alive timeout 7 s");
      for (const answer of fast) expect(answer.head).toMatch(/^Keep-Alive: timeout=7$/m);
    } finally {
      for (const each of [app, chainApp]) each.server.keepAliveTimeout = 5_000;
    }
    const [fast, chain] = await both([gzip, revalidation]);
    expectSameAnswers(fast, chain, "keep-alive timeout 5 s again");
  });

  it("leaves redirects and refusals to the chain", async () => {
    const japanese = await raw(app.port, `GET /blog/1 HTTP/1.1\nHost: ${host}\nCookie: selectedLanguage=ja`);
    expect(japanese.head).toMatch(/^HTTP\/1\.1 302/);
    expect(japanese.head).toMatch(/^location: \/ja\/blog\/1$/im);
    const badHost = await raw(app.port, `GET /blog/1 HTTP/1.1\nHost: a<b`);
    expect(badHost.head).toMatch(/^HTTP\/1\.1 400/);
    const absolute = await raw(app.port, `GET http://evil.example/blog/1 HTTP/1.1\nHost: ${host}`);
    expect(absolute.head).toMatch(/^HTTP\/1\.1 200/);
    expect(absolute.body.toString("utf8")).not.toContain("evil.example");
    const before = app.fastPath!.counts();
    const post = await raw(app.port, `POST /blog/1 HTTP/1.1\nHost: ${host}\nContent-Length: 0`);
    expect(post.head).toMatch(/^HTTP\/1\.1 405/);
    expect(app.fastPath!.counts()).toEqual(before);
  });

  // Found by an attack: the fast path answered requests that announce a body (a length other than 0,
  // a transfer coding), which the chain refuses or closes after. Its answer, written while the body
  // was still unread, lost a Vary line, and the head it kept for the page said so to every later visitor.
  it("leaves a request that announces a body to the chain, and keeps the page's head whole", async () => {
    const variant = `GET / HTTP/1.1\nHost: ${host}\nAccept-Encoding: deflate`;
    // A variant the chain has answered once, its head not kept yet (no hit on a kept-alive connection).
    for (const each of [app, chainApp]) await raw(each.port, variant);
    const before = app.fastPath!.counts();
    for (const announced of [`${variant}\nContent-Length: 00`, `${variant}\nTransfer-Encoding: chunked\n\n0`]) {
      const [fast, chain] = [await rawRequestsKeptAlive(app.port, [announced]), await rawRequestsKeptAlive(chainApp.port, [announced])];
      expectSameAnswers(fast, chain, announced);
      expect(fast[0]!.head).toMatch(/^Vary: Cookie, Accept-Language$/m);
    }
    // The next visitors get the page's whole head, the second one from the kept head.
    const [fast, chain] = [await rawRequestsKeptAlive(app.port, [variant, variant]), await rawRequestsKeptAlive(chainApp.port, [variant, variant])];
    expectSameAnswers(fast, chain, "after the announced bodies");
    for (const answer of fast) expect(answer.head).toMatch(/^Vary: Cookie, Accept-Language\r\n[^]*^Connection: keep-alive$/m);
    expect(app.fastPath!.counts().hits - before.hits).toBe(2);

    // A transfer coding the edge does not take: 501, as from the chain.
    const coded = `GET /blog/1 HTTP/1.1\nHost: ${host}\nTransfer-Encoding: gzip, chunked`;
    const refused = await raw(app.port, coded, "0\r\n\r\n");
    expect(refused.head).toMatch(/^HTTP\/1\.1 501/);
    expect(refused.head).toBe((await raw(chainApp.port, coded, "0\r\n\r\n")).head);
    expect(JSON.parse(refused.body.toString("utf8")).error.code).toBe("unsupported_transfer_encoding");

    // A body declared huge once the head is kept: answered, then the connection closed, not read on.
    const gzip = `GET /blog/1 HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`;
    await rawRequestsKeptAlive(app.port, [gzip, gzip, gzip]);
    const endless = await sendEndlessBody(app.port, `${gzip}\nContent-Length: 1000000000000`);
    expect(endless.head).toMatch(/^HTTP\/1\.1 200/);
    expect(endless.head).toMatch(/^Connection: close$/m);
    expect(endless.closed).toBe(true);
  });
});

/**
 * Sends `head` and then body bytes until the server closes the connection or 5 s have passed: the
 * answer's head and whether the server closed.
 */
function sendEndlessBody(port: number, head: string): Promise<{ head: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    // The body is pumped only once the head is written: a socket still connecting is writable, and
    // a chunk queued before the head made the server read "aaaa..." as a request line (405).
    let pump: NodeJS.Timeout | undefined;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`${head.replace(/\n/g, "\r\n")}\r\n\r\n`);
      pump = setInterval(() => {
        if (socket.writable) socket.write(chunk);
      }, 2);
    });
    const chunk = Buffer.alloc(65_536, 0x61);
    let received = Buffer.alloc(0);
    const finish = (closed: boolean) => {
      clearInterval(pump);
      clearTimeout(deadline);
      socket.destroy();
      const split = received.indexOf("\r\n\r\n");
      resolve({ head: received.subarray(0, split === -1 ? received.length : split).toString("latin1"), closed });
    };
    const deadline = setTimeout(() => finish(false), 5_000);
    socket.on("data", (data: Buffer) => (received = Buffer.concat([received, data])));
    socket.on("close", () => finish(true));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? finish(true) : reject(error)));
  });
}

describe("the page cache at its bound", () => {
  let app: PagesTestApp;
  beforeAll(async () => {
    app = await productionPagesApp({}, { cacheLimits: { entries: 2 } });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  it("drops the page asked for least recently", async () => {
    const host = `127.0.0.1:${app.port}`;
    const get = (path: string) => raw(app.port, `GET ${path} HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
    /** Whether the fast path answered: only a page still in the cache can be. */
    const fromCache = async (path: string) => {
      const before = app.fastPath!.counts().hits;
      await get(path);
      return app.fastPath!.counts().hits - before === 1;
    };
    await get("/blog/1");
    await get("/ja/about");
    await app.pageHandler.idle();
    // Each page once more (the chain answers and records it for the fast path), then /blog/1 again.
    await get("/ja/about");
    await get("/blog/1");
    expect(await fromCache("/blog/1")).toBe(true);
    // A third page: the cache holds two, so /ja/about, asked for least recently, goes.
    await get("/zh/pricing");
    await app.pageHandler.idle();
    expect(app.pageHandler.cacheSize()).toBe(2);
    expect(await fromCache("/blog/1")).toBe(true);
    expect(await fromCache("/ja/about")).toBe(false);
  });

  it("counts a hit answered by the fast path as asked for", async () => {
    const host = `127.0.0.1:${app.port}`;
    const get = (path: string) => raw(app.port, `GET ${path} HTTP/1.1\nHost: ${host}\nAccept-Encoding: gzip`);
    app.pageHandler.clearCache();
    // Both pages cached and their answers recorded (a miss, then the chain's hit).
    for (const path of ["/blog/1", "/ja/about"]) {
      await get(path);
      await app.pageHandler.idle();
      await get(path);
    }
    // /blog/1's last ask before the third page is one the fast path alone answers.
    const before = app.fastPath!.counts().hits;
    await get("/blog/1");
    expect(app.fastPath!.counts().hits - before).toBe(1);
    await get("/zh/pricing");
    await app.pageHandler.idle();
    const after = app.fastPath!.counts().hits;
    await get("/blog/1");
    expect(app.fastPath!.counts().hits - after).toBe(1);
  });
});
