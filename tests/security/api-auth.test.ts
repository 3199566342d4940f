// Every /api/v1 route has a recorded access rule (tests/security/api-routes.ts), the table matches
// the routes the app really registers, and every protected route refuses a missing, malformed,
// expired, revoked or (for admin routes) non-admin token with 401/403 and {error:{code,message}}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { API_ROUTES, registeredApiRoutes, routeKey, routeUrl, type ApiRoute } from "./api-routes";
import { expireToken, logIn, signUp, signUpAdmin, type TestSession } from "./session-helpers";

function expectRefusal(res: { status: number; body: any }, status: 401 | 403, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.body?.success, what).toBe(false);
  expect(typeof res.body?.error?.code, what).toBe("string");
  expect(res.body.error.code, what).toBe(status === 401 ? "unauthorized" : "forbidden");
  expect(typeof res.body.error.message, what).toBe("string");
  expect(res.body.error.message.length, what).toBeGreaterThan(0);
}

function call(app: TestApp, route: ApiRoute, init: { token?: string; headers?: Record<string, string> } = {}) {
  return request(app, route.method, routeUrl(route), { body: route.body, token: init.token, headers: init.headers });
}

describe("API access table", () => {
  it("lists every /api/v1 route the app registers, and nothing else", async () => {
    const app = await createTestApp();
    try {
      const registered = registeredApiRoutes(app.app);
      const listed = API_ROUTES.map(routeKey).sort();
      expect(registered.length).toBeGreaterThan(10);
      expect(registered.filter((key) => !listed.includes(key)), "routes missing from tests/security/api-routes.ts").toEqual([]);
      expect(listed.filter((key) => !registered.includes(key)), "routes in the table that the app does not register").toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe("protected routes refuse bad tokens", () => {
  let app: TestApp;
  let member: TestSession;
  let admin: TestSession;
  let expiredMember: string;
  let expiredAdmin: string;
  let revokedMember: string;
  let revokedAdmin: string;

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    member = await signUp(app);
    admin = await signUpAdmin(app);
    expiredMember = await logIn(app, member);
    expiredAdmin = await logIn(app, admin);
    await expireToken(app, expiredMember);
    await expireToken(app, expiredAdmin);
    // Revoked the way a user revokes a token: by logging out with it.
    revokedMember = await logIn(app, member);
    revokedAdmin = await logIn(app, admin);
    for (const token of [revokedMember, revokedAdmin]) {
      const res = await request(app, "POST", "/api/v1/user/logout", { token, body: {} });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => app?.close());

  const protectedRoutes = API_ROUTES.filter((r) => r.access === "user" || r.access === "admin");

  it("has protected routes to check", () => {
    expect(protectedRoutes.length).toBeGreaterThan(10);
  });

  for (const route of protectedRoutes) {
    describe(`${route.method} ${route.path} (${route.access})`, () => {
      it("refuses a missing token with 401", async () => {
        expectRefusal(await call(app, route), 401, "no Authorization header");
      });

      it("refuses malformed tokens with 401", async () => {
        const headers = [
          "Bearer",
          "Bearer ",
          "Basic YWRtaW46YWRtaW4=",
          "Token abc",
          "Bearer not-a-real-token",
          `Bearer ${"A".repeat(5000)}`,
          "Bearer ' OR '1'='1",
          "Bearer null",
          `Bearer ${member.token}x`,
          `Bearer ${member.token.slice(0, -1)}`,
          `${member.token}`,
        ];
        for (const authorization of headers) {
          expectRefusal(await call(app, route, { headers: { Authorization: authorization } }), 401, authorization.slice(0, 40));
        }
      });

      it("refuses an expired token with 401", async () => {
        const token = route.access === "admin" ? expiredAdmin : expiredMember;
        expectRefusal(await call(app, route, { token }), 401, "expired");
      });

      it("refuses a revoked token with 401", async () => {
        const token = route.access === "admin" ? revokedAdmin : revokedMember;
        expectRefusal(await call(app, route, { token }), 401, "revoked");
      });

      if (route.access === "admin") {
        it("refuses a member's valid token with 403", async () => {
          expectRefusal(await call(app, route, { token: member.token }), 403, "non-admin");
        });
      }

      if (route.method === "GET") {
        it("accepts a valid token of the right role", async () => {
          const res = await call(app, route, { token: route.access === "admin" ? admin.token : member.token });
          expect([401, 403]).not.toContain(res.status);
          expect(res.status).toBeLessThan(500);
        });
      }
    });
  }

  it("the webhook refuses an unsigned event and changes nothing", async () => {
    const webhook = API_ROUTES.find((r) => r.access === "signature")!;
    const res = await request(app, webhook.method, webhook.path, {
      raw: JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: { id: "pi_forged" } } }),
      headers: { "Content-Type": "application/json" },
    });
    // Test mode has no webhook (404); with Stripe, a missing signature is a 400. Never a success.
    expect([400, 404, 503]).toContain(res.status);
    expect(res.body?.error?.code).toEqual(expect.any(String));
  });
});
