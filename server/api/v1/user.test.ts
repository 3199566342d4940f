import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { creditLedger, passwordResets, sessions, users } from "~/db/schema";
import { ACCOUNT_RATE_RULES } from "~/lib/rate-rules";
import { createAppContext } from "~/lib/app-context.server";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { createApp } from "~/server/app";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function register(app: TestApp, body: Record<string, unknown>, headers?: Record<string, string>) {
  return request(app, "POST", "/api/v1/user/register", { body, headers });
}

async function signUp(app: TestApp, email = "ada@example.com", password = "correct horse battery") {
  const res = await register(app, { email, password });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, user: res.body.user, email, password };
}

function resetLinkToken(text: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

describe("accounts API", () => {
  let app: TestApp;
  const others: TestApp[] = [];
  afterEach(async () => {
    await app?.close();
    for (const other of others.splice(0)) await other.close();
  });

  describe("register", () => {
    it("creates an account with the starting credits as a ledger row and signs it in", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const res = await register(app, { email: "ada@example.com", password: "correct horse battery" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: "Signed up successfully!",
        user: { email: "ada@example.com", name: "ada", credits: 3, role: "user" },
      });
      expect(res.body.user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const ledger = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.userId, res.body.user.id));
      expect(ledger).toMatchObject([{ delta: 3, balanceAfter: 3, kind: "signup_grant" }]);
      const me = await request(app, "GET", "/api/v1/user/me", { token: res.body.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ success: true, user: { email: "ada@example.com", credits: 3, role: "user" } });
    });

    it("keeps a given name, honours STARTING_CREDITS and answers in the request's language", async () => {
      app = await createTestApp({ RATE_LIMITS: "false", STARTING_CREDITS: "7" });
      const res = await register(
        app,
        { email: "yuki@example.jp", password: "password-123", name: "  Yuki Tanaka  " },
        { "Accept-Language": "ja" },
      );
      expect(res.status).toBe(201);
      expect(res.body.message).toBe("登録が完了しました！");
      expect(res.body.user).toMatchObject({ name: "Yuki Tanaka", credits: 7 });
    });

    it("grants nothing and writes no ledger row when STARTING_CREDITS is 0", async () => {
      app = await createTestApp({ RATE_LIMITS: "false", STARTING_CREDITS: "0" });
      const { user } = await signUp(app);
      expect(user.credits).toBe(0);
      expect(await app.appContext.db.select().from(creditLedger)).toHaveLength(0);
    });

    it("stores an argon2id hash, never the password", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      await signUp(app, "ada@example.com", "correct horse battery");
      const [row] = await app.appContext.db.select().from(users);
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
      expect(row!.passwordHash).not.toContain("correct horse battery");
    });

    it("refuses a duplicate e-mail in any letter case with 409 and a translated message", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      await signUp(app, "Ada@Example.com");
      const res = await register(app, { email: "ada@EXAMPLE.com", password: "another password" });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("email_taken");
      expect(res.body.message).toMatch(/already exists/);
      const zh = await register(app, { email: " ADA@example.com ", password: "another password" }, { "Accept-Language": "zh" });
      expect(zh.status).toBe(409);
      expect(zh.body.message).toMatch(/已注册/);
      expect(await app.appContext.db.select().from(users)).toHaveLength(1);
    });

    it("lets exactly one of two racing sign-ups with the same address win", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      await app.url(); // start the listener once, before the concurrent requests
      const results = await Promise.all([
        register(app, { email: "race@example.com", password: "password-one" }),
        register(app, { email: "RACE@example.com", password: "password-two" }),
        register(app, { email: "Race@Example.com", password: "password-three" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await app.appContext.db.select().from(users)).toHaveLength(1);
      expect(await app.appContext.db.select().from(creditLedger)).toHaveLength(1);
    });

    it("answers invalid fields with 400 and a code per field", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const short = await register(app, { email: "ada@example.com", password: "1234567" });
      expect(short.status).toBe(400);
      expect(short.body.error.codes).toEqual({ password: "too_short:8" });
      expect(short.body.error.fields.password).toBe("Must be at least 8 characters.");
      const long = await register(app, { email: "ada@example.com", password: "x".repeat(129) });
      expect(long.body.error.codes).toEqual({ password: "too_long:128" });
      const bad = await register(app, { email: "not-an-email", password: "" }, { "Accept-Language": "ja" });
      expect(bad.body.error.codes).toEqual({ email: "invalid_email", password: "required" });
      expect(bad.body.error.fields.email).toBe("有効なメールアドレスを入力してください。");
      const missing = await register(app, {});
      expect(missing.body.error.codes).toEqual({ email: "required", password: "required" });
      expect(await app.appContext.db.select().from(users)).toHaveLength(0);
    });

    it("accepts exactly 8 and 128 characters", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      expect((await register(app, { email: "a@example.com", password: "12345678" })).status).toBe(201);
      expect((await register(app, { email: "b@example.com", password: "y".repeat(128) })).status).toBe(201);
    });
  });

  describe("login", () => {
    it("answers the spec's fields and a fresh token, with the e-mail in any case", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const account = await signUp(app, "Ada@Example.com", "correct horse battery");
      const res = await request(app, "POST", "/api/v1/user/login", {
        body: { email: "  ada@example.COM ", password: "correct horse battery" },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: "Logged in successfully!",
        user: { id: account.user.id, email: "Ada@Example.com", name: "Ada", credits: 3, role: "user" },
      });
      expect(res.body.token).not.toBe(account.token);
    });

    it("answers a wrong password and an unknown e-mail alike with 401", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      await signUp(app, "ada@example.com", "correct horse battery");
      const wrong = await request(app, "POST", "/api/v1/user/login", {
        body: { email: "ada@example.com", password: "wrong password" },
      });
      const unknown = await request(app, "POST", "/api/v1/user/login", {
        body: { email: "nobody@example.com", password: "correct horse battery" },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error.code).toBe("invalid_credentials");
      expect(wrong.body.message).toBe("Incorrect email or password.");
      const ja = await request(app, "POST", "/api/v1/user/login", {
        body: { email: "ada@example.com", password: "nope" },
        headers: { "Accept-Language": "ja" },
      });
      expect(ja.body.message).toBe("メールアドレスまたはパスワードが正しくありません。");
    });

    it("answers an empty form with 400 field codes", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const res = await request(app, "POST", "/api/v1/user/login", { body: { email: "", password: "" } });
      expect(res.status).toBe(400);
      expect(res.body.error.codes).toEqual({ email: "required", password: "required" });
    });

    it("reports role admin for an administrator", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { user } = await signUp(app, "boss@example.com", "boss password");
      await app.appContext.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
      const res = await request(app, "POST", "/api/v1/user/login", { body: { email: "boss@example.com", password: "boss password" } });
      expect(res.body.user.role).toBe("admin");
    });
  });

  describe("sessions", () => {
    it("stores only the SHA-256 of a token", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { token } = await signUp(app);
      const rows = await app.appContext.db.select().from(sessions);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it("logout revokes the token on the server; other sessions stay", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { token, email, password } = await signUp(app);
      const second = await request(app, "POST", "/api/v1/user/login", { body: { email, password } });
      const out = await request(app, "POST", "/api/v1/user/logout", { token });
      expect(out.status).toBe(200);
      expect(out.body.success).toBe(true);
      expect((await request(app, "GET", "/api/v1/user/me", { token })).status).toBe(401);
      expect((await request(app, "POST", "/api/v1/user/logout", { token })).status).toBe(401);
      expect((await request(app, "GET", "/api/v1/user/me", { token: second.body.token })).status).toBe(200);
      const [row] = await app.appContext.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
      expect(row!.revokedAt).toBeInstanceOf(Date);
    });

    it("me answers 401 without a token, with a malformed header and with an unknown token", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const none = await request(app, "GET", "/api/v1/user/me");
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe("unauthorized");
      expect((await request(app, "GET", "/api/v1/user/me", { headers: { Authorization: "Basic abc" } })).status).toBe(401);
      expect((await request(app, "GET", "/api/v1/user/me", { token: "x".repeat(43) })).status).toBe(401);
      expect((await request(app, "GET", "/api/v1/user/me", { token: "x".repeat(5000) })).status).toBe(401);
    });

    it("an expired session is refused; use slides the expiry forward", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { token } = await signUp(app);
      const { db } = app.appContext;
      // Last used two hours ago, expiring in a day: a request pushes the expiry to 30 days from now.
      await db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 day'` })
        .where(eq(sessions.tokenHash, sha256(token)));
      expect((await request(app, "GET", "/api/v1/user/me", { token })).status).toBe(200);
      // The touch is batched off the request (lib/accounts/sessions.server.ts): write it now.
      await app.appContext.sessionTouches.flush();
      const [slid] = await db.select().from(sessions);
      expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
      await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
      expect((await request(app, "GET", "/api/v1/user/me", { token })).status).toBe(401);
    });
  });

  describe("password reset", () => {
    it("always answers 202, and mails a one-hour link only to an existing account", async () => {
      app = await createTestApp({ RATE_LIMITS: "false", SITE_URL: "https://taxatlas.example" });
      await signUp(app, "ada@example.com");
      const unknown = await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: "nobody@example.com" } });
      const known = await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: "ADA@example.com" } });
      expect(unknown.status).toBe(202);
      expect(known.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      expect(app.mails).toHaveLength(1);
      const mail = app.mails[0]!;
      expect(mail.to).toBe("ada@example.com");
      expect(mail.subject).toBe("Reset your TaxAtlas password");
      expect(mail.text).toMatch(/^Hello ada,/);
      expect(mail.text).toContain("https://taxatlas.example/reset-password?token=");
      const token = resetLinkToken(mail.text);
      const [row] = await app.appContext.db.select().from(passwordResets);
      expect(row!.tokenHash).toBe(sha256(token));
      const ttl = row!.expiresAt.getTime() - Date.now();
      expect(ttl).toBeGreaterThan(59 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
    });

    it("writes the link in the user's language path on the origin printed at start-up without SITE_URL", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      await signUp(app, "yuki@example.jp");
      await request(app, "POST", "/api/v1/user/password/forgot", {
        body: { email: "yuki@example.jp" },
        headers: { "Accept-Language": "ja" },
      });
      // Never the request's Host (docs/decisions/0006-one-configured-origin.md).
      expect(app.mails[0]!.subject).toBe("TaxAtlas のパスワード再設定");
      expect(app.mails[0]!.text).toContain("http://localhost:3000/ja/reset-password?token=");
    });

    it("sets the password, revokes every session and works only once", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { token: session, user, email, password } = await signUp(app);
      await request(app, "POST", "/api/v1/user/password/forgot", { body: { email } });
      const token = resetLinkToken(app.mails[0]!.text);
      const res = await request(app, "POST", "/api/v1/user/password/reset", { body: { token, password: "brand new password" } });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      // Which account it was, so a browser signed in to it forgets its session and another keeps its own.
      expect(res.body.userId).toBe(user.id);
      expect((await request(app, "GET", "/api/v1/user/me", { token: session })).status).toBe(401);
      expect((await request(app, "POST", "/api/v1/user/login", { body: { email, password } })).status).toBe(401);
      expect(
        (await request(app, "POST", "/api/v1/user/login", { body: { email, password: "brand new password" } })).status,
      ).toBe(200);
      const again = await request(app, "POST", "/api/v1/user/password/reset", {
        body: { token, password: "third password" },
        headers: { "Accept-Language": "zh" },
      });
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe("invalid_reset_token");
      expect(again.body.message).toMatch(/无效/);
    });

    it("a successful reset also spends the account's older links", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { email } = await signUp(app);
      await request(app, "POST", "/api/v1/user/password/forgot", { body: { email } });
      await request(app, "POST", "/api/v1/user/password/forgot", { body: { email } });
      const [first, second] = app.mails.map((m) => resetLinkToken(m.text));
      expect((await request(app, "POST", "/api/v1/user/password/reset", { body: { token: second, password: "password two" } })).status).toBe(200);
      expect((await request(app, "POST", "/api/v1/user/password/reset", { body: { token: first, password: "password one" } })).status).toBe(400);
    });

    it("refuses an expired or unknown token, and a short new password", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { email } = await signUp(app);
      await request(app, "POST", "/api/v1/user/password/forgot", { body: { email } });
      const token = resetLinkToken(app.mails[0]!.text);
      const short = await request(app, "POST", "/api/v1/user/password/reset", { body: { token, password: "short" } });
      expect(short.status).toBe(400);
      expect(short.body.error.codes).toEqual({ password: "too_short:8" });
      await app.appContext.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` });
      const expired = await request(app, "POST", "/api/v1/user/password/reset", { body: { token, password: "long enough" } });
      expect(expired.status).toBe(400);
      expect(expired.body.error.code).toBe("invalid_reset_token");
      const unknown = await request(app, "POST", "/api/v1/user/password/reset", { body: { token: "nope", password: "long enough" } });
      expect(unknown.status).toBe(400);
    });

    it("two concurrent uses of one token: exactly one succeeds", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { email } = await signUp(app);
      await request(app, "POST", "/api/v1/user/password/forgot", { body: { email } });
      const token = resetLinkToken(app.mails[0]!.text);
      await app.url();
      const results = await Promise.all(
        ["password aaa", "password bbb", "password ccc"].map((password) =>
          request(app, "POST", "/api/v1/user/password/reset", { body: { token, password } }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    });
  });

  describe("rate limits", () => {
    const login = (target: TestApp, email: string, password: string, ip?: string) =>
      request(target, "POST", "/api/v1/user/login", {
        body: { email, password },
        headers: ip ? { "X-Forwarded-For": ip } : undefined,
      });

    it("limits consecutive failed log-ins per account and address", async () => {
      app = await createTestApp({ TRUST_PROXY: "true" });
      const { email, password } = await signUp(app);
      for (let i = 0; i < ACCOUNT_RATE_RULES.loginAccountIp.points - 1; i++) {
        expect((await login(app, email, "wrong password", "10.0.0.1")).status).toBe(401);
      }
      // A success clears the counter of that account at that address ...
      expect((await login(app, email.toUpperCase(), password, "10.0.0.1")).status).toBe(200);
      for (let i = 0; i < ACCOUNT_RATE_RULES.loginAccountIp.points; i++) {
        expect((await login(app, email, "wrong password", "10.0.0.1")).status).toBe(401);
      }
      // ... and after the limit even the right password is refused there until the window ends.
      const blocked = await login(app, email, password, "10.0.0.1");
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe("rate_limited");
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
      expect(blocked.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
      const ja = await request(app, "POST", "/api/v1/user/login", {
        body: { email, password },
        headers: { "X-Forwarded-For": "10.0.0.1", "Accept-Language": "ja" },
      });
      expect(ja.status).toBe(429);
      expect(ja.body.message).toMatch(/ログインの試行回数が多すぎます/);
      // Another address is not locked out (tests/security/login-rate-limits.test.ts has the attacks).
      expect((await login(app, email, password, "10.0.0.2")).status).toBe(200);
    });

    it("limits log-in attempts per address", async () => {
      app = await createTestApp({ TRUST_PROXY: "true" });
      for (let i = 0; i < ACCOUNT_RATE_RULES.loginIp.points; i++) {
        expect((await login(app, `user${i}@example.com`, "whatever pw", "192.0.2.7")).status).toBe(401);
      }
      expect((await login(app, "another@example.com", "whatever pw", "192.0.2.7")).status).toBe(429);
      expect((await login(app, "another@example.com", "whatever pw", "192.0.2.8")).status).toBe(401);
    });

    it("limits sign-ups per address", async () => {
      app = await createTestApp({ TRUST_PROXY: "true" });
      const headers = { "X-Forwarded-For": "198.51.100.1" };
      for (let i = 0; i < ACCOUNT_RATE_RULES.registerIp.points; i++) {
        expect((await register(app, { email: `u${i}@example.com`, password: "password-123" }, headers)).status).toBe(201);
      }
      const blocked = await register(app, { email: "late@example.com", password: "password-123" }, { ...headers, "Accept-Language": "zh" });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(blocked.body.message).toMatch(/注册次数过多/);
    });

    it("limits reset mails per address typed and per client address", async () => {
      app = await createTestApp({ TRUST_PROXY: "true" });
      await signUp(app, "ada@example.com");
      for (let i = 0; i < ACCOUNT_RATE_RULES.forgotEmail.points; i++) {
        const res = await request(app, "POST", "/api/v1/user/password/forgot", {
          body: { email: "ada@example.com" },
          headers: { "X-Forwarded-For": `203.0.113.${i}` },
        });
        expect(res.status).toBe(202);
      }
      const perEmail = await request(app, "POST", "/api/v1/user/password/forgot", {
        body: { email: "ADA@example.com" },
        headers: { "X-Forwarded-For": "203.0.113.200" },
      });
      expect(perEmail.status).toBe(429);
      expect(app.mails).toHaveLength(ACCOUNT_RATE_RULES.forgotEmail.points);
      for (let i = 0; i < ACCOUNT_RATE_RULES.forgotIp.points; i++) {
        await request(app, "POST", "/api/v1/user/password/forgot", {
          body: { email: `x${i}@example.com` },
          headers: { "X-Forwarded-For": "203.0.113.201" },
        });
      }
      const perIp = await request(app, "POST", "/api/v1/user/password/forgot", {
        body: { email: "y@example.com" },
        headers: { "X-Forwarded-For": "203.0.113.201" },
      });
      expect(perIp.status).toBe(429);
    });

    it("holds across two app instances sharing one database", async () => {
      app = await createTestApp({ TRUST_PROXY: "true" });
      // A second instance: its own services (and rate limiter object) on the same database.
      const appContext = await createAppContext(app.appContext.env, {
        database: app.appContext.database,
        logger: pino({ level: "silent" }),
        mailer: app.appContext.mailer,
      });
      const second = createApp({ appContext }).app;
      const other: TestApp = { ...app, appContext, app: second, mails: app.mails } as TestApp;
      // Give the second instance its own listener.
      const { default: http } = await import("node:http");
      const server = http.createServer(second);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as { port: number }).port;
      other.url = async () => `http://127.0.0.1:${port}`;
      other.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
      others.push(other);
      expect(await other.url()).not.toBe(await app.url());

      const { email } = await signUp(app);
      // Failures from many addresses through both instances start the account's slow-down ...
      const points = ACCOUNT_RATE_RULES.loginAccount.points;
      for (let i = 0; i <= points; i++) {
        const target = i % 2 === 0 ? app : other;
        expect((await login(target, email, "wrong password", `10.1.0.${i}`)).status).toBe(401);
      }
      // ... and the hold the last one started is seen by both.
      for (const [target, ip] of [[app, "10.1.1.1"], [other, "10.1.1.2"]] as const) {
        const held = await login(target, email, "wrong password", ip);
        expect(held.status).toBe(429);
        expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(held.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      }
    });

    it("RATE_LIMITS=false turns them off", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const { email } = await signUp(app);
      for (let i = 0; i < ACCOUNT_RATE_RULES.loginAccountIp.points + 2; i++) {
        expect((await login(app, email, "wrong password")).status).toBe(401);
      }
    });
  });

  describe("bad bodies", () => {
    const endpoints = ["/register", "/login", "/password/forgot", "/password/reset"];
    const arbitraryField = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 50 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
      fc.emailAddress(),
    );
    const body = fc.oneof(
      fc.record(
        { email: arbitraryField, password: arbitraryField, name: arbitraryField, token: arbitraryField, lang: arbitraryField },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );

    it("never answer 500, always a JSON error or success", async () => {
      app = await createTestApp({ RATE_LIMITS: "false", STARTING_CREDITS: "1" });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...endpoints), body, async (endpoint, value) => {
          const res = await request(app, "POST", `/api/v1/user${endpoint}`, { body: value });
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body).toBe("object");
          if (res.status >= 400) expect(typeof res.body.error.code).toBe("string");
        }),
        { numRuns: 150 },
      );
    });

    it("raw bodies that are not JSON objects are a 4xx", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...endpoints), fc.string({ maxLength: 200 }), async (endpoint, raw) => {
          const res = await request(app, "POST", `/api/v1/user${endpoint}`, {
            raw,
            headers: { "Content-Type": "application/json" },
          });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        }),
        { numRuns: 100 },
      );
    });
  });
});
