import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "~/tests/fakes/fake-stripe";
import type { ChargeInput, PaymentProvider } from "./provider";
import { ProviderUnavailableError, WebhookPayloadError, WebhookSignatureError } from "./provider";
import { createStripeProvider, stripeConnection, stripeIdempotencyKey } from "./stripe-provider.server";
import { createTestProvider, testProviderRef } from "./test-provider";

const WEBHOOK_SECRET = "whsec_test_provider_secret";

function input(paymentMethodId: string, overrides: Partial<ChargeInput> = {}): ChargeInput {
  return {
    paymentId: randomUUID(),
    userId: randomUUID(),
    packageId: "pro",
    amountCents: 5000,
    currency: "usd",
    paymentMethodId,
    country: "JP",
    description: "TaxAtlas Pro package: 100 credits",
    ...overrides,
  };
}

describe("stripeConnection", () => {
  it("turns STRIPE_API_BASE into the SDK's host, port and protocol", () => {
    expect(stripeConnection(undefined)).toEqual({});
    expect(stripeConnection("http://127.0.0.1:12111")).toEqual({ host: "127.0.0.1", port: "12111", protocol: "http" });
    expect(stripeConnection("https://stripe.internal")).toEqual({ host: "stripe.internal", port: "443", protocol: "https" });
    expect(stripeConnection("http://[::1]:8080/")).toEqual({ host: "::1", port: "8080", protocol: "http" });
  });
});

describe("Stripe provider against the fake Stripe API", () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({ secretKey: "sk_test_123", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url, maxNetworkRetries: 0 });
  });
  afterAll(() => fake.close());

  it("creates and confirms a PaymentIntent with the payment method, the amount and an idempotency key", async () => {
    const charge = input("pm_card_visa");
    const outcome = await provider.charge(charge);
    expect(outcome).toMatchObject({ status: "succeeded", amountCents: 5000, currency: "usd" });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", path: "/v1/payment_intents", idempotencyKey: stripeIdempotencyKey(charge.paymentId) });
    expect(request.params).toMatchObject({
      amount: "5000",
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: "true",
      confirmation_method: "manual",
      "metadata[paymentId]": charge.paymentId,
      "metadata[package]": "pro",
    });
  });

  it("charges once when the same payment is sent again", async () => {
    const charge = input("pm_card_visa");
    const before = fake.created();
    const [a, b] = [await provider.charge(charge), await provider.charge(charge)];
    expect(fake.created()).toBe(before + 1);
    expect(a.status === "succeeded" && b.status === "succeeded" && a.providerRef === b.providerRef).toBe(true);
  });

  it("returns a decline with the provider's message as is", async () => {
    expect(await provider.charge(input("pm_card_visa_chargeDeclined"))).toMatchObject({
      status: "failed",
      code: "card_declined",
      message: "Your card was declined.",
      providerRef: expect.stringMatching(/^pi_/),
    });
    expect(await provider.charge(input("pm_card_visa_chargeDeclinedInsufficientFunds"))).toMatchObject({
      status: "failed",
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    expect(await provider.charge(input("pm_unknown"))).toMatchObject({ status: "failed", code: "invalid_payment_method" });
  });

  it("asks for 3-D Secure with the client secret, then confirms once the customer completed it", async () => {
    const charge = input("pm_card_threeDSecure2Required");
    const first = await provider.charge(charge);
    expect(first.status).toBe("requires_action");
    if (first.status !== "requires_action") return;
    expect(first.clientSecret).toContain(`${first.providerRef}_secret_`);
    // Not completed yet: still requires action.
    expect((await provider.confirm(first.providerRef, charge.paymentId)).status).toBe("requires_action");
    fake.completeAction(first.providerRef);
    expect(await provider.confirm(first.providerRef, charge.paymentId)).toMatchObject({ status: "succeeded", amountCents: 5000 });
    // Confirming again only reads the state.
    expect((await provider.confirm(first.providerRef, charge.paymentId)).status).toBe("succeeded");
  });

  it("reports a failed 3-D Secure as a failed payment", async () => {
    const first = await provider.charge(input("pm_card_threeDSecure2Required"));
    if (first.status !== "requires_action") throw new Error("expected requires_action");
    fake.completeAction(first.providerRef, false);
    expect(await provider.confirm(first.providerRef, "x")).toMatchObject({ status: "failed", code: "authentication_failed" });
  });

  it("throws ProviderUnavailableError on a 500 (the outcome is unknown)", async () => {
    fake.failNext(1);
    await expect(provider.charge(input("pm_card_visa"))).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("throws ProviderUnavailableError when Stripe cannot be reached", async () => {
    const offline = createStripeProvider({ secretKey: "sk_test_123", apiBase: "http://127.0.0.1:9", maxNetworkRetries: 0 });
    await expect(offline.charge(input("pm_card_visa"))).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it("verifies webhook signatures on the raw body", async () => {
    const outcome = await provider.charge(input("pm_card_visa"));
    if (outcome.status !== "succeeded") throw new Error("expected success");
    const { payload, signature, eventId } = fake.webhook("payment_intent.succeeded", outcome.providerRef, WEBHOOK_SECRET);
    const event = provider.parseWebhook(Buffer.from(payload), signature);
    expect(event).toMatchObject({
      id: eventId,
      type: "payment_intent.succeeded",
      payment: { providerRef: outcome.providerRef, amountCents: 5000, currency: "usd" },
    });
    expect(() => provider.parseWebhook(Buffer.from(payload.replace("5000", "1")), signature)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    const other = fake.webhook("payment_intent.succeeded", outcome.providerRef, "whsec_someone_else");
    expect(() => provider.parseWebhook(Buffer.from(other.payload), other.signature)).toThrow(WebhookSignatureError);
  });

  it("reads a refunded charge: its PaymentIntent, the amount refunded so far and the newest refund", async () => {
    const outcome = await provider.charge(input("pm_card_visa"));
    if (outcome.status !== "succeeded") throw new Error("expected success");
    const part = fake.dashboardRefund(outcome.providerRef, WEBHOOK_SECRET, 2000);
    expect(provider.parseWebhook(Buffer.from(part.payload), part.signature)).toMatchObject({
      id: part.eventId,
      type: "charge.refunded",
      payment: { providerRef: outcome.providerRef, paymentId: null, amountCents: 5000, refund: { amountCents: 2000, refundRef: part.refundId } },
    });
    const rest = fake.dashboardRefund(outcome.providerRef, WEBHOOK_SECRET, 3000);
    expect(provider.parseWebhook(Buffer.from(rest.payload), rest.signature)?.payment?.refund).toEqual({ amountCents: 5000, refundRef: rest.refundId });
    // A refund id Stripe would never send, but a signed one: a clear refusal, not a 500 from the database.
    const bad = rest.payload.replace(rest.refundId, `${rest.refundId}\\u0000`);
    expect(() => provider.parseWebhook(Buffer.from(bad), fake.sign(bad, WEBHOOK_SECRET))).toThrow(WebhookPayloadError);
  });

  it("reads a refund the card's bank returned (refund.failed, charge.refund.updated); any other refund update carries nothing", async () => {
    const outcome = await provider.charge(input("pm_card_visa"));
    if (outcome.status !== "succeeded") throw new Error("expected success");
    const { refundId } = fake.dashboardRefund(outcome.providerRef, WEBHOOK_SECRET);
    for (const type of ["refund.failed", "charge.refund.updated"]) {
      const failed = fake.failRefund(refundId, WEBHOOK_SECRET, { type, reason: "lost_or_stolen_card" });
      expect(provider.parseWebhook(Buffer.from(failed.payload), failed.signature)).toMatchObject({
        id: failed.eventId,
        type,
        payment: { providerRef: outcome.providerRef, paymentId: null, refundFailure: { refundRef: refundId, reason: "lost_or_stolen_card" } },
      });
    }
    const failed = fake.failRefund(refundId, WEBHOOK_SECRET, { type: "charge.refund.updated" });
    const event = JSON.parse(failed.payload) as { data: { object: Record<string, unknown> } };
    const signed = (change: (refund: Record<string, unknown>) => void) => {
      const copy = structuredClone(event);
      change(copy.data.object);
      const body = JSON.stringify(copy);
      return () => provider.parseWebhook(Buffer.from(body), fake.sign(body, WEBHOOK_SECRET));
    };
    // Still succeeded or pending: nothing to act on. Without a reason, the status stands for it.
    expect(signed((refund) => (refund.status = "succeeded"))()?.payment).toBeNull();
    expect(signed((refund) => (refund.status = "pending"))()?.payment).toBeNull();
    expect(signed((refund) => ((refund.status = "canceled"), (refund.failure_reason = null)))()?.payment?.refundFailure).toEqual({ refundRef: refundId, reason: "canceled" });
    for (const change of [
      (refund: Record<string, unknown>) => (refund.id = 5),
      (refund: Record<string, unknown>) => (refund.failure_reason = "x\u0000"),
      (refund: Record<string, unknown>) => (refund.amount = -1),
      (refund: Record<string, unknown>) => (refund.payment_intent = 7),
    ]) {
      expect(signed(change)).toThrow(WebhookPayloadError);
    }
  });

  it("refuses a refunded charge whose fields are not what Stripe sends, signed or not", async () => {
    const outcome = await provider.charge(input("pm_card_visa"));
    if (outcome.status !== "succeeded") throw new Error("expected success");
    const { payload } = fake.dashboardRefund(outcome.providerRef, WEBHOOK_SECRET);
    const event = JSON.parse(payload) as { data: { object: Record<string, unknown> & { refunds: { data: Record<string, unknown>[] } } } };
    const variants: ((charge: (typeof event)["data"]["object"]) => void)[] = [
      (charge) => (charge.amount_refunded = "abc"),
      (charge) => (charge.amount_refunded = -1),
      (charge) => (charge.amount_refunded = 2.5),
      (charge) => (charge.amount = "5000"),
      (charge) => (charge.refunds.data[0]!.id = { x: 1 }),
      (charge) => (charge.refunds.data[0]!.id = 123),
      (charge) => (charge.refunds.data[0]!.id = `re_${"x".repeat(100_000)}`),
      (charge) => (charge.payment_intent = { id: [outcome.providerRef] }),
      (charge) => (charge.payment_intent = 42),
    ];
    for (const change of variants) {
      const copy = structuredClone(event);
      change(copy.data.object);
      const body = JSON.stringify(copy);
      expect(() => provider.parseWebhook(Buffer.from(body), fake.sign(body, WEBHOOK_SECRET)), body.slice(0, 300)).toThrow(WebhookPayloadError);
    }
    // A PaymentIntent event's fields are checked too.
    const succeeded = JSON.parse(fake.webhook("payment_intent.succeeded", outcome.providerRef, WEBHOOK_SECRET).payload) as { data: { object: Record<string, unknown> } };
    for (const [field, value] of [["currency", 7], ["amount", "2500"], ["amount_received", -1], ["metadata", { paymentId: 5 }]] as const) {
      const copy = structuredClone(succeeded);
      copy.data.object[field] = value;
      const body = JSON.stringify(copy);
      expect(() => provider.parseWebhook(Buffer.from(body), fake.sign(body, WEBHOOK_SECRET)), field).toThrow(WebhookPayloadError);
    }
    // An expanded PaymentIntent is Stripe's own shape: read as its id.
    const expanded = structuredClone(event);
    expanded.data.object.payment_intent = { id: outcome.providerRef, object: "payment_intent" };
    const body = JSON.stringify(expanded);
    expect(provider.parseWebhook(Buffer.from(body), fake.sign(body, WEBHOOK_SECRET))?.payment?.providerRef).toBe(outcome.providerRef);
  });
});

describe("test provider", () => {
  const provider = createTestProvider();

  it("follows the test card outcomes and never needs a webhook", async () => {
    const ok = input("pm_card_visa");
    expect(await provider.charge(ok)).toEqual({
      status: "succeeded",
      providerRef: testProviderRef(ok.paymentId),
      amountCents: 5000,
      currency: "usd",
      cardLast4: "4242",
    });
    expect(await provider.charge(input("pm_card_visa_chargeDeclined"))).toMatchObject({ status: "failed", code: "card_declined" });
    expect(await provider.charge(input("pm_card_visa_chargeDeclinedInsufficientFunds"))).toMatchObject({
      status: "failed",
      code: "insufficient_funds",
    });
    expect(await provider.charge(input("pm_4242424242424242"))).toMatchObject({ status: "failed", code: "invalid_payment_method" });
    expect(provider.parseWebhook(Buffer.from("{}"), "sig")).toBeNull();
    expect(provider.webhooksEnabled).toBe(false);
  });
});
