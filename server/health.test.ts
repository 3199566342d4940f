import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { COMMON_ERRORS } from "~/lib/http/api-error";
import { rawRequest } from "~/tests/security/pages-app";

describe("health checks", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("answers /healthz while the process is up", async () => {
    app = await createTestApp();
    const res = await request(app, "GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers /readyz when the database is reachable", async () => {
    app = await createTestApp();
    const res = await request(app, "GET", "/readyz");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready");
  });

  it("answers /readyz with 503 when the database is not reachable", async () => {
    app = await createTestApp();
    app.appContext.database.ping = async () => {
      throw new Error("down");
    };
    const res = await request(app, "GET", "/readyz");
    expect(res.status).toBe(503);
  });

  it("answers unknown API paths with a translated JSON 404", async () => {
    app = await createTestApp();
    const res = await request(app, "GET", "/api/v1/nothing", { headers: { "Accept-Language": "ja" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(res.body.error.message).toMatch(/API/);
  });

  it("answers a known API path called with another method with a translated 405 and Allow", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/user/me", { headers: { "Accept-Language": "zh" } });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe("method_not_allowed");
    expect(res.body.error.message).toBe("此处不允许使用该请求方法。");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const get = await request(app, "GET", "/api/v1/contact");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    const param = await request(app, "POST", "/api/v1/ai/threads/123");
    expect(param.status).toBe(405);
    expect(param.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await request(app, "GET", "/api/v1/user/nothing-here")).status).toBe(404);
  });

  it("answers OPTIONS on an API path with the methods that path takes, as its 405 does", async () => {
    // Found by a helper's attack: OPTIONS said "GET, HEAD, POST, OPTIONS" where the 405 said "POST".
    app = await createTestApp();
    for (const [path, allow] of [
      ["/api/v1/contact", "POST, OPTIONS"],
      ["/api/v1/user/me", "GET, HEAD, OPTIONS"],
      ["/api/v1/ai/threads/123", "GET, HEAD, OPTIONS"],
    ] as const) {
      const res = await request(app, "OPTIONS", path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("allow"), path).toBe(allow);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    const unknown = await request(app, "OPTIONS", "/api/v1/nothing", { headers: { "Accept-Language": "ja" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
  });

  it("answers any method a known API path does not take 405 with that path's own Allow, and an unknown path 404", async () => {
    // Found by an attack: PUT on /api/v1/user/me said "GET, HEAD, POST, OPTIONS" (the pages' list),
    // POST on it "GET, HEAD" and OPTIONS "GET, HEAD, OPTIONS"; PUT on an unknown API path was 405.
    app = await createTestApp();
    for (const [path, allow] of [
      ["/api/v1/user/me", "GET, HEAD, OPTIONS"],
      ["/api/v1/user/login", "POST, OPTIONS"],
    ] as const) {
      for (const method of ["PUT", "DELETE", "PATCH", "GET", "POST"]) {
        if (allow.includes(method)) continue;
        const res = await request(app, method, path, { headers: { "Accept-Language": "zh" } });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
        expect(res.body.error.code, `${method} ${path}`).toBe("method_not_allowed");
        expect(res.body.error.message, `${method} ${path}`).toBe("此处不允许使用该请求方法。");
      }
    }
    for (const method of ["PUT", "DELETE", "GET"]) {
      const unknown = await request(app, method, "/api/v1/does-not-exist");
      expect(unknown.status, method).toBe(404);
      expect(unknown.body.error.code, method).toBe("not_found");
    }
  });

  it("answers an API path written with doubled or escaped slashes with the API's JSON 404, not the HTML page", async () => {
    // Found by an attack: //api/v1/user/me got the site's HTML not-found page.
    app = await createTestApp();
    const port = Number(new URL(await app.url()).port);
    for (const path of ["//api/v1/user/me", "///api/v1/user/login", "/api%2fv1/user/me", "/API%2Fv1/nope"]) {
      const res = await rawRequest(port, `GET ${path} HTTP/1.1\nHost: localhost\nAccept-Language: ja`);
      expect(res.status, path).toBe(404);
      expect(res.headers["content-type"], path).toBe("application/json; charset=utf-8");
      expect(JSON.parse(res.body).error.code, path).toBe("not_found");
    }
    // A page path so written is still the site's page answer (a redirect or the HTML page).
    const page = await rawRequest(port, "GET //about HTTP/1.1\nHost: localhost");
    expect(page.headers["content-type"] ?? "text/html").toMatch(/text\/html/);
  });

  it("says why a body cannot be read: a charset or encoding it does not take, a body that is not JSON, a compressed body that is not", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const login = JSON.stringify({ email: "ada@example.com", password: "correct horse battery" });
    const cases: [string, Record<string, string>, string, number, string][] = [
      ["latin1 charset", { "Content-Type": "application/json; charset=latin1" }, login, 415, "unsupported_media_type"],
      ["unknown Content-Encoding", { "Content-Type": "application/json", "Content-Encoding": "foo" }, login, 415, "unsupported_media_type"],
      // JSON sent as text: the body was ignored and the member told that fields they sent were missing.
      ["text/plain", { "Content-Type": "text/plain" }, login, 415, "unsupported_media_type"],
      ["form", { "Content-Type": "application/x-www-form-urlencoded" }, "email=ada%40example.com&password=x", 415, "unsupported_media_type"],
      ["deflate that is not", { "Content-Type": "application/json", "Content-Encoding": "deflate" }, login, 400, "bad_request"],
    ];
    for (const [name, headers, raw, status, code] of cases) {
      const res = await request(app, "POST", "/api/v1/user/login", { raw, headers: { ...headers, "Accept-Language": "ja" } });
      expect(res.status, name).toBe(status);
      expect(res.body.error.code, name).toBe(code);
      expect(res.body.error.message, name).not.toBe(COMMON_ERRORS.validation.ja);
      expect(res.body.error.message, name).toMatch(/[\u3040-\u30ff]/);
    }
    // Still read: JSON with its charset spelled out, and a POST without a body.
    expect((await request(app, "POST", "/api/v1/user/login", { raw: login, headers: { "Content-Type": "application/json; charset=UTF-8" } })).status).toBe(401);
    expect((await request(app, "POST", "/api/v1/user/logout")).status).toBe(401);
  });

  it("answers a body that is not JSON with 400 and an over-limit body with 413", async () => {
    app = await createTestApp();
    const bad = await request(app, "POST", "/api/v1/contact", {
      raw: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    // JSON that is not an object (`null`, a string, a number, an array) is valid JSON: the answer says what
    // is wrong (found by an attacker: an array was told of a field named "_").
    for (const raw of ["null", '"x"', "42", "true", "[]", '[{"name":"Ada"}]']) {
      const scalar = await request(app, "POST", "/api/v1/contact", { raw, headers: { "Content-Type": "application/json", "Accept-Language": "ja" } });
      expect(scalar.status, raw).toBe(400);
      expect(scalar.body.error.code, raw).toBe("invalid_json");
      expect(scalar.body.error.message, raw).toBe("リクエスト本文は JSON オブジェクトである必要があります。");
    }
    const big = await request(app, "POST", "/api/v1/contact", {
      raw: JSON.stringify({ message: "x".repeat(400_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("payload_too_large");
  });

  it("sets security headers", async () => {
    app = await createTestApp();
    const res = await request(app, "GET", "/api/v1/nothing");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("content-security-policy")).not.toContain("unsafe-inline' 'self'");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});
