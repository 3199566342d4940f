import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactMessages } from "~/db/schema";
import { CONTACT_RATE_RULE } from "~/lib/rate-rules";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

const valid = {
  name: "Hanako Yamada",
  email: "hanako@example.com",
  company: "Yamada Trading",
  subject: "Transfer pricing review",
  message: "We would like a review of our intercompany agreements before year end.",
  service: "consulting",
};

async function rows(app: TestApp) {
  return app.appContext.db.select().from(contactMessages);
}

describe("POST /api/v1/contact", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("stores the message, mails the site's address and answers 201 with the id", async () => {
    app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test", SITE_NAME: "TaxAtlas" });
    const res = await request(app, "POST", "/api/v1/contact", { body: valid });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe("Thank you for contacting us. We'll get back to you within 24 hours.");
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.acknowledged).toBe(false);

    const [row] = await app.appContext.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.id));
    expect(row).toMatchObject({ ...valid, lang: "en", readAt: null });

    expect(app.mails).toHaveLength(1);
    expect(app.mails[0]).toMatchObject({ to: "team@taxatlas.test", replyTo: valid.email });
    expect(app.mails[0]!.subject).toBe("[TaxAtlas] Contact: Transfer pricing review");
    expect(app.mails[0]!.text).toContain(valid.message);
  });

  it("takes a message of the textarea's 5,000 characters sent with CRLF line breaks, as browsers send them, and stores LF", async () => {
    // Found by an attack: 100 line breaks sent as CRLF made 5,099 characters, and the message its own
    // textarea allowed was refused as too long.
    app = await createTestApp({ RATE_LIMITS: "false" });
    const lines = Array.from({ length: 100 }, () => "x".repeat(49)).join("\n");
    expect(lines.length).toBe(4999);
    const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, message: lines.replaceAll("\n", "\r\n") } });
    expect(res.status).toBe(201);
    const [row] = await app.appContext.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.id));
    expect(row!.message).toBe(lines);
  });

  it("does not mail when CONTACT_EMAIL is not set, and stores the message anyway", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/contact", { body: valid });
    expect(res.status).toBe(201);
    expect(app.mails).toHaveLength(0);
    expect(await rows(app)).toHaveLength(1);
  });

  it("keeps the message when the notification e-mail fails", async () => {
    app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test" });
    app.appContext.mailer.send = async () => {
      throw new Error("SMTP down");
    };
    const res = await request(app, "POST", "/api/v1/contact", { body: valid });
    expect(res.status).toBe(201);
    expect(await rows(app)).toHaveLength(1);
  });

  describe("the acknowledgement to a signed-in member", () => {
    const MEMBER = "Member.Mori@Example.com";

    async function signUp(email = MEMBER) {
      const res = await request(app, "POST", "/api/v1/user/register", { body: { email, password: "correct horse battery", name: "Mori Aiko" } });
      expect(res.status).toBe(201);
      return { token: res.body.token as string, email: res.body.user.email as string };
    }
    const toMember = (email: string) => app.mails.filter((m) => m.to.toLowerCase() === email.toLowerCase());

    it("mails the member a confirmation in the request's language when the form's address is the account's (letter case ignored)", async () => {
      app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test", SITE_NAME: "TaxAtlas" });
      const member = await signUp();
      const res = await request(app, "POST", "/api/v1/contact", {
        body: { ...valid, email: MEMBER.toUpperCase(), subject: "返金のご依頼：R-000042", message: "ご購入 R-000042 の返金をお願いします。\n二行目です。" },
        token: member.token,
        headers: { "Accept-Language": "ja" },
      });
      expect(res.status).toBe(201);
      expect(res.body.acknowledged).toBe(true);
      // The team's notification still goes out, and exactly one acknowledgement to the member.
      expect(app.mails.filter((m) => m.to === "team@taxatlas.test")).toHaveLength(1);
      const acks = toMember(member.email);
      expect(acks).toHaveLength(1);
      const ack = acks[0]!;
      expect(ack.to).toBe(member.email);
      // A reply to the acknowledgement reaches the firm, not the no-reply sender.
      expect(ack.replyTo).toBe("team@taxatlas.test");
      expect(ack.subject).toBe("TaxAtlas へのお問い合わせを受け付けました");
      expect(ack.text).toContain("24時間以内");
      // Nothing the sender wrote: sign-up proves no address (docs/product.md, Contact).
      for (const chosen of ["R-000042", "Mori Aiko"]) expect(`${ack.subject}\n${ack.text}`).not.toContain(chosen);
      // The firm's contact details as the other e-mails give them: the address and the contact page.
      expect(ack.text).toContain("team@taxatlas.test");
      expect(ack.text).toMatch(/\/ja\/contact\b/);
      expect(await rows(app)).toHaveLength(1);
    });

    it("writes the acknowledgement in English and Chinese too", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const member = await signUp();
      for (const [lang, thanks] of [
        ["en", "within 24 hours"],
        ["zh", "24小时内"],
      ] as const) {
        const body = { ...valid, email: member.email, subject: `${valid.subject} (${lang})` };
        const res = await request(app, "POST", "/api/v1/contact", { body, token: member.token, headers: { "Accept-Language": lang } });
        expect(res.body.acknowledged).toBe(true);
        const ack = toMember(member.email).at(-1)!;
        expect(ack.text).toContain(thanks);
        expect(ack.text).not.toContain(valid.message);
        expect(ack.subject).not.toContain(valid.subject);
      }
      expect(toMember(member.email)).toHaveLength(2);
    });

    it("sends nothing to a different address than the account's", async () => {
      app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test" });
      const member = await signUp();
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: "someone.else@example.com" }, token: member.token });
      expect(res.status).toBe(201);
      expect(res.body.acknowledged).toBe(false);
      expect(app.mails.map((m) => m.to)).toEqual(["team@taxatlas.test"]);
      expect(await rows(app)).toHaveLength(1);
    });

    it("sends nothing to an anonymous sender, even one who types a member's address", async () => {
      app = await createTestApp();
      const member = await signUp();
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: member.email } });
      expect(res.status).toBe(201);
      expect(res.body.acknowledged).toBe(false);
      expect(app.mails).toHaveLength(0);
    });

    it("takes an unknown, malformed or signed-out token as anonymous: stored, no 401, no mail", async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const member = await signUp();
      const signedOut = await signUp("signed.out@example.com");
      expect((await request(app, "POST", "/api/v1/user/logout", { body: {}, token: signedOut.token })).status).toBeLessThan(300);
      const attempts = [
        { token: "x".repeat(43), email: member.email },
        { token: "not a token at all", email: member.email },
        { token: "y".repeat(500), email: member.email },
        { token: signedOut.token, email: signedOut.email },
      ];
      for (const [i, { token, email }] of attempts.entries()) {
        const body = { ...valid, email, subject: `${valid.subject} ${i}` };
        const res = await request(app, "POST", "/api/v1/contact", { body, headers: { Authorization: `Bearer ${token}` } });
        expect(res.status).toBe(201);
        expect(res.body.acknowledged).toBe(false);
      }
      const basic = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: member.email }, headers: { Authorization: "Basic abc" } });
      expect(basic.status).toBe(201);
      expect(basic.body.acknowledged).toBe(false);
      expect(app.mails).toHaveLength(0);
      expect(await rows(app)).toHaveLength(attempts.length + 1);
    });

    it("keeps the message and answers 201 when the acknowledgement fails, and logs the failure", async () => {
      app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test" });
      const member = await signUp();
      const warn = vi.spyOn(app.appContext.logger, "warn");
      const sent: string[] = [];
      app.appContext.mailer.send = async (message) => {
        if (message.to === member.email) throw new Error("SMTP down");
        sent.push(message.to);
      };
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: member.email }, token: member.token });
      expect(res.status).toBe(201);
      expect(res.body.acknowledged).toBe(false);
      expect(sent).toEqual(["team@taxatlas.test"]);
      expect(await rows(app)).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ id: res.body.id }), expect.stringContaining("acknowledgement"));
    });

    // Review: sign-up confirms no address (anyone can register with anyone's), so "the account's own
    // address" is one a visitor typed; the copy then carries a stranger's text to it: a relay.
    it("mails no text a visitor chose to an address nobody proved, as an account signed up with a stranger's address", async () => {
      app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test", RATE_LIMITS: "false" });
      const victim = "victim@example.org";
      const res0 = await request(app, "POST", "/api/v1/user/register", {
        body: { email: victim, password: "correct horse battery", name: "Cheap pills at spam.example" },
      });
      expect(res0.status).toBe(201);
      const spam = { ...valid, email: victim, subject: "WIN A PRIZE at spam.example", message: "Claim it now: https://spam.example/claim" };
      for (let i = 0; i < 3; i += 1) {
        const res = await request(app, "POST", "/api/v1/contact", { body: spam, token: res0.body.token });
        expect(res.status).toBe(201);
      }
      const toVictim = app.mails.filter((m) => m.to.toLowerCase() === victim);
      for (const mail of toVictim) expect(`${mail.subject}\n${mail.text}`).not.toContain("spam.example");
    });

    it("keeps the spam guard: a filled honeypot from a member is refused and nothing is mailed", async () => {
      app = await createTestApp();
      const member = await signUp();
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: member.email, website: "x" }, token: member.token });
      expect(res.status).toBe(400);
      expect(app.mails).toHaveLength(0);
    });
  });

  it("defaults company to empty and service to general, and answers in the request's language", async () => {
    app = await createTestApp();
    const { company: _c, service: _s, ...minimal } = valid;
    const res = await request(app, "POST", "/api/v1/contact", { body: minimal, headers: { "Accept-Language": "ja" } });
    expect(res.status).toBe(201);
    expect(res.body.message).toContain("24時間以内");
    const [row] = await rows(app);
    expect(row).toMatchObject({ company: "", service: "general", lang: "ja" });
  });

  it.each(["name", "email", "subject", "message"] as const)("requires %s (missing or blank)", async (field) => {
    app = await createTestApp();
    for (const value of [undefined, "", "   "]) {
      const body: Record<string, unknown> = { ...valid, [field]: value };
      if (value === undefined) delete body[field];
      const res = await request(app, "POST", "/api/v1/contact", { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.codes).toEqual({ [field]: "required" });
      expect(res.body.error.fields[field]).toBe("This field is required.");
    }
    expect(await rows(app)).toHaveLength(0);
  });

  it("reports every missing field at once, translated", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/contact", { body: {}, headers: { "Accept-Language": "zh" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["email", "message", "name", "subject"]);
    expect(res.body.error.fields.name).toBe("此项为必填项。");
  });

  it("refuses an invalid email address", async () => {
    app = await createTestApp();
    for (const email of ["not-an-email", "a@b", "two@@example.com", "spaces in@example.com"]) {
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email } });
      expect(res.status).toBe(400);
      expect(res.body.error.codes).toEqual({ email: "invalid_email" });
      expect(res.body.error.fields.email).toBe("Enter a valid email address.");
    }
    expect(await rows(app)).toHaveLength(0);
  });

  it("refuses an unknown service", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, service: "lottery" } });
    expect(res.status).toBe(400);
    expect(res.body.error.codes).toEqual({ service: "invalid_choice" });
  });

  it("rejects a filled honeypot with a translated message and stores nothing", async () => {
    app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test" });
    const res = await request(app, "POST", "/api/v1/contact", {
      body: { ...valid, website: "https://spam.example" },
      headers: { "Accept-Language": "ja" },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe("spam_rejected");
    expect(res.body.message).toContain("スパム");
    // The refusal does not tell a bot which field gave it away.
    expect(res.body.message).not.toMatch(/website/i);
    expect(await rows(app)).toHaveLength(0);
    expect(app.mails).toHaveLength(0);
  });

  it("limits each address to 5 messages per 10 minutes with a translated 429", async () => {
    app = await createTestApp();
    for (let i = 0; i < CONTACT_RATE_RULE.points; i++) {
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, subject: `Question ${i}` } });
      expect(res.status).toBe(201);
    }
    const res = await request(app, "POST", "/api/v1/contact", { body: valid, headers: { "Accept-Language": "zh" } });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("rate_limited");
    expect(res.body.message).toBe("您在短时间内发送了多条留言，请等待几分钟后再发送。");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(CONTACT_RATE_RULE.windowSeconds);
    expect(await rows(app)).toHaveLength(CONTACT_RATE_RULE.points);
  });

  it("stores and mails a message sent again at once or minutes later once (a stranger: every copy was stored)", async () => {
    app = await createTestApp({ CONTACT_EMAIL: "team@taxatlas.test", RATE_LIMITS: "false" });
    const atOnce = await Promise.all(Array.from({ length: 20 }, () => request(app, "POST", "/api/v1/contact", { body: valid })));
    expect(atOnce.map((res) => res.status)).toEqual(atOnce.map(() => 201));
    expect(new Set(atOnce.map((res) => res.body.id)).size).toBe(1);
    expect(await rows(app)).toHaveLength(1);
    expect(app.mails).toHaveLength(1);

    // The same words with the address in capitals and spaces around them are the same message.
    const again = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: " HANAKO@example.com", message: `${valid.message}\n` } });
    expect(again.body).toMatchObject({ success: true, id: atOnce[0]!.body.id });
    expect(await rows(app)).toHaveLength(1);
    expect(app.mails).toHaveLength(1);

    // The same words typed with combining accents (another keyboard, a paste) are the same message.
    const decomposed = await request(app, "POST", "/api/v1/contact", { body: { ...valid, name: "Hana\u0301ko Yamada" } });
    const composed = await request(app, "POST", "/api/v1/contact", { body: { ...valid, name: "Hanáko Yamada" } });
    expect(decomposed.body.id).toBe(composed.body.id);
    expect(await rows(app)).toHaveLength(2);

    // Another subject is another message, and the same one sent after the window is stored again.
    const other = await request(app, "POST", "/api/v1/contact", { body: { ...valid, subject: "Another question" } });
    expect(other.body.id).not.toBe(atOnce[0]!.body.id);
    await app.appContext.db.update(contactMessages).set({ createdAt: new Date(Date.now() - 11 * 60_000) });
    const later = await request(app, "POST", "/api/v1/contact", { body: valid });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(atOnce[0]!.body.id);
    expect(await rows(app)).toHaveLength(4);
  });

  it("does not count invalid submissions against the limit", async () => {
    app = await createTestApp();
    for (let i = 0; i < 8; i++) {
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, email: "nope" } });
      expect(res.status).toBe(400);
    }
    const res = await request(app, "POST", "/api/v1/contact", { body: valid });
    expect(res.status).toBe(201);
  });

  it("answers bodies that are not JSON with a clear 4xx, never a 500", async () => {
    app = await createTestApp();
    const malformed = await request(app, "POST", "/api/v1/contact", {
      raw: "{name: 'x',",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");

    const jsonNull = await request(app, "POST", "/api/v1/contact", { raw: "null", headers: { "Content-Type": "application/json" } });
    expect(jsonNull.status).toBe(400);

    const array = await request(app, "POST", "/api/v1/contact", { body: [valid] });
    expect(array.status).toBe(400);
    expect(array.body.error.code).toBe("invalid_json");

    const form = await request(app, "POST", "/api/v1/contact", {
      raw: new URLSearchParams(valid).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe("unsupported_media_type");

    const text = await request(app, "POST", "/api/v1/contact", { raw: "hello", headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(415);

    const empty = await request(app, "POST", "/api/v1/contact");
    expect(empty.status).toBe(415);
    expect(await rows(app)).toHaveLength(0);
  });

  it("answers wrong types with 400 invalid_type per field", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/contact", {
      body: { name: 42, email: ["a@b.com"], company: { x: 1 }, subject: true, message: 3.5, service: 7 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.codes).toEqual({
      name: "invalid_type",
      email: "invalid_type",
      company: "invalid_type",
      subject: "invalid_type",
      message: "invalid_type",
      service: "invalid_choice",
    });
    expect(await rows(app)).toHaveLength(0);
  });

  it("answers 100 KB strings with a clear 400 and an oversized body with 413", async () => {
    app = await createTestApp();
    const big = "x".repeat(100 * 1024);
    for (const field of ["name", "email", "company", "subject", "message"] as const) {
      const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, [field]: big } });
      expect(res.status).toBe(400);
      expect(res.body.error.codes[field]).toMatch(/^too_long:\d+$/);
    }
    const huge = await request(app, "POST", "/api/v1/contact", { body: { ...valid, message: "y".repeat(400 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
    expect(await rows(app)).toHaveLength(0);
  });

  it("accepts a message at the length limit", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/contact", { body: { ...valid, message: "m".repeat(5000) } });
    expect(res.status).toBe(201);
  });

  it("stores script tags verbatim (they are escaped when shown, never executed)", async () => {
    app = await createTestApp();
    const script = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const res = await request(app, "POST", "/api/v1/contact", {
      body: { ...valid, name: script, subject: script, message: `Hello ${script} & "quotes"` },
    });
    expect(res.status).toBe(201);
    const [row] = await rows(app);
    expect(row!.name).toBe(script);
    expect(row!.subject).toBe(script);
    expect(row!.message).toBe(`Hello ${script} & "quotes"`);
  });
});
