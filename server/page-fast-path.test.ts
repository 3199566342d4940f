// The fast path for cached pages (server/page-fast-path.ts) answers byte for byte what the full
// middleware chain answers (headers in the same order and case, same body), for every variant of
// request, and leaves to the chain whatever it must decide itself (redirects, refusals, queries).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionPagesApp, type PagesTestApp } from "~/tests/security/pages-app";
import { BUILD_TIMEOUT_MS } from "~/tests/security/production-build";
import { rawRequest } from "~/tests/helpers/raw-http";

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
    ["deflate only (no precompressed body fits)", "Accept-Encoding: deflate"],
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
          // The deflate-only client gets a body compressed on the fly by the chain: never replayed.
          const onTheFly = method === "GET" && what.startsWith("deflate");
          expect(answered, `${method} ${path} ${what}: answered by the fast path`).toBe(onTheFly ? 0 : 1);
        }
      }
    });
  }

  it("leaves redirects, refusals and queries to the chain", async () => {
    const japanese = await raw(app.port, `GET /blog/1 HTTP/1.1\nHost: ${host}\nCookie: selectedLanguage=ja`);
    expect(japanese.head).toMatch(/^HTTP\/1\.1 302/);
    expect(japanese.head).toMatch(/^location: \/ja\/blog\/1$/im);
    const badHost = await raw(app.port, `GET /blog/1 HTTP/1.1\nHost: a<b`);
    expect(badHost.head).toMatch(/^HTTP\/1\.1 400/);
    const absolute = await raw(app.port, `GET http://evil.example/blog/1 HTTP/1.1\nHost: ${host}`);
    expect(absolute.head).toMatch(/^HTTP\/1\.1 200/);
    expect(absolute.body.toString("utf8")).not.toContain("evil.example");
    const before = app.fastPath!.counts();
    const query = await raw(app.port, `GET /blog/1?x=1 HTTP/1.1\nHost: ${host}`);
    expect(query.head).toMatch(/^HTTP\/1\.1 200/);
    const post = await raw(app.port, `POST /blog/1 HTTP/1.1\nHost: ${host}\nContent-Length: 0`);
    expect(post.head).toMatch(/^HTTP\/1\.1 405/);
    expect(app.fastPath!.counts()).toEqual(before);
  });
});
