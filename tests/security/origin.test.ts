// The server trusts only its configured origin (docs/decisions/0006-one-configured-origin.md): no
// Host header or absolute-form request-target changes a page, a cache entry, a redirect or an
// e-mail link; a Host that is not a hostname, IPv4 or bracketed IPv6 literal (optional port
// 1-65535) gets 400; methods the site does not serve get 405 with Allow; never a 500.
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { pagesApp, rawRequest, type PagesTestApp } from "./pages-app";
import { BUILD_TIMEOUT_MS, ensureProductionBuild, serverBuildEntry } from "./production-build";
import { COMMON_ERRORS } from "~/lib/http/api-error";
import { LANGUAGES } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";

const DEFAULT_ORIGIN = "http://localhost:3000";
const EVIL = "evil.example";
/** What Chromium sends when it opens an address. */
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/** Every absolute URL a page carries (canonical, hreflang, og:*, JSON-LD, share links). */
function absoluteUrls(html: string): string[] {
  return [...html.matchAll(/https?:\/\/[^"'\s<>)\\]+/g)].map((m) => m[0]);
}

function expectOnlyOrigin(html: string, origin: string, what: string) {
  expect(html, what).not.toContain(EVIL);
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  expect(canonical, `${what}: canonical`).toMatch(new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/`));
  for (const url of absoluteUrls(html).filter((u) => /hreflang|og:|canonical/.test(u) || u.includes("/blog/"))) {
    expect(url.startsWith(origin), `${what}: ${url}`).toBe(true);
  }
}

describe("one configured origin", () => {
  let build: ServerBuild;
  let app: PagesTestApp;

  beforeAll(async () => {
    await ensureProductionBuild();
    build = (await import(pathToFileURL(serverBuildEntry).href)) as ServerBuild;
    app = await pagesApp(async () => build);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => app?.close());

  it("an absolute-form request-target is reduced to its path and cannot poison the page cache", async () => {
    const poisoned = await rawRequest(app.port, `GET http://${EVIL}/blog/1 HTTP/1.1\nHost: 127.0.0.1:${app.port}`);
    expect(poisoned.status).toBe(200);
    expectOnlyOrigin(poisoned.body, DEFAULT_ORIGIN, "absolute-form answer");
    const later = await request(app, "GET", "/blog/1");
    expect(later.status).toBe(200);
    expectOnlyOrigin(String(later.body), DEFAULT_ORIGIN, "next visitor");
  });

  it("an absolute-form target reaches the API and static files like its path does", async () => {
    const me = await rawRequest(app.port, `GET http://127.0.0.1:${app.port}/api/v1/user/me HTTP/1.1\nHost: 127.0.0.1:${app.port}`);
    expect(me.status).toBe(401);
    expect(JSON.parse(me.body).error.code).toBe("unauthorized");
    for (const path of ["/api/v1/contact", "/api/v1/user/password/forgot", "/api/v1/payment/create"]) {
      const res = await rawRequest(app.port, `POST http://x${path} HTTP/1.1\nHost: 127.0.0.1:${app.port}\nContent-Type: application/json`, "{}");
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(JSON.parse(res.body).error.code, path).toBeTruthy();
    }
    const withCredentials = await rawRequest(app.port, `GET http://user:secret@127.0.0.1:${app.port}/about#frag HTTP/1.1\nHost: localhost`);
    expect(withCredentials.status).toBe(200);
    const robots = await rawRequest(app.port, `GET https://evil.example/robots.txt HTTP/1.1\nHost: localhost`);
    expect(robots.status).toBe(200);
  });

  it("POST to a page that takes no form answers 405 with Allow, not a React Router error", async () => {
    for (const target of ["/about", "/ja/pricing", "/healthz", "/robots.txt"]) {
      const res = await rawRequest(app.port, `POST ${target} HTTP/1.1\nHost: localhost\nContent-Type: application/x-www-form-urlencoded`, "a=1");
      expect(res.status, target).toBe(405);
      expect(res.headers.allow, target).toBe("GET, HEAD");
      expect(JSON.parse(res.body).error.code, target).toBe("method_not_allowed");
    }
  });

  it("a foreign Host header changes nothing in a page or for the next visitor", async () => {
    for (const target of ["/blog/1", "/ja/services/tax-consultation", "/zh/pricing", "/"]) {
      const poisoned = await rawRequest(app.port, `GET ${target} HTTP/1.1\nHost: ${EVIL}`);
      expect(poisoned.status, target).toBe(200);
      expectOnlyOrigin(poisoned.body, DEFAULT_ORIGIN, `${target} with Host ${EVIL}`);
      const later = await request(app, "GET", target);
      expectOnlyOrigin(String(later.body), DEFAULT_ORIGIN, `${target} afterwards`);
    }
  });

  it("a Host with a path cannot make one language's page serve another's", async () => {
    const attack = await rawRequest(app.port, `GET /cookies HTTP/1.1\nHost: 127.0.0.1:${app.port}/zh`);
    expect(attack.status).toBe(400);
    const zh = await request(app, "GET", "/zh/cookies");
    expect(String(zh.body)).toMatch(/<html[^>]* lang="zh/);
    const en = await request(app, "GET", "/cookies", { headers: { "Accept-Language": "en" } });
    expect(String(en.body)).toMatch(/<html[^>]* lang="en"/);
  });

  it("refuses a syntactically invalid Host with 400 and accepts every valid form", async () => {
    for (const host of ["a<b", "[::1", "127.0.0.1:99999", "localhost:0", "ex ample.com", "[::1]:70000", "evil.example/..", "a..b", "-bad.example", "host:port", "[zz::1]", "é.example", "x".repeat(300)]) {
      const res = await rawRequest(app.port, `GET /about HTTP/1.1\nHost: ${host}`);
      expect(res.status, `Host: ${host}`).toBe(400);
      expect(JSON.parse(res.body).error.code, `Host: ${host}`).toBe("invalid_host");
      expect(res.body, `Host: ${host}`).not.toMatch(/at .*\.[jt]s:\d+/);
    }
    for (const host of ["localhost", "localhost:3000", "127.0.0.1", `127.0.0.1:${app.port}`, "[::1]", "[::1]:8080", "www.example.com", "example.com.", "EXAMPLE.COM:443"]) {
      const res = await rawRequest(app.port, `GET /about HTTP/1.1\nHost: ${host}`);
      expect(res.status, `Host: ${host}`).toBe(200);
      expectOnlyOrigin(res.body, DEFAULT_ORIGIN, `Host: ${host}`);
    }
  });

  it("answers methods it does not serve with 405 and Allow, on pages and on the API; never a 500", async () => {
    for (const target of ["/", "/about", "/api/v1/user/me", "/healthz"]) {
      for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
        const res = await rawRequest(app.port, `${method} ${target} HTTP/1.1\nHost: localhost`);
        expect(res.status, `${method} ${target}`).toBe(405);
        expect(res.headers.allow, `${method} ${target}`).toBeTruthy();
        expect(JSON.parse(res.body).error.code, `${method} ${target}`).toBe("method_not_allowed");
      }
    }
    // An API path that does not exist is not there whatever the method (server/api-method-check.ts).
    for (const method of ["TRACE", "PUT", "PROPFIND"]) {
      const res = await rawRequest(app.port, `${method} /api/v1/nothing HTTP/1.1\nHost: localhost`);
      expect(res.status, method).toBe(404);
      expect(JSON.parse(res.body).error.code, method).toBe("not_found");
    }
    const options = await rawRequest(app.port, "OPTIONS /about HTTP/1.1\nHost: localhost");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toContain("GET");
  });

  it("answers a malformed request line or target with 400, not a 500", async () => {
    for (const head of ["GET * HTTP/1.1\nHost: localhost", "GET http://[::1/about HTTP/1.1\nHost: localhost", "GET /%E0%A4%A HTTP/1.1\nHost: localhost", "GET /%09/ HTTP/1.1\nHost: localhost", "GET /en%2eevil.example/%20//%09%0A HTTP/1.1\nHost: localhost", "GET /ja/%00 HTTP/1.1\nHost: localhost"]) {
      const res = await rawRequest(app.port, head);
      expect(res.status, head).toBeGreaterThanOrEqual(400);
      expect(res.status, head).toBeLessThan(500);
    }
  });

  it("refuses a request for a page under /ja or /zh in that language, whatever the browser or cookie says", async () => {
    // Found by a helper's attack: these answered in English, the language of the headers, on URLs that name Japanese.
    const cases: [string, string, string][] = [
      ["POST /ja/about HTTP/1.1\nHost: localhost\nContent-Type: application/x-www-form-urlencoded", "a=1", "このメソッドはここでは使用できません。"],
      ["PUT /zh/pricing HTTP/1.1\nHost: localhost\nAccept-Language: ja\nCookie: selectedLanguage=en", "", "此处不允许使用该请求方法。"],
      ["GET /ja/%00 HTTP/1.1\nHost: localhost\nAccept-Language: en", "", "リクエストの形式が正しくありません。"],
      ["GET /zh/about HTTP/1.1\nHost: ev<il>.com", "", "请求的 Host 标头不是有效的主机名。"],
    ];
    for (const [head, body, message] of cases) {
      const res = await rawRequest(app.port, head, body);
      expect(JSON.parse(res.body).error.message, head).toBe(message);
    }
    // An unprefixed page and the API keep the request's own language.
    const english = await rawRequest(app.port, "PUT /about HTTP/1.1\nHost: localhost\nAccept-Language: zh");
    expect(JSON.parse(english.body).error.message).toBe("此处不允许使用该请求方法。");
  });

  it("an absolute-form target that cannot be parsed gets the edge's 400, with the site's security headers, on pages and the API", async () => {
    // Express's router cannot read such a target either: it used to skip every middleware and answer
    // its own HTML 404, without the security headers or a log line.
    for (const target of ["http://[::1/about", "http://[::1/api/v1/user/me", "https://[/ja", "http://a:99999/about"]) {
      for (const method of ["GET", "POST"]) {
        const head = `${method} ${target} HTTP/1.1\nHost: localhost\nAccept-Language: ja${method === "POST" ? "\nContent-Type: application/json" : ""}`;
        const res = await rawRequest(app.port, head, method === "POST" ? "{}" : "");
        expect(res.status, head).toBe(400);
        expect(JSON.parse(res.body).error.code, head).toBe("bad_request");
        expect(JSON.parse(res.body).error.message, head).not.toMatch(/^[\x20-\x7e]*$/);
        expect(res.headers["x-frame-options"], head).toBe("SAMEORIGIN");
        expect(res.headers["content-security-policy"], head).toContain("frame-ancestors 'none'");
      }
    }
  });

  it("an absolute-form target with a dot segment is refused like the same path in origin form", async () => {
    for (const path of ["/%2e%2e/api/v1/user/me", "/blog/..", "/x/%2E./about", "/a/./about", "/ja/services/%2e%2e"]) {
      const origin = await rawRequest(app.port, `GET ${path} HTTP/1.1\nHost: localhost`);
      const absolute = await rawRequest(app.port, `GET http://localhost${path} HTTP/1.1\nHost: localhost`);
      expect(origin.status, path).toBe(400);
      expect(absolute.status, `http://localhost${path}`).toBe(400);
      expect(JSON.parse(absolute.body).error.code, path).toBe("bad_request");
    }
  });

  it("refuses a path with a dot segment or a backslash with 400: no browser sends one, and the renderer would read another path", async () => {
    for (const path of ["/blog/..", "/ja/services/%2e%2e", "/a/./about", "/services/x\\..", "/portfolio/%2E", "/x/%2e./about", "/about\\"]) {
      const res = await rawRequest(app.port, `GET ${path} HTTP/1.1\nHost: localhost`);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).error.code, path).toBe("bad_request");
    }
    // Dots inside a segment are a name like any other.
    for (const path of ["/...", "/blog/1.", "/.well-known/x"]) {
      const res = await rawRequest(app.port, `GET ${path} HTTP/1.1\nHost: localhost`);
      expect(res.status, path).toBe(404);
    }
  });

  it("a browser gets a refused page address as a page in its language, with the same headers; the API and JSON clients keep the JSON", async () => {
    // Found by a stranger: /ja/%ZZ showed the browser the refusal's raw JSON.
    for (const [path, lang, status] of [
      ["GET /ja/%ZZ", "ja", 400],
      ["GET /zh/blog/%00", "zh", 400],
      ["GET /blog/..", "en", 400],
      ["DELETE /ja/about", "ja", 405],
    ] as const) {
      const res = await rawRequest(app.port, `${path} HTTP/1.1\nHost: localhost\nAccept: ${BROWSER_ACCEPT}`);
      expect(res.status, path).toBe(status);
      expect(res.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(res.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(res.body, path).toContain(`<html lang="${LANGUAGES.find((l) => l.code === lang)!.tag}">`);
      expect(res.body, path).toContain(status === 400 ? COMMON_ERRORS.badRequest[lang] : COMMON_ERRORS.methodNotAllowed[lang]);
      expect(res.body, path).toContain(`href="${localePath(lang, "/")}"`);
    }
    expect((await rawRequest(app.port, `DELETE /about HTTP/1.1\nHost: localhost\nAccept: ${BROWSER_ACCEPT}`)).headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    for (const head of [`GET /api/v1/%ZZ HTTP/1.1\nHost: localhost\nAccept: ${BROWSER_ACCEPT}`, "GET /ja/%ZZ HTTP/1.1\nHost: localhost\nAccept: */*", "GET /ja/%ZZ HTTP/1.1\nHost: localhost"]) {
      const res = await rawRequest(app.port, head);
      expect(res.status, head).toBe(400);
      expect(JSON.parse(res.body).error.code, head).toBe("bad_request");
    }
    // An API path written with doubled or escaped slashes keeps the API's JSON 404 (found by a review).
    for (const path of ["//api/v1/user/me", "/api%2fv1/user/me"]) {
      const res = await rawRequest(app.port, `GET ${path} HTTP/1.1\nHost: localhost\nAccept: ${BROWSER_ACCEPT}`);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body).error.code, path).toBe("not_found");
    }
  });

  describe("with SITE_URL", () => {
    let configured: PagesTestApp;
    beforeAll(async () => {
      configured = await pagesApp(async () => build, { SITE_URL: "https://www.taxatlas.example/" });
    });
    afterAll(() => configured?.close());

    it("every absolute URL of a page, the sitemap and robots.txt comes from SITE_URL", async () => {
      const page = await rawRequest(configured.port, `GET http://${EVIL}/ja/blog/1 HTTP/1.1\nHost: ${EVIL}`);
      expectOnlyOrigin(page.body, "https://www.taxatlas.example", "/ja/blog/1");
      const sitemap = await rawRequest(configured.port, `GET /sitemap.xml HTTP/1.1\nHost: ${EVIL}`);
      expect(sitemap.body).not.toContain(EVIL);
      expect(sitemap.body).toContain("<loc>https://www.taxatlas.example/ja/about</loc>");
      const robots = await rawRequest(configured.port, `GET /robots.txt HTTP/1.1\nHost: ${EVIL}`);
      expect(robots.body).toContain("Sitemap: https://www.taxatlas.example/sitemap.xml");
    });
  });
});

describe("e-mail links", () => {
  let app: TestApp;
  afterAll(() => app?.close());

  for (const [name, env, origin] of [
    ["without SITE_URL: the origin printed at start-up", {}, DEFAULT_ORIGIN],
    ["with SITE_URL", { SITE_URL: "https://www.taxatlas.example" }, "https://www.taxatlas.example"],
  ] as const) {
    it(`a forgot-password request with a foreign Host mails a link to the configured origin (${name})`, async () => {
      app = await createTestApp({ RATE_LIMITS: "false", ...env });
      await request(app, "POST", "/api/v1/user/register", { body: { email: "victim@example.test", password: "long-enough-1" } });
      const port = Number(new URL(await app.url()).port);
      const res = await rawRequest(
        port,
        "POST /api/v1/user/password/forgot HTTP/1.1\nHost: attacker.example\nContent-Type: application/json",
        JSON.stringify({ email: "victim@example.test" }),
      );
      expect(res.status).toBe(202);
      expect(app.mails).toHaveLength(1);
      expect(app.mails[0]!.text).not.toContain("attacker.example");
      expect(app.mails[0]!.text).toContain(`${origin}/reset-password?token=`);
      await app.close();
    });
  }
});

