// Text PostgreSQL cannot store (a NUL character, a lone UTF-16 surrogate) in any field a person types
// is refused by the shared schemas with a translated field error (400 "invalid_characters"): it
// never reaches SQL, so it never becomes a 500, and nothing is stored.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiQuestions, contactMessages, creditLedger, users } from "~/db/schema";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { signUp, signUpAdmin, type TestSession } from "./session-helpers";

const UNSTORABLE = { nul: "a\u0000b", "lone high surrogate": "a\uD800b", "lone low surrogate": "\uDC00ab" };

interface Case {
  name: string;
  method: "GET" | "POST";
  path: (s: { member: TestSession; admin: TestSession }) => string;
  body?: (value: string, lang: "en" | "ja" | "zh") => Record<string, unknown>;
  query?: string;
  field: string;
  token?: "member" | "admin";
}

const valid = { email: "someone@example.test", password: "long-enough-1" };
const contact = { name: "Ada", email: "ada@example.test", subject: "Hello", message: "A question about VAT.", company: "ACME" };

const CASES: Case[] = [
  ...["email", "password", "name"].map((field) => ({ name: `register ${field}`, method: "POST" as const, path: () => "/api/v1/user/register", body: (v: string) => ({ ...valid, name: "N", [field]: field === "email" ? `x${v}@example.test` : `${v}long-enough` }), field })),
  ...["email", "password"].map((field) => ({ name: `login ${field}`, method: "POST" as const, path: () => "/api/v1/user/login", body: (v: string) => ({ ...valid, [field]: field === "email" ? `x${v}@example.test` : v }), field })),
  { name: "forgot email", method: "POST", path: () => "/api/v1/user/password/forgot", body: (v) => ({ email: `x${v}@example.test` }), field: "email" },
  ...["token", "password"].map((field) => ({ name: `reset ${field}`, method: "POST" as const, path: () => "/api/v1/user/password/reset", body: (v: string) => ({ token: "t".repeat(43), password: "long-enough-1", [field]: `${v}long-enough-1` }), field })),
  ...["name", "email", "company", "subject", "message"].map((field) => ({ name: `contact ${field}`, method: "POST" as const, path: () => "/api/v1/contact", body: (v: string) => ({ ...contact, [field]: field === "email" ? `x${v}@example.test` : v }), field })),
  { name: "AI question", method: "POST", path: () => "/api/v1/ai/ask", body: (v, lang) => ({ topic: "tax-consultation", lang, question: `What about ${v}?` }), field: "question", token: "member" },
  { name: "admin credit reason", method: "POST", path: ({ member }) => `/api/v1/admin/users/${member.userId}/credits`, body: (v) => ({ direction: "grant", amount: 5, reason: v }), field: "reason", token: "admin" },
  { name: "admin user search", method: "GET", path: () => "/api/v1/user/get", query: "q", field: "q", token: "admin" },
];

describe("text that cannot be stored", () => {
  let app: TestApp;
  let member: TestSession;
  let admin: TestSession;
  const counts = async () => ({
    users: (await app.appContext.db.select({ n: count() }).from(users))[0]!.n,
    contact: (await app.appContext.db.select({ n: count() }).from(contactMessages))[0]!.n,
    questions: (await app.appContext.db.select({ n: count() }).from(aiQuestions))[0]!.n,
    ledger: (await app.appContext.db.select({ n: count() }).from(creditLedger))[0]!.n,
  });

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    member = await signUp(app);
    admin = await signUpAdmin(app);
  });
  afterAll(() => app?.close());

  for (const testCase of CASES) {
    for (const [kind, value] of Object.entries(UNSTORABLE)) {
      // A URL carries UTF-8 bytes: a lone surrogate cannot be percent-encoded into one.
      if (testCase.query && kind !== "nul") continue;
      it(`${testCase.name}: ${kind} → 400 invalid_characters in every language, nothing stored`, async () => {
        const before = await counts();
        for (const lang of ["en", "ja", "zh"] as const) {
          const token = testCase.token === "admin" ? admin.token : testCase.token === "member" ? member.token : undefined;
          const base = testCase.path({ member, admin });
          const path = testCase.query ? `${base}?${testCase.query}=${encodeURIComponent(value)}` : base;
          // JSON.stringify writes a lone surrogate as a \uD800 escape, which JSON.parse turns back into one.
          const res = await request(app, testCase.method, path, {
            token,
            headers: { "Accept-Language": lang },
            ...(testCase.body ? { body: testCase.body(value, lang) } : {}),
          });
          expect(res.status, `${testCase.name} (${lang}): ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.error.code).toBe("validation_failed");
          expect(res.body.error.codes[testCase.field], JSON.stringify(res.body.error)).toBe("invalid_characters");
          expect(res.body.error.fields[testCase.field]).toBeTruthy();
          if (lang !== "en") expect(res.body.error.fields[testCase.field]).not.toMatch(/^[\x20-\x7e]+$/);
        }
        expect(await counts()).toEqual(before);
      });
    }
  }

  it("one-line fields (a name, a subject) refuse line breaks, so they cannot add lines to an e-mail; the message keeps them", async () => {
    const name = await request(app, "POST", "/api/v1/user/register", {
      body: { email: "phish@example.test", password: "long-enough-1", name: "C,\n\nLINK EXPIRED. Use https://evil.example/r instead:\n\n" },
    });
    expect(name.status).toBe(400);
    expect(name.body.error.codes.name).toBe("invalid_characters");
    for (const field of ["name", "subject", "company"]) {
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...contact, [field]: "first line\r\nsecond line" } });
      expect(res.status, field).toBe(400);
      expect(res.body.error.codes[field], field).toBe("invalid_characters");
    }
    const trimmed = await request(app, "POST", "/api/v1/user/register", { body: { email: "pasted@example.test", password: "long-enough-1", name: "Pasted Name\n" } });
    expect(trimmed.status).toBe(201);
    expect(trimmed.body.user.name).toBe("Pasted Name");
    const multiline = await request(app, "POST", "/api/v1/contact", { body: { ...contact, message: "Line one.\nLine two." } });
    expect(multiline.status).toBe(201);
  });

  it("one-line fields also refuse Unicode's own line breaks and the controls that reverse text; a name of invisible characters is no name", async () => {
    // Found by a helper's attack: "Bob\u2028Click http://evil.example" was stored, and the reset e-mail
    // then said "Hello Bob<line break>Click http://evil.example,".
    const before = await counts();
    for (const value of ["Bob\u2028Click http://evil.example", "a\u2029b", "Third\u0085line", "\u202eevil\u202c", "x\u2067y\u2069", "c1\u009bcontrol"]) {
      const name = await request(app, "POST", "/api/v1/user/register", { body: { email: "breaks@example.test", password: "long-enough-1", name: value } });
      expect(name.status, JSON.stringify(value)).toBe(400);
      expect(name.body.error.codes.name, JSON.stringify(value)).toBe("invalid_characters");
      for (const field of ["name", "subject", "company"]) {
        const res = await request(app, "POST", "/api/v1/contact", { body: { ...contact, [field]: value } });
        expect(res.body.error?.codes?.[field], `${field} ${JSON.stringify(value)}`).toBe("invalid_characters");
      }
      const renamed = await request(app, "POST", "/api/v1/account/name", { token: member.token, body: { name: value } });
      expect(renamed.body.error?.codes?.name, `account name ${JSON.stringify(value)}`).toBe("invalid_characters");
    }
    // A required one-line field of zero-width characters only is empty; an optional name falls back.
    const blank = await request(app, "POST", "/api/v1/contact", { body: { ...contact, name: "\u200b\u200b" } });
    expect(blank.body.error?.codes?.name).toBe("required");
    const renamed = await request(app, "POST", "/api/v1/account/name", { token: member.token, body: { name: "\u200b\ufeff \u200d" } });
    expect(renamed.body.error?.codes?.name).toBe("required");
    expect(await counts()).toEqual(before);
    const fallback = await request(app, "POST", "/api/v1/user/register", { body: { email: "invisible@example.test", password: "long-enough-1", name: "\u200b" } });
    expect(fallback.status).toBe(201);
    expect(fallback.body.user.name).toBe("invisible");
    // Joiners inside visible text (an emoji sequence, a Persian name) and right-to-left scripts are kept.
    for (const name of ["\u{1F469}\u200d\u{1F4BB} Ada", "\u0645\u06cc\u200c\u0631\u0648\u062f", "\u05e9\u05dc\u05d5\u05dd"]) {
      const kept = await request(app, "POST", "/api/v1/account/name", { token: member.token, body: { name } });
      expect(kept.status, name).toBe(200);
    }
  });

  it("a question, a message or a reason of invisible characters only is empty: 400 required, nothing stored or charged", async () => {
    // Found by an attacker's review: "\u200b\u200d\ufeff\u2060" was asked of the model and charged a credit.
    const invisible = "\u200b\u200d\ufeff\u2060 \u200b";
    const before = await counts();
    const asked = await request(app, "POST", "/api/v1/ai/ask", { token: member.token, body: { topic: "tax-consultation", lang: "ja", question: invisible } });
    expect(asked.status).toBe(400);
    expect(asked.body.error.codes.question).toBe("required");
    const sent = await request(app, "POST", "/api/v1/contact", { body: { ...contact, message: invisible } });
    expect(sent.body.error?.codes?.message).toBe("required");
    const adjusted = await request(app, "POST", `/api/v1/admin/users/${member.userId}/credits`, { token: admin.token, body: { direction: "grant", amount: 5, reason: invisible } });
    expect(adjusted.body.error?.codes?.reason).toBe("required");
    expect(await counts()).toEqual(before);
    // Visible text with a joiner inside is a question.
    const kept = await request(app, "POST", "/api/v1/contact", { body: { ...contact, message: "Is \u{1F469}\u200d\u{1F4BB} work deductible?" } });
    expect(kept.status).toBe(201);
  });
});
