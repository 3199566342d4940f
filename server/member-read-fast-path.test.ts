// The member-read fast path (server/member-read-fast-path.ts) answers what the full chain answers:
// the same header lines (in its own order) and the same body, for every encoding and over TLS at a
// proxy; and it leaves to the chain every request it must not decide itself.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiQuestions, payments } from "~/db/schema";
import { createApp } from "~/server/app";
import { countStatements } from "~/tests/helpers/count-statements";
import { rawRequest, type RawAnswer } from "~/tests/helpers/raw-http";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

const READS = ["/api/v1/user/me", "/api/v1/ai/history", "/api/v1/ai/history?limit=2", "/api/v1/payment/history", "/api/v1/account"];

const lines = (answer: RawAnswer) => answer.head.split("\r\n").sort();
const decoded = (answer: RawAnswer): string => {
  const encoding = /^content-encoding: (\S+)$/im.exec(answer.head)?.[1];
  const body = /^transfer-encoding: chunked$/im.test(answer.head) ? unchunk(answer.body) : answer.body;
  if (encoding === "gzip") return zlib.gunzipSync(body).toString();
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString();
  if (encoding === "deflate") return zlib.inflateSync(body).toString();
  return body.toString();
};
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; ;) {
    const end = body.indexOf("\r\n", at);
    const size = parseInt(body.subarray(at, end).toString(), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

describe("fast path for a member's reads", { timeout: 60_000 }, () => {
  let app: TestApp;
  let chain: http.Server;
  let fast: http.Server;
  let token: string;
  const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMITS: "false", TRUST_PROXY: "loopback" });
    const res = await request(app, "POST", "/api/v1/user/register", {
      body: { email: `fast-${Date.now()}@example.test`, password: "correct horse battery" },
      headers: { "Accept-Language": "en" },
    });
    token = res.body.token;
    const userId = res.body.user.id as string;
    // Enough rows for the history and the purchases to pass compression's 1 KB threshold.
    for (let i = 0; i < 4; i++) {
      await app.appContext.db
        .insert(aiQuestions)
        .values({
          userId,
          topic: "tax-consultation",
          lang: "en",
          question: `Question ${i}?`,
          answer: "An answer. ".repeat(30),
          status: "answered",
        });
      await app.appContext.db.insert(payments).values({
        userId,
        package: "basic",
        amountCents: 1000,
        currency: "usd",
        credits: 10,
        status: "succeeded",
        provider: "test",
        idempotencyKey: `fast-${i}`,
        country: "JP",
        receiptNumber: 100 + i,
      });
    }
    // The same services twice: the chain alone, and with the fast path in front of it.
    chain = http.createServer(createApp({ appContext: app.appContext, memberReadFastPath: false }).app);
    fast = http.createServer(createApp({ appContext: app.appContext }).app);
    for (const server of [chain, fast]) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const server of [chain, fast]) await new Promise<void>((resolve) => server?.close(() => resolve()));
    await app?.close();
  });

  const ask = (server: http.Server, path: string, extra = "", method = "GET") =>
    rawRequest(
      portOf(server),
      `${method} ${path} HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}\nAuthorization: Bearer ${token}\nAccept-Language: en${extra ? `\n${extra}` : ""}`,
    );

  const VARIANTS = [
    ["identity", ""],
    ["gzip", "Accept-Encoding: gzip, deflate"],
    ["br preferred", "Accept-Encoding: gzip, deflate, br"],
    ["deflate only", "Accept-Encoding: deflate"],
    ["over TLS at the proxy", "Accept-Encoding: gzip\nX-Forwarded-Proto: https"],
  ] as const;

  it("answers every read with the chain's header lines and body", async () => {
    for (const path of READS) {
      for (const [name, extra] of VARIANTS) {
        await ask(fast, path, extra); // the first 200 of a variant is the chain's, recorded
        const expected = await ask(chain, path, extra);
        const actual = await ask(fast, path, extra);
        expect(expected.head, `${path} ${name}`).toMatch(/^HTTP\/1.1 200 OK/);
        expect(lines(actual), `${path} ${name}`).toEqual(lines(expected));
        expect(decoded(actual), `${path} ${name}`).toBe(decoded(expected));
      }
    }
    // The histories and purchases here are compressed when asked, as the chain compresses them.
    expect((await ask(fast, "/api/v1/ai/history", "Accept-Encoding: gzip")).head).toMatch(/^content-encoding: gzip$/im);
  });

  it("leaves to the chain what it must decide itself", async () => {
    const handle = createApp({ appContext: app.appContext });
    const server = http.createServer(handle.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const via = (path: string, extra = "", method = "GET") => ask(server, path, extra, method);
      await via("/api/v1/user/me");
      await via("/api/v1/account");
      const answered = () => handle.memberReadFastPath!.counts().answered;
      const start = answered();
      expect((await via("/api/v1/user/me")).head).toMatch(/^HTTP\/1.1 200/);
      expect(answered()).toBe(start + 1);
      // No session, an unknown one, a bad limit, a conditional request, HEAD: the chain's answers.
      const noToken = await rawRequest(portOf(server), `GET /api/v1/user/me HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}`);
      expect(noToken.head).toMatch(/^HTTP\/1.1 401/);
      const unknown = await rawRequest(
        portOf(server),
        `GET /api/v1/account HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}\nAuthorization: Bearer ${"x".repeat(43)}`,
      );
      expect(unknown.head).toMatch(/^HTTP\/1.1 401/);
      expect(JSON.parse(unknown.body.toString()).error.code).toBe("unauthorized");
      expect((await via("/api/v1/ai/history?limit=x")).head).toMatch(/^HTTP\/1.1 400/);
      expect((await via("/api/v1/ai/history?limit=99")).head).toMatch(/^HTTP\/1.1 400/);
      const etag = /^etag: (.+)$/im.exec((await via("/api/v1/user/me")).head)![1]!;
      expect((await via("/api/v1/user/me", `If-None-Match: ${etag}`)).head).toMatch(/^HTTP\/1.1 304/);
      expect((await via("/api/v1/user/me", "", "HEAD")).head).toMatch(/^HTTP\/1.1 200/);
      expect((await via("/api/v1/user/me", "", "POST")).head).toMatch(/^HTTP\/1.1 405/);
      // A Host the request edge refuses is refused, not answered.
      const badHost = await rawRequest(portOf(server), `GET /api/v1/user/me HTTP/1.1\nHost: bad host\nAuthorization: Bearer ${token}`);
      expect(badHost.head).toMatch(/^HTTP\/1.1 400/);
      // The account read in another language remembers it: the chain writes, then answers.
      const zh = await rawRequest(
        portOf(server),
        `GET /api/v1/account HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}\nAuthorization: Bearer ${token}\nAccept-Language: zh`,
      );
      expect(JSON.parse(zh.body.toString()).account.lang).toBe("zh");
      const again = await rawRequest(
        portOf(server),
        `GET /api/v1/account HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}\nAuthorization: Bearer ${token}\nAccept-Language: zh`,
      );
      expect(JSON.parse(again.body.toString()).account.lang).toBe("zh");
      expect(handle.memberReadFastPath!.counts().toChain).toBeGreaterThanOrEqual(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("leaves a GET that carries a body to the chain, which answers it without reading the body", async () => {
    // Both servers have answered these reads and an unknown token's 401 before (the fast path has their headers).
    const unknownToken = `Authorization: Bearer ${"u".repeat(43)}`;
    for (const server of [chain, fast]) {
      for (const path of ["/api/v1/user/me", "/api/v1/account"]) await ask(server, path);
      for (let i = 0; i < 2; i++) await rawRequest(portOf(server), `GET /api/v1/user/me HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}\n${unknownToken}`);
    }
    const withBody = (server: http.Server, path: string, auth: string, body: string) =>
      rawRequest(
        portOf(server),
        `GET ${path} HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}\n${auth}\nContent-Type: application/json\nContent-Length: ${Buffer.byteLength(body)}`,
        body,
      );
    const cases = [
      // No GET route reads a body (server/app.ts): neither its language nor a malformed one changes the answer.
      ["/api/v1/user/me", unknownToken, '{"lang":"ja"}', 401],
      ["/api/v1/user/me", `Authorization: Bearer ${token}`, "{bad:", 200],
      ["/api/v1/ai/history", `Authorization: Bearer ${token}`, "[1,", 200],
    ] as const;
    for (const [path, auth, body, status] of cases) {
      const expected = await withBody(chain, path, auth, body);
      const answer = await withBody(fast, path, auth, body);
      expect(expected.head, `${path} ${body}`).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(lines(answer), `${path} ${body}`).toEqual(lines(expected));
      expect(decoded(answer), `${path} ${body}`).toBe(decoded(expected));
    }
  });

  it("answers an unknown token's 401 itself once the chain has given one, as the chain answers it", async () => {
    // The chain's 401 costs about twice the lookup (docs/performance.md, "what an unknown token's
    // 401 costs"): after the first, the fast path replays its header lines with the same error body.
    const handle = createApp({ appContext: app.appContext });
    const server = http.createServer(handle.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const bogus = (target: http.Server, path: string, extra: string) =>
      rawRequest(portOf(target), `GET ${path} HTTP/1.1\nHost: 127.0.0.1:${portOf(target)}\nAuthorization: Bearer ${"z".repeat(43)}\n${extra}`);
    const refused = () => handle.memberReadFastPath!.counts().refused;
    try {
      for (const path of READS) {
        for (const extra of ["Accept-Language: en", "Accept-Language: ja", "Accept-Language: zh\nAccept-Encoding: gzip, br\nX-Forwarded-Proto: https"]) {
          const first = await bogus(server, path, extra); // the chain's 401, recorded
          const before = refused();
          const actual = await bogus(server, path, extra);
          const expected = await bogus(chain, path, extra);
          expect(first.head, `${path} ${extra}`).toMatch(/^HTTP\/1.1 401/);
          expect(lines(actual), `${path} ${extra}`).toEqual(lines(expected));
          expect(actual.body.toString(), `${path} ${extra}`).toBe(expected.body.toString());
          expect(refused(), `${path} ${extra}`).toBe(before + 1);
        }
      }
      // No Authorization header at all is still the chain's to answer.
      const before = refused();
      const none = await rawRequest(portOf(server), `GET /api/v1/user/me HTTP/1.1\nHost: 127.0.0.1:${portOf(server)}`);
      expect(none.head).toMatch(/^HTTP\/1.1 401/);
      expect(refused()).toBe(before);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("looks an unknown token up once: the chain answers its 401 without asking again", async () => {
    // A made-up token was looked up by the fast path, then again by the chain's router: two
    // statements for every request of a flood of them (docs/performance.md, "What a request costs").
    for (const path of READS) {
      await ask(fast, path); // the chain's first 200, recorded
      const counted = countStatements(app.appContext);
      try {
        const unknown = await rawRequest(
          portOf(fast),
          `GET ${path} HTTP/1.1\nHost: 127.0.0.1:${portOf(fast)}\nAuthorization: Bearer ${"y".repeat(43)}\nAccept-Language: ja`,
        );
        expect(unknown.head, path).toMatch(/^HTTP\/1.1 401/);
        const expected = await rawRequest(
          portOf(chain),
          `GET ${path} HTTP/1.1\nHost: 127.0.0.1:${portOf(chain)}\nAuthorization: Bearer ${"y".repeat(43)}\nAccept-Language: ja`,
        );
        expect(lines(unknown), path).toEqual(lines(expected));
        expect(unknown.body.toString(), path).toBe(expected.body.toString());
        // One lookup by the fast path, one by the chain alone for the comparison.
        expect(counted.statements, path).toHaveLength(2);
      } finally {
        counted.stop();
      }
    }
  });
});
