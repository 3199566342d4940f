import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

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
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    const get = await request(app, "GET", "/api/v1/contact");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const param = await request(app, "POST", "/api/v1/ai/threads/123");
    expect(param.status).toBe(405);
    expect(param.headers.get("allow")).toBe("GET, HEAD");
    expect((await request(app, "GET", "/api/v1/user/nothing-here")).status).toBe(404);
  });

  it("answers a body that is not JSON with 400 and an over-limit body with 413", async () => {
    app = await createTestApp();
    const bad = await request(app, "POST", "/api/v1/contact", {
      raw: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
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
