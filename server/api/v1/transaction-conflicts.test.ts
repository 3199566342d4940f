// A write that PostgreSQL aborts for meeting another one (a deadlock, 40P01, or a serialization
// failure, 40001) changed nothing: the member is told to send it again, in their language, not
// given a 500 (docs/reliability.md, "Attacks and their answers").
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { creditLedger, payments, users } from "~/db/schema";
import { insertAdmin } from "~/tests/helpers/admin-data";
import { abortedWith, aroundNextStatement } from "~/tests/helpers/statement-hook";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

let app: TestApp;
let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await app?.close();
});

const PASSWORD = "correct horse battery";


describe("a write aborted by a concurrent one", { timeout: 60_000 }, () => {
  for (const [code, lang, expected] of [
    ["40P01", "en", /try again/i],
    ["40001", "ja", /もう一度/],
    ["40P01", "zh", /重新/],
  ] as const) {
    it(`answers ${code} with a 409 the member can act on (${lang}), and keeps the account`, async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const signup = await request(app, "POST", "/api/v1/user/register", { body: { email: "ada@example.com", password: PASSWORD, name: "Ada" } });
      expect(signup.status).toBe(201);
      restore = aroundNextStatement(app.appContext, "before", /from "users" where "users"."id" = /i, async () => {
        throw abortedWith(code);
      });
      const answer = await request(app, "POST", "/api/v1/account/delete", {
        token: signup.body.token,
        body: { currentPassword: PASSWORD },
        headers: { "Accept-Language": lang },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe("concurrent_change");
      expect(answer.body.error.message).toMatch(expected);
      expect(answer.headers.get("retry-after")).toBe("1");
      const kept = await app.appContext.db.select({ id: users.id }).from(users).where(eq(users.email, "ada@example.com"));
      expect(kept).toHaveLength(1);
    });
  }
});

// Found by a review: after the provider has charged the card or made the refund, the database step
// that records it must not be lost to a deadlock (the member charged and told nothing changed).
describe("a write after the payment provider acted, aborted by a concurrent one", { timeout: 60_000 }, () => {
  it("grants a charged checkout all the same, once", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const signup = await request(app, "POST", "/api/v1/user/register", { body: { email: "ada@example.com", password: PASSWORD, name: "Ada" } });
    restore = aroundNextStatement(app.appContext, "before", /with granted as \(update payments set status = 'succeeded'/i, async () => {
      throw abortedWith("40P01");
    });
    const bought = await request(app, "POST", "/api/v1/payment/create", {
      token: signup.body.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.status).toBe("succeeded");
    const [user] = await app.appContext.db.select({ credits: users.credits }).from(users).where(eq(users.email, "ada@example.com"));
    const purchases = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "purchase"));
    expect({ credits: user!.credits, purchases: purchases.length }).toEqual({ credits: 53, purchases: 1 });
  });

  it("says a charged checkout whose grant kept meeting concurrent writes was charged, and Pay again grants it once (a review)", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const signup = await request(app, "POST", "/api/v1/user/register", { body: { email: "ada@example.com", password: PASSWORD, name: "Ada" } });
    restore = aroundNextStatement(
      app.appContext,
      "before",
      /with granted as \(update payments set status = 'succeeded'/i,
      async () => {
        throw abortedWith("40P01");
      },
      3,
    );
    const body = { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: "co-review-0001" };
    const bought = await request(app, "POST", "/api/v1/payment/create", { token: signup.body.token, body, headers: { "Accept-Language": "ja" } });
    expect(bought.status).toBe(503);
    expect(bought.body.error.code).toBe("payment_not_recorded");
    expect(bought.body.error.message).toBe(
      "カードへの請求は完了しましたが、クレジットをまだ追加できていません。少し待ってからもう一度「支払う」を押してください。同じお支払いとして処理されるため、二重に請求されることはありません。",
    );
    expect(bought.headers.get("retry-after")).toBe("1");
    const before = await app.appContext.db.select({ credits: users.credits }).from(users).where(eq(users.email, "ada@example.com"));
    expect(before[0]!.credits).toBe(3);

    const again = await request(app, "POST", "/api/v1/payment/create", { token: signup.body.token, body });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("succeeded");
    const [user] = await app.appContext.db.select({ credits: users.credits }).from(users).where(eq(users.email, "ada@example.com"));
    const purchases = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "purchase"));
    const charged = await app.appContext.db.select().from(payments);
    expect({ credits: user!.credits, purchases: purchases.length, payments: charged.length }).toEqual({ credits: 53, purchases: 1, payments: 1 });
  });

  it("answers the payment's success when the provider's notice granted it while the grant kept failing (a review)", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const signup = await request(app, "POST", "/api/v1/user/register", { body: { email: "ada@example.com", password: PASSWORD, name: "Ada" } });
    let failures = 0;
    restore = aroundNextStatement(
      app.appContext,
      "before",
      /with granted as \(update payments set status = 'succeeded'/i,
      async () => {
        // The last failure comes after the notice's grant (written here as that grant leaves the row).
        if (++failures === 3) await app.appContext.db.update(payments).set({ status: "succeeded", grantedAt: new Date() });
        throw abortedWith("40P01");
      },
      3,
    );
    const bought = await request(app, "POST", "/api/v1/payment/create", {
      token: signup.body.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: "co-review-0002" },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.status).toBe("succeeded");
  });

  it("records a refund the provider made all the same, once", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const signup = await request(app, "POST", "/api/v1/user/register", { body: { email: "ada@example.com", password: PASSWORD, name: "Ada" } });
    const bought = await request(app, "POST", "/api/v1/payment/create", {
      token: signup.body.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" },
    });
    restore = aroundNextStatement(app.appContext, "before", /update "payments" set "status" = \$1, "refunded_at" = now\(\)/i, async () => {
      throw abortedWith("40001");
    });
    const refunded = await request(app, "POST", "/api/v1/refunds", { token: admin.token, body: { paymentId: bought.body.transactionId } });
    expect(refunded.status).toBe(200);
    const [payment] = await app.appContext.db.select({ status: payments.status }).from(payments);
    const refunds = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect({ status: payment!.status, refunds: refunds.length }).toEqual({ status: "refunded", refunds: 1 });
  });
});
