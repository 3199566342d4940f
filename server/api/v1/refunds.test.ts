// Refunds: admin only, in full, within 14 days, while the credits are unused; once.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { aiQuestions, creditLedger, payments, users } from "~/db/schema";
import { KNOWLEDGE_BASE } from "~/lib/ai/knowledge-base";
import { endQuestion, reserveQuestion } from "~/lib/ai/questions.server";
import { refundPayment } from "~/lib/payments/refunds.server";
import { createStripeProvider } from "~/lib/payments/stripe-provider.server";
import { createTestProvider } from "~/lib/payments/test-provider";
import { startFakeStripe, type FakeStripe } from "~/tests/fakes/fake-stripe";
import { insertAdmin } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { secondConnection, usingPostgres } from "~/tests/helpers/test-db";

let app: TestApp;
afterEach(async () => app?.close());

async function member(email = "ada@example.com") {
  const res = await request(app, "POST", "/api/v1/user/register", { body: { email, password: "correct horse battery" } });
  return { token: res.body.token as string, id: res.body.user.id as string };
}

async function purchase(token: string, pkg: "basic" | "pro" | "enterprise" = "basic") {
  const res = await request(app, "POST", "/api/v1/payment/create", { token, body: { package: pkg, paymentMethodId: "pm_card_visa", country: "JP" } });
  expect(res.body.status).toBe("succeeded");
  return res.body.transactionId as string;
}

const refund = (token: string, paymentId: unknown, lang = "en") =>
  request(app, "POST", "/api/v1/refunds", { token, body: { paymentId }, headers: { "Accept-Language": lang } });

/** A question the published material answers (so it costs a credit without a model); its answer read to the end. */
async function askAssistant(token: string) {
  const response = await fetch(`${await app.url()}/api/v1/ai/ask`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ topic: "tax-consultation", lang: "en", question: KNOWLEDGE_BASE["tax-consultation"][0]!.en.question }),
  });
  await response.text();
  return response.status;
}

/** Resolves once `count` mails match (mails go out after the answer): waited for, not given a fixed time a busy machine can outrun. */
const mailed = (match: (mail: TestApp["mails"][number]) => boolean, count = 1) =>
  expect.poll(() => app.mails.filter(match).length, { timeout: 10_000 }).toBe(count);

describe("refunds (test mode)", { timeout: 120_000 }, () => {
  it("refunds in full once: payment marked refunded, a refund ledger row, the member told; a second time is refused", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);

    const list = await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: admin.token });
    expect(list.body).toMatchObject({ balance: 53, purchases: [{ id: paymentId, blocked: null }] });

    const ok = await refund(admin.token, paymentId);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      creditsRemoved: 50,
      balance: 3,
      message: "Refunded $25 in test mode (no money was charged, so none is returned); 50 credits were removed.",
    });
    const [row] = await app.appContext.db.select().from(payments);
    expect(row).toMatchObject({ status: "refunded", refundedBy: admin.id });
    expect(row!.refundRef).toMatch(/^re_test_/);
    const ledger = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect(ledger).toMatchObject([{ userId: ada.id, delta: -50, balanceAfter: 3, paymentId, adminId: admin.id }]);

    const again = await refund(admin.token, paymentId, "ja");
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_refunded");
    expect(again.body.error.message).toContain("返金済み");
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(3);

    const receipt = await request(app, "GET", `/api/v1/payment/receipts/${paymentId}`, { token: ada.token });
    expect(receipt.body.receipt.refundedAt).toBeTruthy();
    const history = await request(app, "GET", "/api/v1/payment/history", { token: ada.token });
    expect(history.body.payments[0]).toMatchObject({ status: "refunded" });
    await mailed((m) => m.to === "ada@example.com" && /has been refunded/.test(m.subject));
    const mail = app.mails.find((m) => m.to === "ada@example.com" && /has been refunded/.test(m.subject));
    // A test-mode purchase moved no money: the e-mail must not promise any on the card (found by an operations review).
    expect(mail?.text).toContain("test mode");
    expect(mail?.text).not.toContain("business days");
  });

  it("the administrator's answer and the member's e-mail say that a test-mode refund moved no money, in the member's language", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    // The e-mail goes out in the language the member last used the site in.
    await app.appContext.db.update(users).set({ lang: "ja" }).where(eq(users.id, ada.id));
    const ok = await refund(admin.token, paymentId, "zh");
    expect(ok.status).toBe(200);
    expect(ok.body.message).toContain("测试模式");
    await mailed((m) => m.to === "ada@example.com" && m.subject.includes("返金"));
    const mail = app.mails.find((m) => m.to === "ada@example.com" && m.subject.includes("返金"));
    expect(mail?.text).toContain("テストモード");
    expect(mail?.text).not.toContain("営業日");
  });

  it("a refunded payment asked again (the same checkout's key, or a confirm) says it was refunded, never that it succeeded", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const body = { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: "checkout-attempt-1" };
    const first = await request(app, "POST", "/api/v1/payment/create", { token: ada.token, body });
    expect(first.body).toMatchObject({ status: "succeeded", creditsAdded: 50, credits: 53 });
    expect((await refund(admin.token, first.body.transactionId)).status).toBe(200);

    for (const lang of ["en", "ja", "zh"]) {
      const replay = await request(app, "POST", "/api/v1/payment/create", { token: ada.token, body, headers: { "Accept-Language": lang } });
      const confirm = await request(app, "POST", "/api/v1/payment/confirm", {
        token: ada.token,
        body: { transactionId: first.body.transactionId },
        headers: { "Accept-Language": lang },
      });
      for (const answer of [replay, confirm]) {
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe("payment_refunded");
        expect(answer.body.error.message).toMatch(lang === "en" ? /refunded/ : lang === "ja" ? /返金/ : /退款/);
      }
    }
    // Nothing granted again: the balance and the ledger are as the refund left them.
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(3);
    const rows = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.userId, ada.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(["purchase", "refund", "signup_grant"]);
  });

  it("two refunds at once remove the credits once", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const results = await Promise.all([refund(admin.token, paymentId), refund(admin.token, paymentId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(1);
  });

  it("refuses after 14 days and when the credits were spent, changing nothing", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const old = await purchase(ada.token);
    const recent = await purchase(ada.token);
    await app.appContext.db.update(payments).set({ grantedAt: sql`now() - interval '15 days'` }).where(eq(payments.id, old));
    const late = await refund(admin.token, old);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("refund_window_passed");
    await app.appContext.db.update(users).set({ credits: 49 }).where(eq(users.id, ada.id));
    const spent = await refund(admin.token, recent, "zh");
    expect(spent.status).toBe(409);
    expect(spent.body.error).toMatchObject({ code: "insufficient_credits", balance: 49, credits: 50 });
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(0);
    expect((await app.appContext.db.select().from(payments)).every((p) => p.status === "succeeded")).toBe(true);
    const list = await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: admin.token });
    expect(list.body.purchases.map((p: { blocked: string }) => p.blocked)).toEqual(["insufficient_credits", "refund_window_passed"]);
  });

  it("admins only; bad ids are clear 4xx", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    expect((await refund(ada.token, paymentId)).status).toBe(403);
    expect((await request(app, "POST", "/api/v1/refunds", { body: { paymentId } })).status).toBe(401);
    expect((await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: ada.token })).status).toBe(403);
    expect((await refund(admin.token, "nope")).body.error.codes.paymentId).toBe("invalid_format");
    expect((await refund(admin.token, undefined)).body.error.codes.paymentId).toBe("required");
    expect((await refund(admin.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await request(app, "GET", "/api/v1/refunds?userId=x", { token: admin.token })).status).toBe(400);
    const declined = await request(app, "POST", "/api/v1/payment/create", {
      token: ada.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa_chargeDeclined", country: "JP" },
    });
    expect((await refund(admin.token, declined.body.transactionId)).body.error.code).toBe("not_refundable");
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(53);
  });
});

/** The member as the admin pages see them: the users list row, the detail page's user, the dashboard's subscriptions. */
async function purchaseState(adminToken: string, member: { id: string }) {
  const list = await request(app, "GET", "/api/v1/user/get?pageSize=100", { token: adminToken });
  const row = list.body.users.find((u: { _id: string }) => u._id === member.id);
  const detail = await request(app, "GET", `/api/v1/admin/users/${member.id}`, { token: adminToken });
  const dashboard = await request(app, "GET", "/api/v1/dashboard/get", { token: adminToken });
  return {
    list: { paymentDone: row.paymentDone, package: row.package },
    detail: { paymentDone: detail.body.user.paymentDone, package: detail.body.user.package },
    subscriptions: dashboard.body.data[0].totalSubscriptions,
    transactions: dashboard.body.data[0].totalTransactions,
  };
}

describe("a refund updates the member's purchase state (payment status, package, subscriptions)", { timeout: 120_000 }, () => {
  it("a member whose only purchase is refunded is no longer paid and has no package", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token, "pro");
    expect(await purchaseState(admin.token, ada)).toEqual({
      list: { paymentDone: true, package: "pro" },
      detail: { paymentDone: true, package: "pro" },
      subscriptions: 1,
      transactions: 1,
    });

    expect((await refund(admin.token, paymentId)).status).toBe(200);
    expect(await purchaseState(admin.token, ada)).toEqual({
      list: { paymentDone: false, package: "" },
      detail: { paymentDone: false, package: "" },
      subscriptions: 0,
      transactions: 0,
    });
    // The member's own view agrees.
    const me = await request(app, "GET", "/api/v1/user/me", { token: ada.token });
    expect(me.body.user).toMatchObject({ paymentDone: false, package: "" });
  });

  it("with two purchases and one refunded the member stays paid, with the remaining purchase's package", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const bob = await member("bob@example.com");
    const basic = await purchase(ada.token, "basic");
    const pro = await purchase(ada.token, "pro");
    await purchase(bob.token, "enterprise");
    expect((await purchaseState(admin.token, ada)).subscriptions).toBe(2);

    // The latest purchase refunded: the earlier one's package is the member's again.
    expect((await refund(admin.token, pro)).status).toBe(200);
    expect(await purchaseState(admin.token, ada)).toEqual({
      list: { paymentDone: true, package: "basic" },
      detail: { paymentDone: true, package: "basic" },
      subscriptions: 2,
      transactions: 2,
    });

    // Then the other one: nothing remains.
    expect((await refund(admin.token, basic)).status).toBe(200);
    expect(await purchaseState(admin.token, ada)).toEqual({
      list: { paymentDone: false, package: "" },
      detail: { paymentDone: false, package: "" },
      subscriptions: 1,
      transactions: 1,
    });
    // Another member's purchase is untouched.
    const [other] = await app.appContext.db.select().from(users).where(eq(users.id, bob.id));
    expect(other).toMatchObject({ paymentDone: true, package: "enterprise" });
  });

  it("the admin pages tell a refunded member from one who never bought, and keep her last package (list, detail, CSV)", async () => {
    // Found by an operator: after her only purchase was refunded she read "Not purchased", package
    // "none", and purchased=false with an empty package in the CSV. The member's own state (paymentDone
    // false, no package) is the refund rule's and stays.
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const bob = await member("bob@example.com");
    const cy = await member("cy@example.com");
    expect((await refund(admin.token, await purchase(ada.token, "pro"))).status).toBe(200);
    await purchase(bob.token, "basic");
    const list = await request(app, "GET", "/api/v1/user/get?pageSize=100", { token: admin.token });
    const row = (id: string) => list.body.users.find((u: { _id: string }) => u._id === id);
    expect(row(ada.id)).toMatchObject({ paymentDone: false, package: "", paymentStatus: "refunded", lastPackage: "pro" });
    expect(row(bob.id)).toMatchObject({ paymentDone: true, package: "basic", paymentStatus: "paid", lastPackage: "basic" });
    expect(row(cy.id)).toMatchObject({ paymentDone: false, package: "", paymentStatus: "not_purchased", lastPackage: "" });
    const detail = await request(app, "GET", `/api/v1/admin/users/${ada.id}`, { token: admin.token });
    expect(detail.body.user).toMatchObject({ paymentDone: false, package: "", paymentStatus: "refunded", lastPackage: "pro" });
    // The export keeps its columns in their places and adds the status and last package at the end.
    const csv = await fetch(`${await app.url()}/api/v1/admin/export/users.csv`, { headers: { Authorization: `Bearer ${admin.token}` } });
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,name,email,role,credits,purchased,package,created_at,package_name,payment_status,last_package,last_package_name");
    expect(lines.find((l) => l.includes("ada@example.com"))).toMatch(/,ada@example\.com,user,3,false,,[^,]+,,refunded,pro,Pro$/);
    expect(lines.find((l) => l.includes("bob@example.com"))).toMatch(/,bob@example\.com,user,53,true,basic,[^,]+,Basic,paid,basic,Basic$/);
    expect(lines.find((l) => l.includes("cy@example.com"))).toMatch(/,cy@example\.com,user,3,false,,[^,]+,,not_purchased,,$/);
    // Her own account still says what the refund rule says.
    const me = await request(app, "GET", "/api/v1/user/me", { token: ada.token });
    expect(me.body.user).toMatchObject({ paymentDone: false, package: "" });
  });

  it("refunding an earlier purchase keeps the latest purchase's package", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const basic = await purchase(ada.token, "basic");
    await purchase(ada.token, "pro");
    expect((await refund(admin.token, basic)).status).toBe(200);
    expect((await purchaseState(admin.token, ada)).detail).toEqual({ paymentDone: true, package: "pro" });
  });

  it("is refused while an answer that could use the purchase's credits is being written, and allowed once it ends", async () => {
    // Found by an attack: the balance check ignored answers under way, so the answer was charged
    // after the refund had been decided and the refund removed fewer credits than the purchase added.
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 50 }).where(eq(users.id, ada.id));
    const questionId = await reserveQuestion(app.appContext.db, { userId: ada.id, topic: "tax-consultation", lang: "en", question: "VAT?", model: null });
    expect(questionId).toBeTruthy();
    // The control says so before anyone clicks (found by a review: it offered the refund).
    const list = await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: admin.token });
    expect(list.body.purchases.map((p: { blocked: string }) => p.blocked)).toEqual(["answer_in_progress"]);
    for (const lang of ["en", "ja", "zh"]) {
      const busy = await refund(admin.token, paymentId, lang);
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe("answer_in_progress");
      expect(busy.body.error.message).toMatch(lang === "en" ? /answer/ : lang === "ja" ? /回答/ : /回答/);
    }
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(0);
    await endQuestion(app.appContext.db, { questionId: questionId!, status: "stopped", errorCode: "client_disconnected", partialAnswer: "", firstTokenMs: null, durationMs: 5 });
    const done = await refund(admin.token, paymentId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ creditsRemoved: 50, balance: 0 });
  });

  it("two purchases refunded at the same time leave the member with no purchase", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const first = await purchase(ada.token, "basic");
    const second = await purchase(ada.token, "pro");
    const results = await Promise.all([refund(admin.token, first), refund(admin.token, second)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user).toMatchObject({ paymentDone: false, package: "", credits: 3 });
  });

  // Found by a review: the claim locked the member's row and then the purchase's, where recording a
  // refund (the provider's notice among others) locks the purchase's and then the member's. A notice
  // arriving as an administrator claims the same purchase could deadlock, and PostgreSQL would end one
  // of them with an error: a 500 for the administrator. Only PostgreSQL has concurrent transactions.
  it.runIf(usingPostgres())("a claim locks the purchase before the member, in the order recording a refund does", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const other = await secondConnection();
    try {
      let claim: ReturnType<typeof refund> | undefined;
      await other.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, ada.id)).for("update");
        claim = refund(admin.token, paymentId);
        // Until the claim waits for a lock (waited for, not given a fixed time a busy machine can outrun).
        await expect
          .poll(
            async () => {
              const waiting = await other.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
              return (((waiting as { rows?: unknown[] }).rows ?? waiting) as { n: number }[])[0]!.n;
            },
            { timeout: 10_000 },
          )
          .toBe(1);
        // The claim waits for the member's row while it holds the purchase's.
        const locked = await other.db.execute(sql`select id from payments where id = ${paymentId} for update nowait`).then(
          () => null,
          (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
        );
        expect(locked).toBe("55P03");
      });
      expect((await claim!).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("refunds with Stripe (fake Stripe API on loopback)", { timeout: 120_000 }, () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake.close());
  const stripeApp = () =>
    createTestApp({ RATE_LIMITS: "false", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake", STRIPE_WEBHOOK_SECRET: "whsec_fake", STRIPE_API_BASE: fake.url });

  it("asks Stripe for a full refund with an idempotency key and records it; a refused refund changes nothing", async () => {
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const first = await purchase(ada.token);
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, first));
    expect(row!.cardLast4).toBe("4242");

    fake.setRefundStatus("failed");
    const refused = await refund(admin.token, first);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("refund_failed");
    // Why, in words the administrator can act on (it said "reason code: expired_or_canceled_card").
    expect(refused.body.error.message).toBe(
      "The payment provider refused the refund: the card it was paid with can no longer receive refunds (expired, cancelled, lost or stolen); ask the member how to repay them. Nothing was changed.",
    );
    const refusedJa = await refund(admin.token, first, "ja");
    expect(refusedJa.body.error.message).toContain("カードは返金を受け取れなくなっています");
    expect(refusedJa.body.error.message).not.toContain("expired_or_canceled_card");
    expect((await app.appContext.db.select().from(payments).where(eq(payments.id, first)))[0]!.status).toBe("succeeded");

    const second = await purchase(ada.token);
    fake.setRefundStatus("succeeded");
    fake.failNext(1);
    const outage = await refund(admin.token, second);
    expect(outage.status).toBe(502);
    // Whether Stripe made it is not known: the same refund is asked again once the request can no longer be running.
    expect((await refund(admin.token, second)).body.error.code).toBe("refund_in_progress");
    await app.appContext.db.update(payments).set({ refundClaimedAt: sql`refund_claimed_at - interval '2 minutes'` }).where(eq(payments.id, second));
    const ok = await refund(admin.token, second);
    expect(ok.status).toBe(200);
    const refundCall = fake.requests.filter((r) => r.path === "/v1/refunds" && r.status === 200).at(-1)!;
    expect(refundCall.idempotencyKey).toBe(`taxatlas-refund-${second}`);
    expect(refundCall.params.amount).toBeUndefined();
    const [refunded] = await app.appContext.db.select().from(payments).where(eq(payments.id, second));
    expect(refunded!.refundRef).toMatch(/^re_/);
    // The first purchase (its refund was refused) remains: still paid.
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user).toMatchObject({ paymentDone: true, package: "basic" });
    // Refused, it can be asked again at once: a new attempt, a new key (found by an attack: the fixed
    // key replayed the refusal for as long as Stripe keeps it, 24 hours).
    const retried = await refund(admin.token, first);
    expect(retried.status).toBe(200);
    expect(fake.requests.filter((r) => r.path === "/v1/refunds" && r.status === 200).at(-1)!.idempotencyKey).toBe(`taxatlas-refund-${first}-2`);
  });

  /**
   * A member with 50 credits, all of one purchase, whose refund Stripe makes while its answer is lost:
   * the admin's request goes through a client that gives up after 300 ms and gets 502.
   */
  async function refundWithLostAnswer() {
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 50 }).where(eq(users.id, ada.id));
    const { db, env, mailer, logger } = app.appContext;
    const impatient = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_fake", apiBase: fake.url, timeoutMs: 300, maxNetworkRetries: 0 });
    fake.setResponseDelay(1000);
    try {
      await expect(refundPayment({ db, env, mailer, logger, provider: impatient, origin: "http://localhost" }, paymentId, admin.id)).rejects.toMatchObject({
        status: 502,
        code: "payment_provider_unavailable",
      });
      await new Promise((resolve) => setTimeout(resolve, 1200));
    } finally {
      fake.setResponseDelay(0);
    }
    return { admin, ada, paymentId };
  }

  const webhook = (delivery: { payload: string; signature: string }) =>
    request(app, "POST", "/api/v1/payment/webhook", { raw: delivery.payload, headers: { "Content-Type": "application/json", "Stripe-Signature": delivery.signature } });
  const intentOf = async (paymentId: string) => (await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.providerRef!;
  /**
   * Holds the app's refunds (or charges) at the provider until release(): before Stripe is asked, or
   * after Stripe has made them, their answer held. `reached` resolves once one is held. The test's
   * steps then come while it waits, in that order whatever the machine's load (a fake Stripe slowed
   * by a number of milliseconds raced them).
   */
  const holdAtStripe = (call: "refund" | "charge", at: "before Stripe" | "after Stripe") => {
    const real = app.appContext.payments;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const reached = new Promise<void>((resolve) => (held = resolve));
    const hold = async <T>(ask: () => Promise<T>): Promise<T> => {
      if (at === "before Stripe") {
        held();
        await released;
        return ask();
      }
      const answer = await ask();
      held();
      await released;
      return answer;
    };
    app.appContext.payments = {
      ...real,
      name: real.name,
      webhooksEnabled: real.webhooksEnabled,
      ...(call === "refund"
        ? { refund: (...args: Parameters<typeof real.refund>) => hold(() => real.refund(...args)) }
        : { charge: (...args: Parameters<typeof real.charge>) => hold(() => real.charge(...args)) }),
    };
    return { reached, release };
  };

  it("a refund made in Stripe's dashboard is applied once: payment refunded, credits removed, the member told", async () => {
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const kept = await purchase(ada.token, "pro");
    const paymentId = await purchase(ada.token);
    const delivery = fake.dashboardRefund(await intentOf(paymentId), "whsec_fake");

    const first = await webhook(delivery);
    expect(first.body).toEqual({ received: true, result: "processed" });
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "refunded", refundRef: delivery.refundId, refundedBy: null });
    expect(row!.refundedAt).toBeTruthy();
    const ledger = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect(ledger).toMatchObject([{ userId: ada.id, delta: -50, balanceAfter: 103, paymentId, adminId: null }]);
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user).toMatchObject({ credits: 103, paymentDone: true, package: "pro" });
    await mailed((m) => m.to === "ada@example.com" && /has been refunded/.test(m.subject));

    // Delivered again, or refunded again from the admin area: nothing more is removed.
    expect((await webhook(delivery)).body.result).toBe("duplicate");
    const again = await refund(admin.token, paymentId);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_refunded");
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(1);
    const history = await request(app, "GET", "/api/v1/payment/history", { token: ada.token });
    expect(history.body.payments.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [paymentId, "refunded"],
      [kept, "succeeded"],
    ]);
  });

  it("a refund made in Stripe's dashboard whose notice never comes (no webhook) is recorded when the admin refunds it here", async () => {
    // Found by an attack: Stripe answered charge_already_refunded, the admin was told to wait for a
    // notice a server without webhooks never gets, and the member kept the credits of refunded money.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const made = fake.dashboardRefund(await intentOf(paymentId), "whsec_fake");

    const res = await refund(admin.token, paymentId);
    expect(res.status).toBe(200);
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "refunded", refundRef: made.refundId });
    const ledger = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect(ledger).toMatchObject([{ userId: ada.id, delta: -50, balanceAfter: 3, paymentId, adminId: admin.id }]);
    // No second refund was made, and the notice arriving late changes nothing.
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === row!.providerRef)).toHaveLength(1);
    expect((await webhook(made)).status).toBe(200);
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(1);
    await mailed((m) => m.to === "ada@example.com" && /has been refunded/.test(m.subject));
  });

  it("a dashboard refund without its notice, of a purchase whose credits were partly spent, is recorded here removing what is left", async () => {
    // Found by a review: the balance check refused it (insufficient_credits) before Stripe was asked,
    // so the member kept the rest of the credits of money already back on their card.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const made = fake.dashboardRefund(await intentOf(paymentId), "whsec_fake");
    await app.appContext.db.update(users).set({ credits: 40 }).where(eq(users.id, ada.id));

    const res = await refund(admin.token, paymentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ creditsRemoved: 40, balance: 0 });
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "refunded", refundRef: made.refundId, refundedBy: admin.id });
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toMatchObject([{ delta: -40, balanceAfter: 0 }]);
    // A purchase not refunded anywhere is still refused for the balance, and nothing is recorded.
    const other = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 10 }).where(eq(users.id, ada.id));
    const refused = await refund(admin.token, other);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("insufficient_credits");
  });

  it("the bank returning one of several refunds that together gave a charge back tells the operator money may be owed", async () => {
    // Found by a review: only the newest refund is recorded as the payment's, and the return of an
    // earlier one was a warning that it was "ignored", though part of the money was owed again.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const intent = await intentOf(paymentId);
    const first = fake.dashboardRefund(intent, "whsec_fake", 1000);
    fake.dashboardRefund(intent, "whsec_fake", 1500);
    expect((await refund(admin.token, paymentId)).status).toBe(200);
    const errors = vi.spyOn(app.appContext.logger, "error");
    const res = await webhook(fake.failRefund(first.refundId, "whsec_fake"));
    expect(res.status).toBe(200);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ paymentId, refundRef: first.refundId }),
      expect.stringMatching(/returned by the card's bank.*may still be owed/),
    );
  });

  it("a partial refund made in the dashboard: the admin's refund here gives back the rest and records the whole", async () => {
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const intent = await intentOf(paymentId);
    fake.dashboardRefund(intent, "whsec_fake", 1000);

    const res = await refund(admin.token, paymentId);
    expect(res.status).toBe(200);
    const ofIntent = [...fake.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(ofIntent.map((r) => r.amount).sort()).toEqual([1000, 1500]);
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe("refunded");
  });

  it("a dashboard refund after some credits were spent removes what is left, never below 0", async () => {
    app = await stripeApp();
    const ada = await member();
    const paymentId = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 20 }).where(eq(users.id, ada.id));

    expect((await webhook(fake.dashboardRefund(await intentOf(paymentId), "whsec_fake"))).body.result).toBe("processed");
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user).toMatchObject({ credits: 0, paymentDone: false, package: "" });
    const ledger = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect(ledger).toMatchObject([{ delta: -20, balanceAfter: 0, paymentId }]);
  });

  it("a partial refund made in the dashboard changes nothing here (refunds are whole); the rest of it completes the refund", async () => {
    app = await stripeApp();
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const intent = await intentOf(paymentId);

    expect((await webhook(fake.dashboardRefund(intent, "whsec_fake", 1000))).body.result).toBe("ignored");
    const [kept] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(kept).toMatchObject({ status: "succeeded", refundedAt: null });
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(0);

    expect((await webhook(fake.dashboardRefund(intent, "whsec_fake", 1500))).body.result).toBe("processed");
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.status).toBe("refunded");
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(3);
  });

  it("the webhook of an admin's own refund changes nothing more, even when it comes before the refund is recorded", async () => {
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const recorded = await purchase(ada.token);
    expect((await refund(admin.token, recorded)).status).toBe(200);
    expect((await webhook(fake.refundedWebhook(await intentOf(recorded), "whsec_fake"))).body.result).toBe("processed");
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, recorded));
    expect(row).toMatchObject({ status: "refunded", refundedBy: admin.id });

    // Stripe takes the admin's refund but its answer is slow, and its delivery overtakes our own
    // transaction: the admin still gets the success, and the credits go once.
    const raced = await purchase(ada.token);
    const intent = await intentOf(raced);
    const [before] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    const stripe = holdAtStripe("refund", "after Stripe");
    const adminRefund = refund(admin.token, raced);
    try {
      await stripe.reached;
      expect((await webhook(fake.refundedWebhook(intent, "whsec_fake"))).body.result).toBe("processed");
    } finally {
      stripe.release();
    }
    const late = await adminRefund;
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ success: true, creditsRemoved: 50, balance: before!.credits - 50 });
    const [after] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(after!.credits).toBe(before!.credits - 50);
    const [racedRow] = await app.appContext.db.select().from(payments).where(eq(payments.id, raced));
    expect(racedRow).toMatchObject({ status: "refunded", refundedBy: admin.id });
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.paymentId, raced))).toMatchObject([
      { kind: "purchase" },
      { kind: "refund", delta: -50, adminId: admin.id },
    ]);
    await mailed((m) => m.to === "ada@example.com" && /has been refunded/.test(m.subject), 2);
  });

  it("a refund the card's bank returns later is marked failed once: credits stay removed, the admin and the member are told", async () => {
    // Stripe returns the money to the firm's balance when a refund fails after it succeeded (a closed
    // card): the member is still owed it. It used to be ignored, the refund shown as done.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    expect((await refund(admin.token, paymentId)).status).toBe(200);
    const refundRef = (await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.refundRef!;

    const failed = fake.failRefund(refundRef, "whsec_fake");
    expect((await webhook(failed)).body).toEqual({ received: true, result: "processed" });
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "refunded", refundFailure: "expired_or_canceled_card" });
    expect(row!.refundFailedAt).toBeTruthy();
    // Delivered again, or told again by the older event: nothing more.
    expect((await webhook(failed)).body.result).toBe("duplicate");
    expect((await webhook(fake.failRefund(refundRef, "whsec_fake", { type: "charge.refund.updated" }))).body.result).toBe("processed");
    const [again] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(again!.refundFailedAt).toEqual(row!.refundFailedAt);

    // The credits stay removed (the member asked for the money, not the credits), and one ledger row.
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(3);
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toHaveLength(1);

    const list = await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: admin.token });
    expect(list.body.purchases[0]).toMatchObject({ id: paymentId, blocked: "already_refunded", refundFailure: "expired_or_canceled_card" });
    expect(list.body.purchases[0].refundFailedAt).toBeTruthy();
    const receipt = await request(app, "GET", `/api/v1/payment/receipts/${paymentId}`, { token: ada.token });
    expect(receipt.body.receipt.refundFailedAt).toBeTruthy();
    await mailed((m) => m.to === "ada@example.com" && /could not be completed/.test(m.subject));
    const told = app.mails.filter((m) => m.to === "ada@example.com" && /could not be completed/.test(m.subject));
    expect(told[0]!.text).toMatch(/expired or been cancelled/);

    // Repaid another way (a bank transfer): the admin records it, once; the panel and the receipt say so.
    const byMember = await request(app, "POST", "/api/v1/refunds/repaid", { token: ada.token, body: { paymentId } });
    expect(byMember.status).toBe(403);
    const repaid = await request(app, "POST", "/api/v1/refunds/repaid", { token: admin.token, body: { paymentId }, headers: { "Accept-Language": "zh" } });
    expect(repaid.status).toBe(200);
    expect(repaid.body.message).toContain("已");
    const twice = await request(app, "POST", "/api/v1/refunds/repaid", { token: admin.token, body: { paymentId } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("already_repaid");
    const after = await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: admin.token });
    expect(after.body.purchases[0].refundRepaidAt).toBeTruthy();
    const repaidReceipt = await request(app, "GET", `/api/v1/payment/receipts/${paymentId}`, { token: ada.token });
    expect(repaidReceipt.body.receipt.refundRepaidAt).toBeTruthy();

    // A failed refund that is not this payment's recorded one changes nothing.
    const second = await purchase(ada.token);
    const intent = await intentOf(second);
    const other = fake.dashboardRefund(intent, "whsec_fake", 100);
    expect((await webhook(other)).body.result).toBe("ignored");
    expect((await webhook(fake.failRefund(other.refundId, "whsec_fake"))).body.result).toBe("ignored");
    const [untouched] = await app.appContext.db.select().from(payments).where(eq(payments.id, second));
    expect(untouched).toMatchObject({ status: "succeeded", refundFailedAt: null, refundFailure: null });
    // Only a returned refund can be marked repaid.
    const notReturned = await request(app, "POST", "/api/v1/refunds/repaid", { token: admin.token, body: { paymentId: second } });
    expect(notReturned.status).toBe(409);
    expect(notReturned.body.error.code).toBe("not_returned");
  });

  it("a returned refund delivered before the refund is recorded is answered 503, so it comes again and is then recorded", async () => {
    // Found by an attack: it was answered 200 "ignored" (never delivered again) and the refund then
    // recorded as a plain success, the member never told.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const intent = await intentOf(paymentId);
    const stripe = holdAtStripe("refund", "after Stripe");
    let slow;
    let early;
    try {
      slow = refund(admin.token, paymentId);
      // Made at Stripe, its answer not back yet.
      await stripe.reached;
      const refundId = [...fake.refunds.values()].find((r) => r.payment_intent === intent)!.id;
      early = fake.failRefund(refundId, "whsec_fake");
      const first = await webhook(early);
      expect(first.status).toBe(503);
      expect(first.body.error.code).toBe("refund_not_recorded");
    } finally {
      stripe.release();
    }
    expect((await slow).status).toBe(200);
    expect((await webhook(early)).body.result).toBe("processed");
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "refunded", refundFailure: "expired_or_canceled_card" });
    await mailed((m) => m.to === "ada@example.com" && /could not be completed/.test(m.subject));
  });

  it("a charge refunded before its payment was granted is never granted afterwards", async () => {
    app = await stripeApp();
    const ada = await member();
    const pending = await request(app, "POST", "/api/v1/payment/create", { token: ada.token, body: { package: "basic", paymentMethodId: "pm_card_processing", country: "JP" } });
    expect(pending.body.status).toBe("pending");
    const paymentId = pending.body.transactionId as string;
    const intent = await intentOf(paymentId);
    fake.finishProcessing(intent);
    const refundDelivery = fake.dashboardRefund(intent, "whsec_fake");

    // The refund's delivery comes first, then the success's; then the customer's page asks again.
    expect((await webhook(refundDelivery)).body.result).toBe("processed");
    expect((await webhook(fake.webhook("payment_intent.succeeded", intent, "whsec_fake"))).body.result).toBe("processed");
    const confirm = await request(app, "POST", "/api/v1/payment/confirm", { token: ada.token, body: { transactionId: paymentId } });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error.code).toBe("payment_refunded");

    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "refunded", grantedAt: null, refundRef: refundDelivery.refundId });
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user).toMatchObject({ credits: 3, paymentDone: false });
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.paymentId, paymentId))).toHaveLength(0);
  });

  it("a deleted account's purchase refunded in the dashboard is kept for the books as refunded", async () => {
    app = await stripeApp();
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const intent = await intentOf(paymentId);
    const deleted = await request(app, "POST", "/api/v1/account/delete", { token: ada.token, body: { currentPassword: "correct horse battery" } });
    expect(deleted.status).toBe(200);
    const delivery = fake.dashboardRefund(intent, "whsec_fake");
    expect((await webhook(delivery)).body.result).toBe("processed");
    const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ userId: null, status: "refunded", refundRef: delivery.refundId });
    expect(row!.refundedAt).toBeTruthy();
  });

  it("two purchases refunded at once when the balance holds only one of them: one refund, one 409", async () => {
    // Found by an attack: both checks read the balance before either refund removed credits, so both
    // purchases were refunded and the member kept the credits already used.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const first = await purchase(ada.token);
    const second = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 63 }).where(eq(users.id, ada.id));
    const before = fake.requests.length;
    fake.setDelay(200);
    let answers;
    try {
      answers = await Promise.all([refund(admin.token, first), refund(admin.token, second)]);
    } finally {
      fake.setDelay(0);
    }
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe("insufficient_credits");
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toMatchObject([{ delta: -50, balanceAfter: 13 }]);
    expect(fake.requests.slice(before).filter((r) => r.method === "POST" && r.path === "/v1/refunds")).toHaveLength(1);
    // The refused one can be refunded once the balance holds its credits again.
    await app.appContext.db.update(users).set({ credits: 50 }).where(eq(users.id, ada.id));
    const refused = answers[0]!.status === 409 ? first : second;
    expect((await refund(admin.token, refused)).status).toBe(200);
  });

  it("a second refund of a purchase whose refund is under way is refused at once, and cannot free the first one's claim", async () => {
    // Found by an attack: a double click's second request failed at the provider and released the
    // first one's claim, so a second purchase passed the balance check and both were refunded.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const first = await purchase(ada.token);
    const second = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 93 }).where(eq(users.id, ada.id));
    const stripe = holdAtStripe("refund", "after Stripe");
    let slow;
    try {
      slow = refund(admin.token, first);
      await stripe.reached;
      fake.failNext(1);
      const again = await refund(admin.token, first, "ja");
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("refund_in_progress");
      expect(again.body.error.message).toContain("返金");
      // The control: the first under way, the second short of credits.
      const list = await request(app, "GET", `/api/v1/refunds?userId=${ada.id}`, { token: admin.token });
      const blocked = Object.fromEntries(list.body.purchases.map((p: { id: string; blocked: string }) => [p.id, p.blocked]));
      expect(blocked).toEqual({ [first]: "refund_in_progress", [second]: "insufficient_credits" });
      // Refused for the balance, after Stripe says the second charge is not refunded already.
      const other = await refund(admin.token, second);
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe("insufficient_credits");
    } finally {
      stripe.release();
      fake.failNext(0);
    }
    expect((await slow).status).toBe(200);
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toMatchObject([{ delta: -50, balanceAfter: 43 }]);
  });

  it("while a refund waits for Stripe the member cannot spend the purchase's credits, only those beyond them", async () => {
    // Found by an attack: questions asked during the provider's call were answered and charged, and
    // the refund then removed what was left: the member had the money back and the answers free.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    await app.appContext.db.update(users).set({ credits: 51 }).where(eq(users.id, ada.id));
    const stripe = holdAtStripe("refund", "before Stripe");
    let answer;
    try {
      answer = refund(admin.token, paymentId);
      await stripe.reached;
      const statuses = [await askAssistant(ada.token), await askAssistant(ada.token)];
      // Told the credits are on hold, not to buy more (found by a review).
      expect(statuses).toEqual([200, 409]);
    } finally {
      stripe.release();
    }
    const done = await answer;
    expect(done.status).toBe(200);
    expect(done.body.creditsRemoved).toBe(50);
    expect(await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toMatchObject([{ delta: -50, paymentId }]);
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(0);
    const answered = await app.appContext.db.select().from(aiQuestions).where(eq(aiQuestions.userId, ada.id));
    expect(answered.map((q) => q.status)).toEqual(["answered"]);
  });

  it("a refund whose provider's answer is lost keeps the credits held; asked again, the refund Stripe made is recorded once, in full", async () => {
    // Found by an attack: the lost answer released the claim although Stripe had refunded, so the
    // member spent the purchase's credits and the next request was refused for want of them.
    const { admin, ada, paymentId } = await refundWithLostAnswer();
    const { db } = app.appContext;
    const providerRef = (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.providerRef;
    const refundsAtStripe = () => [...fake.refunds.values()].filter((r) => r.payment_intent === providerRef);
    expect(refundsAtStripe().map((r) => r.status)).toEqual(["succeeded"]);
    expect(await askAssistant(ada.token)).toBe(409);
    // While the lost request could still be running, a second one waits; after that it asks again.
    expect((await refund(admin.token, paymentId)).body.error.code).toBe("refund_in_progress");
    await db.update(payments).set({ refundClaimedAt: sql`refund_claimed_at - interval '2 minutes'` }).where(eq(payments.id, paymentId));
    expect(await askAssistant(ada.token)).toBe(409);
    const again = await refund(admin.token, paymentId);
    expect(again.status).toBe(200);
    expect(again.body.creditsRemoved).toBe(50);
    expect(refundsAtStripe()).toHaveLength(1);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"))).toMatchObject([{ delta: -50, paymentId }]);
  });

  it("a refund whose answer was lost is recorded when asked again after the hold lapsed, even with credits spent since", async () => {
    // Found by a review: after the 5-minute hold the member spent a credit, and asking again was
    // refused for want of credits although Stripe had made the refund: it was never recorded.
    const { admin, ada, paymentId } = await refundWithLostAnswer();
    const { db } = app.appContext;
    await db.update(payments).set({ refundClaimedAt: sql`refund_claimed_at - interval '6 minutes'` }).where(eq(payments.id, paymentId));
    expect(await askAssistant(ada.token)).toBe(200);
    const again = await refund(admin.token, paymentId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ creditsRemoved: 49, balance: 0 });
    const providerRef = (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.providerRef;
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === providerRef)).toHaveLength(1);
  });

  it("a Stripe purchase is not refunded by a server without Stripe's keys: 409, nothing changed", async () => {
    // Found by an attack: the test-mode provider "refunded" it, removing the credits while no money moved.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    const { db, env, mailer, logger } = app.appContext;
    await expect(
      refundPayment({ db, env, mailer, logger, provider: createTestProvider(), origin: "http://localhost" }, paymentId, admin.id),
    ).rejects.toMatchObject({ status: 409, code: "not_refundable", message: expect.stringContaining("Stripe") });
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "succeeded", refundedAt: null, refundClaimedAt: null });
    const [user] = await db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(53);
  });

  it("an administrator's deduction cannot take the credits a refund under way holds, or the credit of an answer being written", async () => {
    // Found by an attack: a deduction of 10 during the refund's provider call left the refund 43 of
    // its 50 credits; one during an answer let the answer go out unpaid.
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token); // 53 credits: 3 at sign-up and the purchase's 50
    const deduct = (amount: number, lang = "en") =>
      request(app, "POST", `/api/v1/admin/users/${ada.id}/credits`, {
        token: admin.token,
        body: { direction: "deduct", amount, reason: "correction" },
        headers: { "Accept-Language": lang },
      });
    const stripe = holdAtStripe("refund", "before Stripe");
    let answer;
    try {
      answer = refund(admin.token, paymentId);
      await stripe.reached;
      const held = await deduct(10, "ja");
      expect(held.status).toBe(409);
      expect(held.body.error).toMatchObject({ code: "credits_held", credits: 53, free: 3 });
      expect(held.body.error.message).toContain("返金");
      expect((await deduct(3)).status).toBe(200);
    } finally {
      stripe.release();
    }
    expect((await answer!).body.creditsRemoved).toBe(50);

    await app.appContext.db.update(users).set({ credits: 1 }).where(eq(users.id, ada.id));
    const questionId = await reserveQuestion(app.appContext.db, { userId: ada.id, topic: "tax-consultation", lang: "en", question: "VAT?", model: null });
    expect((await deduct(1)).body.error).toMatchObject({ code: "credits_held", free: 0 });
    // More than the whole balance is refused for want of credits, not told to wait (found by a review).
    expect((await deduct(5)).body.error.code).toBe("insufficient_credits");
    await endQuestion(app.appContext.db, { questionId: questionId!, status: "stopped", errorCode: "client_disconnected", partialAnswer: "", firstTokenMs: null, durationMs: 5 });
    expect((await deduct(1)).status).toBe(200);
  });

  it("an admin refund that a spend overtook says how many credits it really removed", async () => {
    app = await stripeApp();
    const admin = await insertAdmin(app.appContext.db);
    const ada = await member();
    const paymentId = await purchase(ada.token);
    // Stripe is slow to take the refund; meanwhile the member spends all but 47 of the balance.
    const stripe = holdAtStripe("refund", "before Stripe");
    const answer = refund(admin.token, paymentId);
    try {
      await stripe.reached;
      await app.appContext.db.update(users).set({ credits: 47 }).where(eq(users.id, ada.id));
    } finally {
      stripe.release();
    }
    const done = await answer;
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ creditsRemoved: 47, balance: 0, message: "Refunded $25; 47 credits were removed." });
    const ledger = await app.appContext.db.select().from(creditLedger).where(eq(creditLedger.kind, "refund"));
    expect(ledger).toMatchObject([{ delta: -47, balanceAfter: 0, paymentId }]);
  });

  it("a dashboard refund delivered before the charge's answer reached us is found by our id, and nothing is granted", async () => {
    app = await stripeApp();
    const ada = await member();
    // Stripe charges at once but its answer to the checkout is slow; the refund's delivery (and the
    // lookup of our id it needs) comes while the checkout still waits.
    const earlier = new Set(fake.intents.keys());
    const stripe = holdAtStripe("charge", "after Stripe");
    const checkout = request(app, "POST", "/api/v1/payment/create", { token: ada.token, body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" } });
    let intent: string | undefined;
    try {
      await stripe.reached;
      intent = [...fake.intents.values()].find((i) => !earlier.has(i.id) && i.status === "succeeded")?.id;
      expect(intent).toBeDefined();
      expect((await webhook(fake.dashboardRefund(intent!, "whsec_fake"))).body.result).toBe("processed");
    } finally {
      stripe.release();
    }
    const [refunded] = await app.appContext.db.select().from(payments);
    expect(refunded).toMatchObject({ status: "refunded", grantedAt: null, providerRef: intent });
    const answer = await checkout;
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("payment_refunded");
    const [row] = await app.appContext.db.select().from(payments);
    expect(row).toMatchObject({ status: "refunded", grantedAt: null, providerRef: intent });
    const [user] = await app.appContext.db.select().from(users).where(eq(users.id, ada.id));
    expect(user!.credits).toBe(3);
    expect((await webhook(fake.webhook("payment_intent.succeeded", intent!, "whsec_fake"))).body.result).toBe("processed");
    expect((await app.appContext.db.select().from(users).where(eq(users.id, ada.id)))[0]!.credits).toBe(3);
  });
});
