import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, payments, processedEvents, users } from "~/db/schema";
import { createSession } from "~/lib/accounts/sessions.server";
import { PACKAGES, type PackageId } from "~/lib/catalog";
import { changeCredits } from "~/lib/credits.server";
import { fieldErrorText } from "~/lib/contracts/field-errors";
import type { Lang } from "~/lib/i18n/languages";
import { CARD_ERRORS } from "~/lib/payments/card-errors";
import { PAYMENT_ERRORS, PAYMENT_TEXT } from "~/lib/payments/checkout.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import { createApp } from "~/server/app";
import { AUTHENTICATION_FAILED_MESSAGE, startFakeStripe, type FakeStripe } from "~/tests/fakes/fake-stripe";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { testDatabase } from "~/tests/helpers/test-db";

const WEBHOOK_SECRET = "whsec_payment_api_test";
const STARTING = 3;

interface Member {
  id: string;
  token: string;
}

async function member(app: TestApp): Promise<Member> {
  const { db } = app.appContext;
  const [user] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.test`, name: "Member", passwordHash: "not-used" })
    .returning({ id: users.id });
  await db.transaction((tx) => changeCredits(tx, { userId: user!.id, delta: STARTING, kind: "signup_grant" }));
  const { token } = await createSession(db, user!.id);
  return { id: user!.id, token };
}

const key = () => `attempt-${randomUUID()}`;

function pay(app: TestApp, who: Member, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return request(app, "POST", "/api/v1/payment/create", { token: who.token, body, headers });
}

async function state(app: TestApp, who: Member) {
  const { db } = app.appContext;
  const [user] = await db.select().from(users).where(eq(users.id, who.id));
  const rows = await db.select().from(payments).where(eq(payments.userId, who.id));
  const grants = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, who.id), eq(creditLedger.kind, "purchase")));
  return { user: user!, payments: rows, grants };
}

function webhook(app: TestApp, payload: string, signature: string) {
  return request(app, "POST", "/api/v1/payment/webhook", {
    raw: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
}

/** Serves another Express app over the same appContext (a restarted process on the same database). */
async function serve(expressApp: ReturnType<typeof createApp>["app"], appContext: TestApp["appContext"]): Promise<TestApp> {
  const server = http.createServer(expressApp);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    appContext,
    app: expressApp,
    mails: [],
    url: async () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// PGlite starts (seconds on a busy machine) within the hook timeout, not the first test's.
beforeAll(() => testDatabase(), 120_000);

describe("payments with the test-mode provider", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  for (const pkg of PACKAGES) {
    it(`charges ${pkg.id} at the catalog price and grants ${pkg.credits} credits once`, async () => {
      app = await createTestApp();
      const who = await member(app);
      // The client's amount (the spec's page always sent 2500) is ignored.
      const res = await pay(app, who, { package: pkg.id, paymentMethodId: "pm_card_visa", country: "jp", idempotencyKey: key(), amount: 2500 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        status: "succeeded",
        message: "Payment successful! 🎉",
        package: pkg.id,
        creditsAdded: pkg.credits,
        credits: STARTING + pkg.credits,
        amountCents: pkg.priceCents,
        currency: "usd",
        transactionId: expect.any(String),
      });
      const after = await state(app, who);
      expect(after.user).toMatchObject({ credits: STARTING + pkg.credits, package: pkg.id, paymentDone: true });
      expect(after.payments).toHaveLength(1);
      expect(after.payments[0]).toMatchObject({
        id: res.body.transactionId,
        amountCents: pkg.priceCents,
        currency: "usd",
        credits: pkg.credits,
        status: "succeeded",
        provider: "test",
        country: "JP",
      });
      expect(after.payments[0]!.grantedAt).toBeInstanceOf(Date);
      expect(after.grants).toHaveLength(1);
      expect(after.grants[0]).toMatchObject({ delta: pkg.credits, balanceAfter: STARTING + pkg.credits, paymentId: res.body.transactionId });
    });
  }

  it("refuses a tampered package with 400 and charges nothing", async () => {
    app = await createTestApp();
    const who = await member(app);
    for (const tampered of ["vip", "enterprise ", "BASIC", "", 42, null, { id: "pro" }]) {
      const res = await pay(app, who, { package: tampered, paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key(), amount: 1 });
      expect(res.status, JSON.stringify(tampered)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.fields.package).toBeTruthy();
    }
    const after = await state(app, who);
    expect(after.payments).toHaveLength(0);
    expect(after.user.credits).toBe(STARTING);
  });

  it("answers 'Please fill all details.' when the card or the country is missing, in every language", async () => {
    app = await createTestApp();
    const who = await member(app);
    const missingCard = await pay(app, who, { package: "basic", country: "JP", idempotencyKey: key() });
    expect(missingCard.status).toBe(400);
    expect(missingCard.body.message).toBe("Please fill all details.");
    expect(missingCard.body.error).toMatchObject({ code: "missing_details", message: "Please fill all details." });
    const missingCountry = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_visa", country: "  ", idempotencyKey: key() }, {
      "Accept-Language": "ja",
    });
    expect(missingCountry.status).toBe(400);
    expect(missingCountry.body.message).toBe(PAYMENT_ERRORS.fillAllDetails.ja);
    const zh = await pay(app, who, { package: "basic", idempotencyKey: key() }, { "Accept-Language": "zh" });
    expect(zh.body.message).toBe(PAYMENT_ERRORS.fillAllDetails.zh);
    expect((await state(app, who)).payments).toHaveLength(0);
  });

  it("checks the country code (two letters, a real country)", async () => {
    app = await createTestApp();
    const who = await member(app);
    for (const country of ["JPN", "J1", "AA", "EU"]) {
      const res = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_visa", country, idempotencyKey: key() });
      expect(res.status, country).toBe(400);
      expect(res.body.error.codes.country).toBe("invalid_country");
    }
    const uk = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_visa", country: "uk", idempotencyKey: key() });
    expect(uk.body.success).toBe(true);
    expect((await state(app, who)).payments[0]!.country).toBe("GB");
  });

  it("refuses a code that is not a country (JA, XX, codes Intl knows but ISO does not assign) with a translated field error", async () => {
    app = await createTestApp();
    const who = await member(app);
    const cases: [unknown, Lang][] = [
      ["JA", "en"],
      ["XX", "ja"],
      ["JA", "zh"],
      ["XA", "en"],
      ["SU", "en"],
      ["AC", "en"],
      [42, "en"],
      [["JP"], "en"],
    ];
    for (const [country, lang] of cases) {
      const res = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_visa", country, idempotencyKey: key() }, { "Accept-Language": lang });
      expect(res.status, JSON.stringify(country)).toBe(400);
      expect(res.body.error.code, JSON.stringify(country)).toBe("validation_failed");
      expect(res.body.error.codes.country, JSON.stringify(country)).toBe("invalid_country");
      expect(res.body.error.fields.country, JSON.stringify(country)).toBe(fieldErrorText("invalid_country", lang));
    }
    expect((await state(app, who)).payments).toHaveLength(0);

    for (const country of ["CN", "JP"]) {
      const res = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_visa", country, idempotencyKey: key() });
      expect(res.status, country).toBe(200);
      expect(res.body.success, country).toBe(true);
    }
    expect((await state(app, who)).payments.map((p) => p.country).sort()).toEqual(["CN", "JP"]);
  });

  it("answers a declined card with the provider's message, translated, and grants nothing", async () => {
    app = await createTestApp();
    const who = await member(app);
    const declined = await pay(app, who, { package: "pro", paymentMethodId: "pm_card_visa_chargeDeclined", country: "JP", idempotencyKey: key() });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ success: false, status: "failed", code: "card_declined", error: "Your card was declined." });
    const funds = await pay(
      app,
      who,
      { package: "pro", paymentMethodId: "pm_card_visa_chargeDeclinedInsufficientFunds", country: "JP", idempotencyKey: key() },
      { "Accept-Language": "ja" },
    );
    expect(funds.body).toMatchObject({ success: false, code: "insufficient_funds", error: CARD_ERRORS.insufficient_funds.ja });
    const bogus = await pay(app, who, { package: "pro", paymentMethodId: "pm_not_a_card", country: "JP", idempotencyKey: key() });
    expect(bogus.body).toMatchObject({ success: false, code: "invalid_payment_method" });
    const after = await state(app, who);
    expect(after.payments.map((p) => p.status)).toEqual(["failed", "failed", "failed"]);
    expect(after.grants).toHaveLength(0);
    expect(after.user).toMatchObject({ credits: STARTING, paymentDone: false, package: "" });
  });

  it("requires a signed-in user", async () => {
    app = await createTestApp();
    const res = await request(app, "POST", "/api/v1/payment/create", {
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key() },
    });
    expect(res.status).toBe(401);
    expect((await request(app, "GET", "/api/v1/payment/history")).status).toBe(401);
    expect((await request(app, "POST", "/api/v1/payment/confirm", { body: { transactionId: randomUUID() } })).status).toBe(401);
  });

  it("20 concurrent identical requests with one idempotency key: one charge, one grant, one answer", async () => {
    app = await createTestApp();
    const who = await member(app);
    const body = { package: "enterprise", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key() };
    await app.url(); // start listening once, before the burst
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(app, who, body)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, credits: STARTING + 250, creditsAdded: 250 });
    }
    expect(new Set(answers.map((r) => r.body.transactionId)).size).toBe(1);
    const after = await state(app, who);
    expect(after.payments).toHaveLength(1);
    expect(after.grants).toHaveLength(1);
    expect(after.user.credits).toBe(STARTING + 250);
    // A later retry of the same attempt gets the same answer and changes nothing.
    const retry = await pay(app, who, body);
    expect(retry.body).toMatchObject({ success: true, transactionId: answers[0]!.body.transactionId, credits: STARTING + 250 });
    expect((await state(app, who)).grants).toHaveLength(1);
  });

  it("a retried declined attempt gets the same decline; the same key for another package is a conflict", async () => {
    app = await createTestApp();
    const who = await member(app);
    const body = { package: "basic", paymentMethodId: "pm_card_visa_chargeDeclined", country: "JP", idempotencyKey: key() };
    const first = await pay(app, who, body);
    const again = await pay(app, who, { ...body, paymentMethodId: "pm_card_visa" });
    expect(again.body).toMatchObject({ success: false, transactionId: first.body.transactionId, error: "Your card was declined." });
    const other = await pay(app, who, { ...body, package: "pro" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
  });

  it("keeps one user's idempotency keys apart from another's", async () => {
    app = await createTestApp();
    const [a, b] = [await member(app), await member(app)];
    const body = { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key() };
    const [ra, rb] = [await pay(app, a, body), await pay(app, b, body)];
    expect(ra.body.success && rb.body.success).toBe(true);
    expect(ra.body.transactionId).not.toBe(rb.body.transactionId);
  });

  it("lists the member's purchases, newest first, and nobody else's", async () => {
    app = await createTestApp();
    const [who, other] = [await member(app), await member(app)];
    await pay(app, who, { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key() });
    await pay(app, who, { package: "pro", paymentMethodId: "pm_card_visa_chargeDeclined", country: "JP", idempotencyKey: key() });
    await pay(app, other, { package: "enterprise", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key() });
    const res = await request(app, "GET", "/api/v1/payment/history", { token: who.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.payments).toHaveLength(2);
    expect(res.body.payments[0]).toEqual({
      id: expect.any(String),
      package: "pro",
      amountCents: 5000,
      currency: "usd",
      credits: 100,
      status: "failed",
      receiptNumber: null,
      refundedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // Found by a stranger's review: the list said only "no credits added", not why.
      failure: "card_declined",
    });
    expect(res.body.payments[1]).toMatchObject({ package: "basic", amountCents: 2500, status: "succeeded", failure: null });
  });

  it("has no webhook in test mode", async () => {
    app = await createTestApp();
    const res = await webhook(app, "{}", "t=1,v1=x");
    expect(res.status).toBe(404);
  });
});

describe("payments with Stripe (fake Stripe API on loopback)", () => {
  let fake: FakeStripe;
  let app: TestApp;
  const extra: TestApp[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    fake.failNext(0);
    fake.setDelay(0);
    fake.setResponseDelay(0);
    await app?.close();
    for (const other of extra.splice(0)) await other.close();
  });

  const stripeApp = (overrides: Record<string, string> = {}) =>
    createTestApp({
      STRIPE_SECRET_KEY: "sk_test_taxatlas",
      STRIPE_PUBLISHABLE_KEY: "pk_test_taxatlas",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      ...overrides,
    });

  const intentOf = (paymentId: string) => [...fake.intents.values()].find((i) => i.metadata.paymentId === paymentId);

  it("charges the catalog amount through a PaymentIntent, whatever amount the client sends", async () => {
    app = await stripeApp();
    const who = await member(app);
    for (const [id, cents] of [["basic", 2500], ["pro", 5000], ["enterprise", 10000]] as [PackageId, number][]) {
      const res = await pay(app, who, { package: id, paymentMethodId: "pm_card_visa", country: "US", idempotencyKey: key(), amount: 1 });
      expect(res.body.success).toBe(true);
      const intent = intentOf(res.body.transactionId)!;
      expect(intent).toMatchObject({ amount: cents, currency: "usd", status: "succeeded", payment_method: "pm_card_visa" });
      expect(intent.metadata).toMatchObject({ paymentId: res.body.transactionId, userId: who.id, package: id });
      const [row] = await app.appContext.db.select().from(payments).where(eq(payments.id, res.body.transactionId));
      expect(row).toMatchObject({ provider: "stripe", providerRef: intent.id, amountCents: cents, status: "succeeded" });
    }
    expect((await state(app, who)).user.credits).toBe(STARTING + 50 + 100 + 250);
  });

  it("passes Stripe's card_declined message on as is", async () => {
    app = await stripeApp();
    const who = await member(app);
    const res = await pay(app, who, { package: "pro", paymentMethodId: "pm_card_visa_chargeDeclined", country: "US", idempotencyKey: key() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, status: "failed", code: "card_declined", error: "Your card was declined." });
    const ja = await pay(app, who, { package: "pro", paymentMethodId: "pm_card_visa_chargeDeclined", country: "US", idempotencyKey: key() }, {
      "Accept-Language": "ja",
    });
    expect(ja.body.error).toBe(CARD_ERRORS.card_declined.ja);
    expect((await state(app, who)).grants).toHaveLength(0);
  });

  it("on a Stripe 500 answers a translated 502, grants nothing, and the retry with the same key charges once", async () => {
    app = await stripeApp();
    const who = await member(app);
    const body = { package: "basic", paymentMethodId: "pm_card_visa", country: "US", idempotencyKey: key() };
    fake.failNext(1);
    const failed = await pay(app, who, body, { "Accept-Language": "zh" });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe("payment_provider_unavailable");
    expect(failed.body.message).toBe(PAYMENT_ERRORS.providerUnavailable.zh);
    let after = await state(app, who);
    expect(after.payments[0]).toMatchObject({ status: "pending", grantedAt: null });
    expect(after.grants).toHaveLength(0);

    const before = fake.created();
    const retry = await pay(app, who, body);
    expect(retry.body).toMatchObject({ success: true, transactionId: after.payments[0]!.id, credits: STARTING + 50 });
    expect(fake.created()).toBe(before + 1);
    after = await state(app, who);
    expect(after.grants).toHaveLength(1);
  });

  it("20 concurrent identical requests with one idempotency key: one PaymentIntent, one grant", async () => {
    app = await stripeApp();
    const who = await member(app);
    fake.setDelay(150); // the first request is still at "Stripe" while the others arrive
    const before = fake.created();
    const body = { package: "pro", paymentMethodId: "pm_card_visa", country: "US", idempotencyKey: key() };
    await app.url();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(app, who, body)));
    for (const res of answers) expect(res.body).toMatchObject({ success: true, credits: STARTING + 100 });
    expect(new Set(answers.map((r) => r.body.transactionId)).size).toBe(1);
    expect(fake.created()).toBe(before + 1);
    const after = await state(app, who);
    expect(after.payments).toHaveLength(1);
    expect(after.grants).toHaveLength(1);
  });

  it("3-D Secure: requires_action returns the client secret, /confirm completes it once", async () => {
    app = await stripeApp();
    const who = await member(app);
    const body = { package: "enterprise", paymentMethodId: "pm_card_threeDSecure2Required", country: "DE", idempotencyKey: key() };
    const res = await pay(app, who, body);
    expect(res.body).toMatchObject({ success: false, status: "requires_action", requiresAction: true });
    const intent = intentOf(res.body.transactionId)!;
    expect(res.body.clientSecret).toBe(intent.client_secret);
    expect((await state(app, who)).payments[0]!.status).toBe("requires_action");

    // Before the customer finished, /confirm answers the same action again.
    const early = await request(app, "POST", "/api/v1/payment/confirm", { token: who.token, body: { transactionId: res.body.transactionId } });
    expect(early.body).toMatchObject({ requiresAction: true, clientSecret: intent.client_secret });

    fake.completeAction(intent.id);
    const confirmed = await request(app, "POST", "/api/v1/payment/confirm", {
      token: who.token,
      body: { transactionId: res.body.transactionId },
    });
    expect(confirmed.body).toMatchObject({ success: true, credits: STARTING + 250, creditsAdded: 250, message: PAYMENT_TEXT.succeeded.en });
    const twice = await request(app, "POST", "/api/v1/payment/confirm", { token: who.token, body: { transactionId: res.body.transactionId } });
    expect(twice.body).toMatchObject({ success: true, credits: STARTING + 250 });
    expect((await state(app, who)).grants).toHaveLength(1);

    // Another member cannot confirm (or see) this payment.
    const stranger = await member(app);
    const foreign = await request(app, "POST", "/api/v1/payment/confirm", {
      token: stranger.token,
      body: { transactionId: res.body.transactionId },
    });
    expect(foreign.status).toBe(404);
  });

  it("3-D Secure failed: /confirm answers the provider's message and grants nothing", async () => {
    app = await stripeApp();
    const who = await member(app);
    const res = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_threeDSecure2Required", country: "DE", idempotencyKey: key() });
    fake.completeAction(intentOf(res.body.transactionId)!.id, false);
    const confirmed = await request(app, "POST", "/api/v1/payment/confirm", {
      token: who.token,
      body: { transactionId: res.body.transactionId },
    });
    expect(confirmed.body).toMatchObject({ success: false, status: "failed", error: AUTHENTICATION_FAILED_MESSAGE });
    expect((await state(app, who)).grants).toHaveLength(0);
  });

  it("the same webhook event delivered 5 times, concurrently and interleaved with the API response, grants once", async () => {
    app = await stripeApp();
    const who = await member(app);
    // Stripe charges at once but its answer to us is slow: the webhooks arrive before it.
    fake.setResponseDelay(400);
    const body = { package: "pro", paymentMethodId: "pm_card_visa", country: "US", idempotencyKey: key() };
    const apiAnswer = pay(app, who, body);
    let intent = undefined as ReturnType<typeof intentOf>;
    // Until the charge is made (waited for, not polled a fixed number of times a busy machine can use up).
    await expect
      .poll(
        async () => {
          const [row] = await app.appContext.db.select().from(payments).where(eq(payments.userId, who.id));
          intent = row ? intentOf(row.id) : undefined;
          return intent?.status;
        },
        { timeout: 10_000 },
      )
      .toBe("succeeded");
    const delivery = fake.webhook("payment_intent.succeeded", intent!.id, WEBHOOK_SECRET);
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => webhook(app, delivery.payload, delivery.signature)));
    for (const res of deliveries) expect(res.status).toBe(200);
    expect(deliveries.map((r) => r.body.result).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "processed"]);
    const res = await apiAnswer;
    expect(res.body).toMatchObject({ success: true, credits: STARTING + 100 });
    // Later redeliveries, one by one.
    for (let i = 0; i < 5; i++) expect((await webhook(app, delivery.payload, delivery.signature)).body.result).toBe("duplicate");
    const after = await state(app, who);
    expect(after.grants).toHaveLength(1);
    expect(after.user.credits).toBe(STARTING + 100);
    const events = await app.appContext.db.select().from(processedEvents).where(eq(processedEvents.id, delivery.eventId));
    expect(events).toHaveLength(1);
  });

  it("a webhook with a bad signature is refused with 400 and changes nothing", async () => {
    app = await stripeApp();
    const who = await member(app);
    const res = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_threeDSecure2Required", country: "US", idempotencyKey: key() });
    const intent = intentOf(res.body.transactionId)!;
    intent.status = "succeeded"; // what a forger would claim
    intent.amount_received = intent.amount;
    const forged = fake.webhook("payment_intent.succeeded", intent.id, "whsec_not_ours");
    for (const signature of [forged.signature, "", "t=1,v1=deadbeef"]) {
      const answer = await webhook(app, forged.payload, signature);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("invalid_signature");
    }
    const good = fake.webhook("payment_intent.succeeded", intent.id, WEBHOOK_SECRET);
    const tampered = await webhook(app, good.payload.replace('"amount":2500', '"amount":1'), good.signature);
    expect(tampered.status).toBe(400);
    const after = await state(app, who);
    expect(after.payments[0]).toMatchObject({ status: "requires_action", grantedAt: null });
    expect(after.grants).toHaveLength(0);
    expect(after.user.credits).toBe(STARTING);
    expect(await app.appContext.db.select().from(processedEvents)).toHaveLength(0);
  });

  it("a signed delivery that is not an event is refused with a translated 400, not a 500 Stripe would retry for days", async () => {
    // Found by an attack: signed bodies without a type or an id, or not an object at all, got 500s.
    app = await stripeApp();
    const intent = (fields: string) => `{"object":"payment_intent","amount":2500,"currency":"usd",${fields}}`;
    const bodies = [
      '{"id":"evt_2"}',
      '{"id":"evt_3","type":5}',
      '{"type":"payment_intent.succeeded"}',
      '{"id":"","type":"x"}',
      "[]",
      "null",
      '"evt"',
      // A NUL, which PostgreSQL cannot store, in what is stored or looked up (found by an attacker's review: 500s).
      '{"id":"evt_\\u0000","type":"charge.updated"}',
      '{"id":"evt_6","type":"payment_intent.succeeded\\u0000"}',
      `{"id":"evt_7","type":"payment_intent.succeeded","data":{"object":${intent('"id":"pi_\\u0000"')}}}`,
      `{"id":"evt_8","type":"payment_intent.payment_failed","data":{"object":${intent('"id":"pi_8","last_payment_error":{"code":"card_declined","message":"no\\u0000"}')}}}`,
    ];
    for (const payload of bodies) {
      const answer = await request(app, "POST", "/api/v1/payment/webhook", {
        raw: payload,
        headers: { "Content-Type": "application/json", "Stripe-Signature": fake.sign(payload, WEBHOOK_SECRET), "Accept-Language": "ja" },
      });
      expect(answer.status, payload).toBe(400);
      expect(answer.body.error).toEqual({ code: "invalid_event", message: PAYMENT_ERRORS.invalidEvent.ja });
    }
    expect(await app.appContext.db.select().from(processedEvents)).toHaveLength(0);
  });

  it("payment_intent.payment_failed marks the payment failed; unknown events are acknowledged", async () => {
    app = await stripeApp();
    const who = await member(app);
    const res = await pay(app, who, { package: "basic", paymentMethodId: "pm_card_threeDSecure2Required", country: "US", idempotencyKey: key() });
    const intent = intentOf(res.body.transactionId)!;
    fake.completeAction(intent.id, false);
    const failed = fake.webhook("payment_intent.payment_failed", intent.id, WEBHOOK_SECRET);
    expect((await webhook(app, failed.payload, failed.signature)).body.result).toBe("processed");
    expect((await state(app, who)).payments[0]).toMatchObject({ status: "failed", grantedAt: null });
    const other = fake.webhook("payment_intent.created", intent.id, WEBHOOK_SECRET);
    expect((await webhook(app, other.payload, other.signature)).body).toEqual({ received: true, result: "ignored" });
  });

  it("without STRIPE_WEBHOOK_SECRET the webhook answers 503 and grants nothing", async () => {
    app = await stripeApp({ STRIPE_WEBHOOK_SECRET: "" });
    const res = await webhook(app, "{}", "t=1,v1=x");
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("webhook_not_configured");
  });

  it("crash safety: Stripe charged, our process died before answering; the webhook grants after restart", async () => {
    app = await stripeApp();
    const who = await member(app);
    const real = app.appContext.payments;
    // The process "dies" right after Stripe confirmed: nothing after the provider call ever runs.
    const dying: PaymentProvider = {
      ...real,
      name: real.name,
      webhooksEnabled: real.webhooksEnabled,
      charge: async (input) => {
        await real.charge(input);
        return new Promise(() => {});
      },
    };
    const dyingServices = { ...app.appContext, payments: dying };
    const first = await serve(createApp({ appContext: dyingServices }).app, dyingServices);
    extra.push(first);
    const body = { package: "enterprise", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: key() };
    const abort = new AbortController();
    const lost = fetch(`${await first.url()}/api/v1/payment/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${who.token}` },
      body: JSON.stringify(body),
      signal: abort.signal,
    }).catch((error: Error) => error);
    let row: typeof payments.$inferSelect | undefined;
    // Until Stripe has charged (waited for, not polled a fixed number of times a busy machine can use up).
    await expect
      .poll(
        async () => {
          [row] = await app.appContext.db.select().from(payments).where(eq(payments.userId, who.id));
          return row ? intentOf(row.id)?.status : undefined;
        },
        { timeout: 10_000 },
      )
      .toBe("succeeded");
    abort.abort();
    expect(await lost).toBeInstanceOf(Error);
    const intent = intentOf(row!.id)!;
    expect(intent.status).toBe("succeeded");
    let after = await state(app, who);
    expect(after.payments[0]).toMatchObject({ status: "pending", providerRef: null, grantedAt: null });
    expect(after.grants).toHaveLength(0);

    // "Restart": a new process on the same database with a working provider.
    const restarted = await serve(createApp({ appContext: { ...app.appContext, payments: real } }).app, { ...app.appContext, payments: real });
    extra.push(restarted);
    const delivery = fake.webhook("payment_intent.succeeded", intent.id, WEBHOOK_SECRET);
    expect((await webhook(restarted, delivery.payload, delivery.signature)).body.result).toBe("processed");
    after = await state(restarted, who);
    expect(after.payments[0]).toMatchObject({ status: "succeeded", providerRef: intent.id });
    expect(after.grants).toHaveLength(1);
    expect(after.user).toMatchObject({ credits: STARTING + 250, package: "enterprise", paymentDone: true });

    // The customer retries the same attempt: the same answer, no second charge or grant.
    const created = fake.created();
    const retry = await pay(restarted, who, body);
    expect(retry.body).toMatchObject({ success: true, transactionId: row!.id, credits: STARTING + 250 });
    expect(fake.created()).toBe(created);
    expect((await state(restarted, who)).grants).toHaveLength(1);
  });
});
