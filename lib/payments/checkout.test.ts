import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { creditLedger, payments, processedEvents, users } from "~/db/schema";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { createPayment, grantPayment, handlePaymentEvent, type CheckoutDeps } from "./checkout.server";
import { ProviderUnavailableError, type PaymentEvent, type PaymentProvider, type RefundOutcome } from "./provider";

let database: Database;
let deps: CheckoutDeps;

const stripeLike: PaymentProvider = {
  name: "stripe",
  webhooksEnabled: true,
  charge: async () => {
    throw new Error("not used");
  },
  refund: async () => {
    throw new Error("not used");
  },
  paymentIdOf: async () => null,
  confirm: async () => {
    throw new Error("not used");
  },
  parseWebhook: () => null,
};

beforeAll(async () => {
  database = await testDatabase();
}, 120_000);

beforeEach(async () => {
  await resetDatabase(database);
  deps = {
    db: database.db,
    provider: stripeLike,
    logger: pino({ level: "silent" }),
    rateLimiter: createRateLimiter(database.db, { enabled: false }),
    siteName: "TaxAtlas",
    seller: SELLER,
  };
});

/** Who issues the receipts of these tests' purchases. */
const SELLER = { legalName: "TaxAtlas K.K.", address: null, taxId: null };

async function pendingPayment(credits = 100) {
  const { db } = database;
  const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.test`, name: "M", passwordHash: "x" }).returning();
  const [payment] = await db
    .insert(payments)
    .values({
      userId: user!.id,
      package: "pro",
      amountCents: 5000,
      credits,
      provider: "stripe",
      idempotencyKey: randomUUID(),
      country: "JP",
    })
    .returning();
  return { userId: user!.id, payment: payment! };
}

async function ledgerOf(userId: string) {
  const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  return { rows, balance: user!.credits, sum: rows.reduce((total, row) => total + row.delta, 0), user: user! };
}

describe("grant", () => {
  it("grants once however many callers race for it", async () => {
    const { userId, payment } = await pendingPayment();
    const results = await Promise.all(Array.from({ length: 10 }, () => grantPayment(database.db, payment.id, SELLER, "pi_123")));
    expect(results.filter((r) => r?.granted)).toHaveLength(1);
    for (const result of results) expect(result?.balance).toBe(100);
    const ledger = await ledgerOf(userId);
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.balance).toBe(ledger.sum);
    expect(ledger.user).toMatchObject({ package: "pro", paymentDone: true });
    const [row] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: "succeeded", providerRef: "pi_123" });
    expect(row!.grantedAt).toBeInstanceOf(Date);
  });

  it("the database refuses a second purchase row for one payment", async () => {
    const { userId, payment } = await pendingPayment();
    await grantPayment(database.db, payment.id, SELLER);
    await expect(
      database.db.insert(creditLedger).values({ userId, delta: 100, balanceAfter: 200, kind: "purchase", paymentId: payment.id }),
    ).rejects.toThrow();
  });

  it("returns the granted row as drizzle reads it (types included)", async () => {
    const { payment } = await pendingPayment(250);
    const result = await grantPayment(database.db, payment.id, SELLER, "pi_types", "4242");
    const [stored] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(result).toMatchObject({ granted: true, balance: 250 });
    expect(result!.payment).toEqual(stored);
    expect(typeof result!.payment.credits).toBe("number");
    expect(typeof result!.payment.receiptNumber).toBe("number");
  });

  it("grants nothing for a payment whose account was deleted", async () => {
    const { userId, payment } = await pendingPayment();
    await database.db.delete(users).where(eq(users.id, userId));
    await expect(grantPayment(database.db, payment.id, SELLER)).rejects.toThrow();
    const [row] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: "pending", grantedAt: null, receiptNumber: null });
    expect(await database.db.select().from(creditLedger).where(eq(creditLedger.paymentId, payment.id))).toHaveLength(0);
  });

  it("returns null for an unknown payment", async () => {
    expect(await grantPayment(database.db, randomUUID(), SELLER)).toBeNull();
  });
});

describe("webhook events", () => {
  const succeeded = (paymentId: string | null, providerRef: string, amountCents = 5000): PaymentEvent => ({
    id: `evt_${randomUUID()}`,
    type: "payment_intent.succeeded",
    payment: { providerRef, paymentId, amountCents, currency: "usd", failure: null },
  });

  it("applies an event once, records it, and finds a payment by our id when its reference was never saved", async () => {
    const { userId, payment } = await pendingPayment();
    const event = succeeded(payment.id, "pi_abc");
    const results = await Promise.all(Array.from({ length: 5 }, () => handlePaymentEvent(deps, event)));
    expect(results.sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "processed"]);
    // A different event for the same charge (Stripe may send several) grants nothing more.
    expect(await handlePaymentEvent(deps, succeeded(payment.id, "pi_abc"))).toBe("processed");
    const ledger = await ledgerOf(userId);
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.balance).toBe(100);
  });

  it("ignores an amount that differs from the catalog price, and unknown payments", async () => {
    const { userId, payment } = await pendingPayment();
    expect(await handlePaymentEvent(deps, succeeded(payment.id, "pi_x", 100))).toBe("ignored");
    expect(await handlePaymentEvent(deps, succeeded(randomUUID(), "pi_y"))).toBe("ignored");
    expect(await handlePaymentEvent(deps, succeeded("not-a-uuid", "pi_z"))).toBe("ignored");
    expect((await ledgerOf(userId)).rows).toHaveLength(0);
  });

  it("a failure event does not undo a granted payment", async () => {
    const { userId, payment } = await pendingPayment();
    await grantPayment(database.db, payment.id, SELLER, "pi_done");
    const failed: PaymentEvent = {
      id: `evt_${randomUUID()}`,
      type: "payment_intent.payment_failed",
      payment: { providerRef: "pi_done", paymentId: payment.id, amountCents: 5000, currency: "usd", failure: { code: "card_declined", message: null } },
    };
    expect(await handlePaymentEvent(deps, failed)).toBe("processed");
    const [row] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe("succeeded");
    expect((await ledgerOf(userId)).balance).toBe(100);
    expect(await database.db.select().from(processedEvents)).toHaveLength(1);
  });
});

// Found by an attacker's review: an account deleted while its card payment was under way left the
// charge taken, the payment pending for ever, and a 500 for the provider's every redelivery.
describe("a charge that succeeds after its account was deleted", () => {
  function refunding(answer: () => Promise<RefundOutcome>) {
    const calls: [string, string, number][] = [];
    const provider: PaymentProvider = {
      ...stripeLike,
      refund: async (providerRef, paymentId, amountCents) => {
        calls.push([providerRef, paymentId, amountCents]);
        return answer();
      },
    };
    return { calls, deps: { ...deps, provider } };
  }
  const succeeded = (paymentId: string, providerRef: string): PaymentEvent => ({
    id: `evt_${randomUUID()}`,
    type: "payment_intent.succeeded",
    payment: { providerRef, paymentId, amountCents: 5000, currency: "usd", failure: null },
  });
  const stored = async (id: string) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it("is refunded in full when its webhook comes; a redelivery changes nothing", async () => {
    const { userId, payment } = await pendingPayment();
    await database.db.delete(users).where(eq(users.id, userId));
    const { calls, deps: refundDeps } = refunding(async () => ({ status: "succeeded", refundRef: "re_gone" }));
    expect(await handlePaymentEvent(refundDeps, succeeded(payment.id, "pi_gone"))).toBe("processed");
    expect(calls).toEqual([["pi_gone", payment.id, 5000]]);
    expect(await stored(payment.id)).toMatchObject({ userId: null, status: "refunded", providerRef: "pi_gone", refundRef: "re_gone", grantedAt: null, receiptNumber: null });
    expect((await stored(payment.id)).refundedAt).toBeInstanceOf(Date);
    expect(await handlePaymentEvent(refundDeps, succeeded(payment.id, "pi_gone"))).toBe("processed");
    expect(calls).toHaveLength(1);
    expect(await database.db.select().from(creditLedger).where(eq(creditLedger.paymentId, payment.id))).toHaveLength(0);
  });

  it("keeps the event for a redelivery while the provider cannot take the refund", async () => {
    const { userId, payment } = await pendingPayment();
    await database.db.delete(users).where(eq(users.id, userId));
    const event = succeeded(payment.id, "pi_later");
    const down = refunding(async () => {
      throw new ProviderUnavailableError("down");
    });
    await expect(handlePaymentEvent(down.deps, event)).rejects.toMatchObject({ status: 503, code: "payment_provider_unavailable" });
    expect(await stored(payment.id)).toMatchObject({ status: "pending", refundedAt: null });
    expect(await database.db.select().from(processedEvents)).toHaveLength(0);
    const up = refunding(async () => ({ status: "succeeded", refundRef: "re_later" }));
    expect(await handlePaymentEvent(up.deps, event)).toBe("processed");
    expect(await stored(payment.id)).toMatchObject({ status: "refunded", refundRef: "re_later" });
  });

  it("is refunded when the charge's own answer comes after the deletion", async () => {
    const { db } = database;
    const [user] = await db.insert(users).values({ email: `${randomUUID()}@example.test`, name: "M", passwordHash: "x" }).returning();
    const refunds: string[] = [];
    const provider: PaymentProvider = {
      ...stripeLike,
      charge: async () => {
        await db.delete(users).where(eq(users.id, user!.id));
        return { status: "succeeded", providerRef: "pi_mid", amountCents: 5000, currency: "usd", cardLast4: "4242" };
      },
      refund: async (providerRef) => {
        refunds.push(providerRef);
        return { status: "succeeded", refundRef: "re_mid" };
      },
    };
    const attempt = createPayment({ ...deps, provider }, { userId: user!.id, packageId: "pro", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: randomUUID() });
    await expect(attempt).rejects.toMatchObject({ status: 404, code: "payment_not_found" });
    expect(refunds).toEqual(["pi_mid"]);
    const [row] = await db.select().from(payments).where(eq(payments.providerRef, "pi_mid"));
    expect(row).toMatchObject({ userId: null, status: "refunded", refundRef: "re_mid", grantedAt: null });
  });
});
