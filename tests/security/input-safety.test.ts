// Hostile input: stored XSS attempts in every free-text field come back from the API as the exact
// JSON strings that were sent (the pages render them as text: tests/e2e/security.spec.ts), SQL
// injection strings are inert (no 500, no extra rows, never in a statement's SQL), and bodies over the limit get 413.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, users } from "~/db/schema";
import { SseParser } from "~/lib/ai/sse";
import { startFakeOpenAI, type FakeOpenAI } from "~/tests/fakes/fake-openai";
import { countStatements } from "~/tests/helpers/count-statements";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { API_ROUTES, routeUrl } from "./api-routes";
import { signUp, signUpAdmin, type TestSession } from "./session-helpers";

export const XSS_PAYLOADS = [
  "<script>alert('xss-1')</script>",
  '"><img src=x onerror=alert("xss-2")>',
  "<svg/onload=alert(3)>",
  "javascript:alert(4)",
  "</textarea><script>document.title='pwned'</script>",
  "{{constructor.constructor('alert(6)')()}}",
  "<a href=\"javascript:alert(7)\">click</a> & &amp; &lt;b&gt;",
];

export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "admin'--",
  "'; DROP TABLE users; --",
  "\" OR \"\"=\"",
  "1; SELECT pg_sleep(3)--",
  "' UNION SELECT email, password_hash FROM users --",
  "%' OR email LIKE '%",
  "\\'; DELETE FROM sessions; --",
  "' AND (SELECT COUNT(*) FROM users) > 0 --",
];

function noLeak(body: unknown) {
  const text = JSON.stringify(body ?? "");
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/password_hash|passwordHash/);
  expect(text).not.toMatch(/syntax error|pg_|relation "|drizzle|at .*\.js:\d+/i);
}

async function askQuestion(app: TestApp, token: string, question: string) {
  const response = await fetch(`${await app.url()}/api/v1/ai/ask`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ topic: "tax-consultation", question, lang: "en" }),
  });
  const parser = new SseParser();
  const events = parser.push(await response.text());
  return { status: response.status, events };
}

describe("stored XSS attempts stay plain strings", () => {
  let fake: FakeOpenAI;
  let app: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    app = await createTestApp({ RATE_LIMITS: "false", AI_API_KEY: "test-key", AI_BASE_URL: fake.baseURL, AI_MAX_RETRIES: "0", STARTING_CREDITS: "20" });
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it("contact message fields: stored and listed for the admin exactly as sent", async () => {
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const res = await request(app, "POST", "/api/v1/contact", {
        body: { name: payload.slice(0, 100), email: `xss${index}@example.test`, company: payload, subject: payload, message: payload, service: "general" },
      });
      expect(res.status, payload).toBe(201);
    }
    const list = await request(app, "GET", "/api/v1/admin/messages?pageSize=100", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toMatch(/^application\/json/);
    const stored = JSON.stringify(list.body);
    for (const payload of XSS_PAYLOADS) {
      // Each payload is in the JSON as a string value, character for character.
      expect(stored).toContain(JSON.stringify(payload).slice(1, -1));
      const found = (list.body.messages ?? list.body.items ?? []).find((m: { message: string }) => m.message === payload);
      expect(found, payload).toBeTruthy();
      expect(found.subject).toBe(payload);
      expect(found.company).toBe(payload);
    }
  });

  it("name at sign-up: returned as sent by /user/me and the admin's user table", async () => {
    for (const payload of XSS_PAYLOADS) {
      const name = payload.slice(0, 100);
      const member = await signUp(app, { name });
      const me = await request(app, "GET", "/api/v1/user/me", { token: member.token });
      expect(me.status).toBe(200);
      expect(me.body.user.name).toBe(name);
      const detail = await request(app, "GET", `/api/v1/admin/users/${member.userId}`, { token: admin.token });
      expect(detail.status).toBe(200);
      expect(JSON.stringify(detail.body)).toContain(JSON.stringify(name));
    }
    const table = await request(app, "GET", "/api/v1/user/get?pageSize=100", { token: admin.token });
    expect(table.status).toBe(200);
    const names = (table.body.users as { name: string }[]).map((u) => u.name);
    for (const payload of XSS_PAYLOADS) expect(names).toContain(payload.slice(0, 100));
  });

  it("AI question: stored and listed in the member's history as sent", async () => {
    const member = await signUp(app);
    for (const payload of XSS_PAYLOADS.slice(0, 3)) {
      const res = await askQuestion(app, member.token, payload);
      expect(res.status).toBe(200);
      expect(res.events.map((e) => e.event)).toContain("done");
    }
    const history = await request(app, "GET", "/api/v1/ai/history?limit=50", { token: member.token });
    expect(history.status).toBe(200);
    const questions = (history.body.questions as { question: string }[]).map((q) => q.question);
    for (const payload of XSS_PAYLOADS.slice(0, 3)) expect(questions).toContain(payload);
    const detail = await request(app, "GET", `/api/v1/admin/users/${member.userId}`, { token: admin.token });
    for (const payload of XSS_PAYLOADS.slice(0, 3)) expect(JSON.stringify(detail.body)).toContain(JSON.stringify(payload));
  });

  it("admin adjustment reason: written to the ledger and shown as sent", async () => {
    const member = await signUp(app);
    for (const payload of XSS_PAYLOADS) {
      const res = await request(app, "POST", `/api/v1/admin/users/${member.userId}/credits`, {
        token: admin.token,
        body: { direction: "grant", amount: 1, reason: payload },
      });
      expect(res.status, payload).toBe(200);
    }
    const rows = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.userId, member.userId));
    const reasons = rows.map((r) => r.reason);
    for (const payload of XSS_PAYLOADS) expect(reasons).toContain(payload);
    const detail = await request(app, "GET", `/api/v1/admin/users/${member.userId}`, { token: admin.token });
    for (const payload of XSS_PAYLOADS) expect(JSON.stringify(detail.body)).toContain(JSON.stringify(payload));
  });

  it("API answers are JSON with nosniff, so a browser never renders them as HTML", async () => {
    const res = await request(app, "GET", "/api/v1/admin/messages", { token: admin.token });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("SQL injection strings are inert", () => {
  let app: TestApp;
  let admin: TestSession;
  let members: TestSession[];

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    admin = await signUpAdmin(app);
    members = [await signUp(app, { name: "Alice Example" }), await signUp(app, { name: "Bob Example" })];
  });
  afterAll(() => app?.close());

  const userCount = async () => {
    const [row] = await app.appContext.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row!.n;
  };

  /**
   * `send`'s answer, having checked that `injection` reached the database only as a value, never in a
   * statement's SQL (where "pg_sleep(3)" would run). This replaces a bound on the answer's time,
   * which a busy machine can exceed without any injection.
   */
  const sentAsValueOnly = async <T>(injection: string, send: () => Promise<T>): Promise<T> => {
    const counted = countStatements(app.appContext.database);
    try {
      return await send();
    } finally {
      counted.stop();
      for (const statement of counted.statements) expect(statement, injection).not.toContain(injection);
    }
  };

  it("in the log-in e-mail and password: a refusal, never a session", async () => {
    for (const injection of SQL_INJECTIONS) {
      for (const body of [
        { email: injection, password: "whatever-123" },
        { email: `${members[0]!.email}${injection}`, password: injection },
        { email: `x@example.test' OR '1'='1`, password: injection },
        { email: members[0]!.email, password: injection },
      ]) {
        const res = await sentAsValueOnly(injection, () => request(app, "POST", "/api/v1/user/login", { body }));
        expect([400, 401], `${body.email} / ${body.password}`).toContain(res.status);
        expect(res.body.token).toBeUndefined();
        expect(typeof res.body.error?.code).toBe("string");
        noLeak(res.body);
      }
    }
  });

  it("in the sign-up and forgotten-password e-mail: validated or stored literally", async () => {
    const before = await userCount();
    let created = 0;
    for (const injection of SQL_INJECTIONS) {
      const reg = await request(app, "POST", "/api/v1/user/register", { body: { email: injection, password: "long-enough-1", name: injection } });
      expect([201, 400], injection).toContain(reg.status);
      noLeak(reg.body);
      if (reg.status === 201) created++;
      const forgot = await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: injection } });
      expect([202, 400], injection).toContain(forgot.status);
      noLeak(forgot.body);
    }
    // An address that is valid and contains a quote is an ordinary account.
    const quoted = await request(app, "POST", "/api/v1/user/register", {
      body: { email: "o'brien+test@example.test", password: "long-enough-1", name: "O'Brien; DROP TABLE users" },
    });
    expect(quoted.status).toBe(201);
    expect(quoted.body.user.name).toBe("O'Brien; DROP TABLE users");
    const login = await request(app, "POST", "/api/v1/user/login", { body: { email: "O'BRIEN+test@example.test", password: "long-enough-1" } });
    expect(login.status).toBe(200);
    expect(await userCount()).toBe(before + created + 1);
  });

  it("in the admin's user search: no extra rows, no error, never in a statement's SQL", async () => {
    const total = await userCount();
    for (const injection of SQL_INJECTIONS) {
      for (const match of ["prefix", "contains"]) {
        const res = await sentAsValueOnly(injection, () =>
          request(app, "GET", `/api/v1/user/get?q=${encodeURIComponent(injection)}&match=${match}&pageSize=100`, {
            token: admin.token,
          }),
        );
        expect([200, 400], injection).toContain(res.status);
        noLeak(res.body);
        if (res.status === 200) {
          // Only accounts whose name or e-mail really contains the text (the sign-up test made some).
          for (const user of res.body.users as { name: string; email: string }[]) {
            const haystack = `${user.name} ${user.email}`.toLowerCase();
            expect(haystack, injection).toContain(injection.trim().toLowerCase().replace(/\\/g, "\\"));
          }
          expect(res.body.total).toBeLessThan(total);
        }
      }
    }
    // Sorting and paging parameters are validated, not spliced into SQL.
    for (const injection of SQL_INJECTIONS) {
      const res = await request(app, "GET", `/api/v1/user/get?sort=${encodeURIComponent(injection)}&page=${encodeURIComponent(injection)}`, {
        token: admin.token,
      });
      expect(res.status).toBe(400);
      noLeak(res.body);
    }
  });

  it("in the contact form's e-mail and text: refused or stored literally", async () => {
    for (const injection of SQL_INJECTIONS) {
      const res = await request(app, "POST", "/api/v1/contact", {
        body: { name: injection, email: injection, subject: injection, message: injection },
      });
      expect(res.status).toBe(400);
      noLeak(res.body);
      const ok = await request(app, "POST", "/api/v1/contact", {
        body: { name: injection, email: "sqli@example.test", subject: injection, message: injection },
        headers: { "X-Forwarded-For": "198.51.100.7" },
      });
      expect(ok.status).toBe(201);
    }
    const list = await request(app, "GET", "/api/v1/admin/messages?pageSize=100", { token: admin.token });
    const messages = (list.body.messages ?? list.body.items ?? []).map((m: { message: string }) => m.message);
    for (const injection of SQL_INJECTIONS) expect(messages).toContain(injection);
  });

  it("in ids in the URL: a 400 or 404, never a 500", async () => {
    for (const injection of SQL_INJECTIONS) {
      const id = encodeURIComponent(injection);
      for (const path of [`/api/v1/admin/users/${id}`, `/api/v1/admin/users/${id}/credits`, `/api/v1/admin/messages/${id}/read`]) {
        const method = path.endsWith("credits") || path.endsWith("read") ? "POST" : "GET";
        const body = path.endsWith("credits") ? { direction: "grant", amount: 1, reason: "x" } : path.endsWith("read") ? { read: true } : undefined;
        const res = await request(app, method, path, { token: admin.token, body });
        expect([400, 404], `${method} ${path}`).toContain(res.status);
        noLeak(res.body);
      }
    }
  });

  it("leaves every table in place", async () => {
    expect(await userCount()).toBeGreaterThan(2);
    const me = await request(app, "GET", "/api/v1/user/me", { token: members[1]!.token });
    expect(me.status).toBe(200);
  });
});

describe("request bodies over the limit", () => {
  let app: TestApp;
  let member: TestSession;

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    member = await signUp(app);
  });
  afterAll(() => app?.close());

  it("answers 413 with {error:{code,message}} on every JSON route, before any other check", async () => {
    const jsonRoutes = API_ROUTES.filter((r) => r.json);
    expect(jsonRoutes.length).toBeGreaterThan(8);
    const big = JSON.stringify({ message: "x".repeat(300 * 1024) });
    for (const route of jsonRoutes) {
      for (const token of [undefined, member.token]) {
        const res = await request(app, route.method, routeUrl(route), { raw: big, token, headers: { "Content-Type": "application/json" } });
        expect(res.status, `${route.method} ${route.path}`).toBe(413);
        expect(res.body.error.code).toBe("payload_too_large");
        expect(typeof res.body.error.message).toBe("string");
      }
    }
  });

  it("answers 413 on the webhook's raw body too", async () => {
    const webhook = API_ROUTES.find((r) => r.access === "signature")!;
    const res = await request(app, webhook.method, webhook.path, { raw: "x".repeat(600 * 1024), headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("accepts a body just under the limit (the limit is not set absurdly low)", async () => {
    const res = await request(app, "POST", "/api/v1/contact", {
      body: { name: "A", email: "a@example.test", subject: "S", message: "m", website: "", padding: "x".repeat(200 * 1024) },
    });
    expect(res.status).not.toBe(413);
  });
});
