// Account settings API: every change on the caller's own account only, the current password where
// it matters, clear field errors for bad input, and nothing changed when refused.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { aiQuestions, contactMessages, creditLedger, emailChanges, passwordResets, payments, sessions, users } from "~/db/schema";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

let app: TestApp;
afterEach(async () => app?.close());

const PASSWORD = "correct horse battery";

async function signUp(email: string, lang = "en") {
  const res = await request(app, "POST", "/api/v1/user/register", {
    body: { email, password: PASSWORD, name: "Ada" },
    headers: { "Accept-Language": lang },
  });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: res.body.user.id as string };
}

async function logIn(email: string, password = PASSWORD) {
  const res = await request(app, "POST", "/api/v1/user/login", { body: { email, password } });
  return res.body.token as string;
}

const linkToken = (text: string, path: string) => decodeURIComponent(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)![1]!);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("account settings API", { timeout: 120_000 }, () => {
  it("answers 401 without a token on every endpoint", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    for (const [method, path] of [
      ["GET", "/api/v1/account"],
      ["POST", "/api/v1/account/name"],
      ["POST", "/api/v1/account/password"],
      ["POST", "/api/v1/account/email"],
      ["GET", "/api/v1/account/sessions"],
      ["POST", "/api/v1/account/sessions/revoke-all"],
      ["POST", "/api/v1/account/sessions/00000000-0000-4000-8000-000000000000/revoke"],
      ["GET", "/api/v1/account/export"],
      ["POST", "/api/v1/account/delete"],
    ] as const) {
      const res = await request(app, method, path, { body: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("shows and renames the caller's own account, refusing bad names with translated field errors", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token } = await signUp("ada@example.com");
    const me = await request(app, "GET", "/api/v1/account", { token, headers: { "Accept-Language": "ja" } });
    expect(me.body.account).toMatchObject({ email: "ada@example.com", name: "Ada", credits: 3, lang: "ja", pendingEmail: null });

    for (const name of ["", "   ", "x".repeat(101), "two\nlines", 42]) {
      const bad = await request(app, "POST", "/api/v1/account/name", { token, body: { name }, headers: { "Accept-Language": "zh" } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("validation_failed");
      expect(bad.body.error.fields.name).toMatch(/[\u4e00-\u9fff]/);
    }
    const ok = await request(app, "POST", "/api/v1/account/name", { token, body: { name: "  Ada Lovelace " } });
    expect(ok.status).toBe(200);
    const [row] = await app.appContext.db.select().from(users);
    expect(row!.name).toBe("Ada Lovelace");
  });

  it("changes the password only with the current one, signs every other session out and mails the member", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token, id } = await signUp("ada@example.com");
    const other = await logIn("ada@example.com");

    const wrong = await request(app, "POST", "/api/v1/account/password", {
      token,
      body: { currentPassword: "not my password", newPassword: "a brand new secret" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: "wrong_password", codes: { currentPassword: "wrong_password" } });
    // Found by a stranger's review: the current password given again as the new one "changed" it,
    // signed every other device out and mailed a notice, though nothing changed.
    const same = await request(app, "POST", "/api/v1/account/password", {
      token,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
      headers: { "Accept-Language": "ja" },
    });
    expect(same.status).toBe(400);
    expect(same.body.error.codes).toEqual({ newPassword: "same_password" });
    expect(same.body.error.fields.newPassword).toBe("現在のパスワードとは異なる新しいパスワードを設定してください。");
    expect((await request(app, "GET", "/api/v1/account", { token: other })).status).toBe(200);
    const short = await request(app, "POST", "/api/v1/account/password", { token, body: { currentPassword: PASSWORD, newPassword: "short" } });
    expect(short.status).toBe(400);
    expect(short.body.error.codes.newPassword).toBe("too_short:8");
    expect((await request(app, "GET", "/api/v1/account", { token: other })).status).toBe(200);

    const ok = await request(app, "POST", "/api/v1/account/password", {
      token,
      body: { currentPassword: PASSWORD, newPassword: "a brand new secret" },
    });
    expect(ok.body).toMatchObject({ success: true, revokedSessions: 1 });
    expect((await request(app, "GET", "/api/v1/account", { token: other })).status).toBe(401);
    expect((await request(app, "GET", "/api/v1/account", { token })).status).toBe(200);
    expect(await logIn("ada@example.com", "a brand new secret")).toBeTruthy();
    await settle();
    expect(app.mails.some((m) => m.to === "ada@example.com" && /password was changed/.test(m.subject))).toBe(true);
    const live = await app.appContext.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(2);
  });

  it("changes the e-mail address through a link sent to the new address, and tells the old one", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token } = await signUp("ada@example.com", "ja");
    await signUp("taken@example.com");

    const taken = await request(app, "POST", "/api/v1/account/email", { token, body: { email: "TAKEN@example.com", currentPassword: PASSWORD } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.codes.email).toBe("email_taken");
    const same = await request(app, "POST", "/api/v1/account/email", { token, body: { email: "ada@example.com", currentPassword: PASSWORD } });
    expect(same.body.error.codes.email).toBe("same_email");
    const invalid = await request(app, "POST", "/api/v1/account/email", { token, body: { email: "nope", currentPassword: PASSWORD } });
    expect(invalid.body.error.codes.email).toBe("invalid_email");
    const wrong = await request(app, "POST", "/api/v1/account/email", { token, body: { email: "new@example.com", currentPassword: "guess" } });
    expect(wrong.body.error.code).toBe("wrong_password");
    expect(await app.appContext.db.select().from(emailChanges)).toHaveLength(0);

    const asked = await request(app, "POST", "/api/v1/account/email", {
      token,
      body: { email: "new@example.com", currentPassword: PASSWORD },
      headers: { "Accept-Language": "ja" },
    });
    expect(asked.status).toBe(202);
    await settle();
    const confirmMail = app.mails.find((m) => m.to === "new@example.com")!;
    expect(confirmMail.text).toContain("/ja/account/confirm-email?token=");
    const [before] = await app.appContext.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(before).toBeDefined();
    const pending = await request(app, "GET", "/api/v1/account", { token, headers: { "Accept-Language": "ja" } });
    expect(pending.body.account.pendingEmail).toBe("new@example.com");

    const bad = await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: "made-up" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_email_token");
    const confirmToken = linkToken(confirmMail.text, "confirm-email");
    const done = await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: confirmToken } });
    expect(done.body).toMatchObject({ success: true, email: "new@example.com" });
    const again = await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: confirmToken } });
    expect(again.body.error.code).toBe("invalid_email_token");
    await settle();
    const notice = app.mails.find((m) => m.to === "ada@example.com" && m.subject.includes("メールアドレスが変更"));
    expect(notice?.text).toContain("new@example.com");
    expect(await logIn("new@example.com")).toBeTruthy();
  });

  it("an address change whose address another account took meanwhile is no longer shown as waiting (found by a stranger)", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    expect((await request(app, "POST", "/api/v1/account/email", { token: ada.token, body: { email: "new@example.com", currentPassword: PASSWORD } })).status).toBe(202);
    await settle();
    const confirmToken = linkToken(app.mails.find((m) => m.to === "new@example.com")!.text, "confirm-email");
    await signUp("new@example.com");
    const taken = await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: confirmToken }, headers: { "Accept-Language": "ja" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("email_taken");
    const account = await request(app, "GET", "/api/v1/account", { token: ada.token });
    expect(account.body.account.email).toBe("ada@example.com");
    expect(account.body.account.pendingEmail).toBeNull();
    // The link is spent with it: it cannot take the address later either.
    expect((await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: confirmToken } })).body.error.code).toBe("invalid_email_token");
  });

  it("lists the member's own sessions, signs one out, and signs out everywhere; nobody else's session", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    const second = await logIn("ada@example.com");
    const bob = await signUp("bob@example.com");

    const list = await request(app, "GET", "/api/v1/account/sessions", { token: ada.token });
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const bobSessions = await request(app, "GET", "/api/v1/account/sessions", { token: bob.token });
    const bobSession = bobSessions.body.sessions[0].id as string;

    const foreign = await request(app, "POST", `/api/v1/account/sessions/${bobSession}/revoke`, { token: ada.token });
    expect(foreign.status).toBe(404);
    expect((await request(app, "GET", "/api/v1/account", { token: bob.token })).status).toBe(200);
    expect((await request(app, "POST", "/api/v1/account/sessions/nope/revoke", { token: ada.token })).status).toBe(404);

    const otherId = list.body.sessions.find((s: { current: boolean }) => !s.current).id as string;
    expect((await request(app, "POST", `/api/v1/account/sessions/${otherId}/revoke`, { token: ada.token })).status).toBe(200);
    expect((await request(app, "GET", "/api/v1/account", { token: second })).status).toBe(401);

    await logIn("ada@example.com");
    expect((await request(app, "POST", "/api/v1/account/sessions/revoke-all", { token: ada.token })).status).toBe(200);
    expect((await request(app, "GET", "/api/v1/account", { token: ada.token })).status).toBe(401);
    expect((await request(app, "GET", "/api/v1/account", { token: bob.token })).status).toBe(200);
  });

  it("signing out everywhere also cancels an address change not yet confirmed", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    const asked = await request(app, "POST", "/api/v1/account/email", { token: ada.token, body: { email: "thief@example.com", currentPassword: PASSWORD } });
    expect(asked.status).toBe(202);
    await settle();
    const confirmToken = linkToken(app.mails.find((m) => m.to === "thief@example.com")!.text, "confirm-email");

    expect((await request(app, "POST", "/api/v1/account/sessions/revoke-all", { token: ada.token })).status).toBe(200);
    const confirmed = await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: confirmToken } });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.error.code).toBe("invalid_email_token");
    const again = await request(app, "GET", "/api/v1/account", { token: await logIn("ada@example.com") });
    expect(again.body.account).toMatchObject({ email: "ada@example.com", pendingEmail: null });
  });

  it("signing one device out also cancels an address change not yet confirmed, and says so", async () => {
    // Found by an attack: a thief signed in with the password asked to move the account to their
    // address; the member signed that device out, yet the thief's link still took the account.
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    const thief = await logIn("ada@example.com");
    const asked = await request(app, "POST", "/api/v1/account/email", { token: thief, body: { email: "thief@example.com", currentPassword: PASSWORD } });
    expect(asked.status).toBe(202);
    await settle();
    const confirmToken = linkToken(app.mails.find((m) => m.to === "thief@example.com")!.text, "confirm-email");

    const listed = await request(app, "GET", "/api/v1/account/sessions", { token: ada.token });
    const thiefSession = (listed.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
    const revoked = await request(app, "POST", `/api/v1/account/sessions/${thiefSession}/revoke`, { token: ada.token, headers: { "Accept-Language": "ja" } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toContain("thief@example.com");
    const confirmed = await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: confirmToken } });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.error.code).toBe("invalid_email_token");
    const again = await request(app, "GET", "/api/v1/account", { token: ada.token });
    expect(again.body.account).toMatchObject({ email: "ada@example.com", pendingEmail: null });
  });

  it("exports the caller's own data as JSON", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    const bob = await signUp("bob@example.com");
    await app.appContext.db.insert(aiQuestions).values([
      { userId: ada.id, topic: "tax-consultation", lang: "en", question: "Mine?", answer: "Yes", status: "answered" },
      { userId: bob.id, topic: "tax-consultation", lang: "en", question: "Bob's", answer: "No", status: "answered" },
    ]);
    await request(app, "POST", "/api/v1/payment/create", { token: ada.token, body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" } });
    const res = await request(app, "GET", "/api/v1/account/export", { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"/);
    expect(res.body.profile).toMatchObject({ email: "ada@example.com" });
    expect(res.body.questions.map((q: { question: string }) => q.question)).toEqual(["Mine?"]);
    expect(res.body.payments).toHaveLength(1);
    expect(res.body.ledger.map((l: { kind: string }) => l.kind)).toEqual(["signup_grant", "purchase"]);
  });

  it("deletes the account with its password: personal data removed, payments and ledger kept without an owner, contact messages left alone", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    const bob = await signUp("bob@example.com");
    const { db } = app.appContext;
    await request(app, "POST", "/api/v1/payment/create", { token: ada.token, body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" } });
    await db.insert(aiQuestions).values({ userId: ada.id, topic: "tax-consultation", lang: "en", question: "Q", answer: "A", status: "answered" });
    await db.insert(contactMessages).values([
      { name: "Ada", email: "ADA@example.com", subject: "Hi", message: "Hello" },
      { name: "Bob", email: "bob@example.com", subject: "Hi", message: "Hello" },
    ]);
    await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: "ada@example.com" } });

    const wrong = await request(app, "POST", "/api/v1/account/delete", { token: ada.token, body: { currentPassword: "guess" } });
    expect(wrong.status).toBe(400);
    const missing = await request(app, "POST", "/api/v1/account/delete", { token: ada.token, body: {} });
    expect(missing.body.error.codes.currentPassword).toBe("required");
    expect(await db.select().from(users)).toHaveLength(2);

    const ok = await request(app, "POST", "/api/v1/account/delete", { token: ada.token, body: { currentPassword: PASSWORD } });
    expect(ok.status).toBe(200);
    expect((await db.select().from(users)).map((u) => u.email)).toEqual(["bob@example.com"]);
    expect(await db.select().from(aiQuestions)).toHaveLength(0);
    expect((await db.select().from(sessions)).every((s) => s.userId === bob.id)).toBe(true);
    expect(await db.select().from(passwordResets)).toHaveLength(0);
    // Anyone can sign up with any address (nothing proves it is theirs) and anyone can send the
    // contact form with it: deleting the account must not erase what others sent from that address.
    expect((await db.select().from(contactMessages)).map((m) => m.email).sort()).toEqual(["ADA@example.com", "bob@example.com"]);
    const kept = await db.select().from(payments);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.userId).toBeNull();
    // The receipt was made out to her name and address: those go with the account.
    expect(kept[0]).toMatchObject({ billedName: null, billedEmail: null });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.paymentId, kept[0]!.id));
    expect(ledger).toMatchObject([{ userId: null, kind: "purchase", delta: 50 }]);
    expect((await request(app, "GET", "/api/v1/account", { token: ada.token })).status).toBe(401);
  });

  it("refuses to delete the last administrator", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    await app.appContext.db.update(users).set({ role: "admin" });
    const res = await request(app, "POST", "/api/v1/account/delete", { token: ada.token, body: { currentPassword: PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("last_admin");
    expect(await app.appContext.db.select().from(users)).toHaveLength(1);
  });

  it("spends the reset links mailed before a password change or an e-mail change, and the address changes asked before a password change", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token } = await signUp("ada@example.com");
    const resetLink = async (email: string) => {
      await request(app, "POST", "/api/v1/user/password/forgot", { body: { email } });
      await settle();
      return linkToken(app.mails.filter((m) => m.to === email).at(-1)!.text, "reset-password");
    };
    const usable = async (reset: string) => (await request(app, "POST", "/api/v1/user/password/reset/check", { body: { token: reset } })).status === 200;

    // A link in a mailbox the member no longer controls must not outlive the password it would replace.
    const beforePasswordChange = await resetLink("ada@example.com");
    // An address change asked by whoever knew the old password must not survive the new one.
    await request(app, "POST", "/api/v1/account/email", { token, body: { email: "elsewhere@example.com", currentPassword: PASSWORD } });
    await settle();
    const addressChange = linkToken(app.mails.find((m) => m.to === "elsewhere@example.com")!.text, "confirm-email");
    const changed = await request(app, "POST", "/api/v1/account/password", { token, body: { currentPassword: PASSWORD, newPassword: "a brand new secret" } });
    expect(changed.status).toBe(200);
    // Found by a stranger's review: the change was cancelled without a word, and its link then said only "invalid".
    expect(changed.body.message).toBe(
      "Your password has been changed. Every other device has been signed out, and the change of address to elsewhere@example.com that was waiting for confirmation was cancelled: ask for it again if you still want it.",
    );
    expect(await usable(beforePasswordChange)).toBe(false);
    const reset = await request(app, "POST", "/api/v1/user/password/reset", { body: { token: beforePasswordChange, password: "the thief's choice" } });
    expect(reset.status).toBe(400);
    expect((await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: addressChange } })).body.error.code).toBe("invalid_email_token");

    // A reset link used instead of the settings (a member who suspects a thief) cancels the thief's address change too.
    await request(app, "POST", "/api/v1/account/email", { token, body: { email: "thief@example.com", currentPassword: "a brand new secret" } });
    await settle();
    const theft = linkToken(app.mails.find((m) => m.to === "thief@example.com")!.text, "confirm-email");
    const recover = await resetLink("ada@example.com");
    expect((await request(app, "POST", "/api/v1/user/password/reset", { body: { token: recover, password: "a brand new secret" } })).status).toBe(200);
    expect((await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: theft } })).body.error.code).toBe("invalid_email_token");
    // The mailbox is told, as after a change in the settings.
    await settle();
    expect(app.mails.some((m) => m.to === "ada@example.com" && /password was reset/.test(m.subject) && m.text.includes("/forgot-password"))).toBe(true);
    // The reset signed every session out.
    const again = await logIn("ada@example.com", "a brand new secret");
    expect(again).toBeTruthy();

    // The old address's mailbox keeps no way in once the account has moved to a new address.
    const beforeMove = await resetLink("ada@example.com");
    await request(app, "POST", "/api/v1/account/email", { token: again, body: { email: "new@example.com", currentPassword: "a brand new secret" } });
    await settle();
    const move = linkToken(app.mails.find((m) => m.to === "new@example.com")!.text, "confirm-email");
    expect((await request(app, "POST", "/api/v1/account/email/confirm", { body: { token: move } })).status).toBe(200);
    expect(await usable(beforeMove)).toBe(false);
    expect(await logIn("new@example.com", "a brand new secret")).toBeTruthy();
  });

  it("checks a reset link before it is used: unknown, used and expired links are refused", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    await signUp("ada@example.com");
    await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: "ada@example.com" } });
    await settle();
    const token = linkToken(app.mails.at(-1)!.text, "reset-password");
    expect((await request(app, "POST", "/api/v1/user/password/reset/check", { body: { token } })).body).toMatchObject({ valid: true });
    const missing = await request(app, "POST", "/api/v1/user/password/reset/check", { body: {} });
    expect(missing.status).toBe(400);
    const unknown = await request(app, "POST", "/api/v1/user/password/reset/check", { body: { token: "nope" }, headers: { "Accept-Language": "ja" } });
    expect(unknown.body.error).toMatchObject({ code: "invalid_reset_token" });
    expect(unknown.body.error.message).toContain("無効");
    await request(app, "POST", "/api/v1/user/password/reset", { body: { token, password: "another long secret" } });
    expect((await request(app, "POST", "/api/v1/user/password/reset/check", { body: { token } })).status).toBe(400);
    await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: "ada@example.com" } });
    await settle();
    const expiring = linkToken(app.mails.at(-1)!.text, "reset-password");
    await app.appContext.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await request(app, "POST", "/api/v1/user/password/reset/check", { body: { token: expiring } })).status).toBe(400);
  });
});

describe("the session list of a member with many devices", { timeout: 60_000 }, () => {
  // Found by an attacker: the list stopped at the 100 latest, said nothing of the others, and a
  // member using an older session did not find this device in it.
  it("always lists this device and says how many active sessions there are", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    // 120 newer sessions on other devices.
    const later = Date.now() + 60_000;
    await app.appContext.db.insert(sessions).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: ada.id,
        tokenHash: String(i).padStart(64, "f"),
        lastUsedAt: new Date(later + i * 1000),
        expiresAt: new Date(later + 86_400_000),
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0",
      })),
    );
    const res = await request(app, "GET", "/api/v1/account/sessions", { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(121);
    expect(res.body.sessions.length).toBeLessThan(121);
    expect(res.body.sessions[0]).toMatchObject({ current: true });
    expect(res.body.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
  });
});
