// Attack: push a balance past what the database column or a JavaScript number can hold, through an
// admin grant or a purchase. Balances are 64-bit in the database and capped at MAX_CREDIT_BALANCE
// in the application; a grant or purchase that would cross the cap is a translated 409, refused
// before the card is charged, never a 500.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, payments, users } from "~/db/schema";
import { getPackage } from "~/lib/catalog";
import { changeCredits, CREDIT_LIMIT_ERROR, CreditLimitError, MAX_CREDIT_BALANCE } from "~/lib/credits.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import { insertAdmin, insertUser } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { testDatabase } from "~/tests/helpers/test-db";

const INT32_MAX = 2 ** 31 - 1;

beforeAll(() => testDatabase(), 120_000);

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function balanceOf(testApp: TestApp, userId: string): Promise<number> {
  const [row] = await testApp.appContext.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
const ledgerOf = (testApp: TestApp, userId: string) =>
  testApp.appContext.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

/** Counts the charges that reach the provider. */
function countCharges(testApp: TestApp): { count: number } {
  const counter = { count: 0 };
  const real = testApp.appContext.payments;
  const counting: PaymentProvider = {
    ...real,
    name: real.name,
    webhooksEnabled: real.webhooksEnabled,
    charge: (input) => {
      counter.count += 1;
      return real.charge(input);
    },
  };
  testApp.appContext.payments = counting;
  return counter;
}

const grant = (testApp: TestApp, token: string, userId: string, amount: number, lang = "en") =>
  request(testApp, "POST", `/api/v1/admin/users/${userId}/credits`, {
    token,
    body: { direction: "grant", amount, reason: "Overflow attempt" },
    headers: { "Accept-Language": lang },
  });

const buy = (testApp: TestApp, token: string, packageId: string, lang = "en") =>
  request(testApp, "POST", "/api/v1/payment/create", {
    token,
    body: { package: packageId, paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: `attempt-${randomUUID()}` },
    headers: { "Accept-Language": lang },
  });

describe("balances past 32 bits", () => {
  it("an admin grant past 2^31 succeeds and the balance and ledger stay exact", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: INT32_MAX });
    const res = await grant(app, admin.token, member.id, 10);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, credits: INT32_MAX + 10 });
    expect(res.body.entry).toMatchObject({ delta: 10, balanceAfter: INT32_MAX + 10 });
    expect(await balanceOf(app, member.id)).toBe(INT32_MAX + 10);
  });

  it("a purchase past 2^31 succeeds", async () => {
    app = await createTestApp();
    const member = await insertUser(app.appContext.db, { credits: INT32_MAX });
    const res = await buy(app, member.token, "basic");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, credits: INT32_MAX + getPackage("basic")!.credits });
    expect(await balanceOf(app, member.id)).toBe(INT32_MAX + getPackage("basic")!.credits);
  });
});

describe("the application maximum", () => {
  it("keeps JavaScript numbers exact", () => {
    expect(Number.isSafeInteger(MAX_CREDIT_BALANCE)).toBe(true);
  });

  it("an admin grant that would cross it is a translated 409 and changes nothing", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: MAX_CREDIT_BALANCE - 5 });
    for (const lang of ["en", "ja", "zh"] as const) {
      const res = await grant(app, admin.token, member.id, 6, lang);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        message: CREDIT_LIMIT_ERROR[lang],
        error: { code: "credit_limit", message: CREDIT_LIMIT_ERROR[lang] },
      });
    }
    expect(await balanceOf(app, member.id)).toBe(MAX_CREDIT_BALANCE - 5);
    expect(await ledgerOf(app, member.id)).toHaveLength(0);
    // Up to the cap exactly is fine.
    const exact = await grant(app, admin.token, member.id, 5);
    expect(exact.status).toBe(200);
    expect(exact.body.credits).toBe(MAX_CREDIT_BALANCE);
  });

  it("a purchase that would cross it is a translated 409 before the card is charged", async () => {
    app = await createTestApp();
    const charges = countCharges(app);
    const member = await insertUser(app.appContext.db, { credits: MAX_CREDIT_BALANCE - 10 });
    const res = await buy(app, member.token, "enterprise", "ja");
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: CREDIT_LIMIT_ERROR.ja,
      error: { code: "credit_limit", message: CREDIT_LIMIT_ERROR.ja },
    });
    expect(charges.count).toBe(0);
    expect(await balanceOf(app, member.id)).toBe(MAX_CREDIT_BALANCE - 10);
    const rows = await app.appContext.db.select().from(payments).where(eq(payments.userId, member.id));
    expect(rows.filter((row) => row.status === "succeeded" || row.grantedAt)).toHaveLength(0);
    const grants = await app.appContext.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, member.id), eq(creditLedger.kind, "purchase")));
    expect(grants).toHaveLength(0);
  });

  it("changeCredits refuses a crossing grant and a delta that is not a safe integer", async () => {
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: MAX_CREDIT_BALANCE - 1 });
    await expect(
      db.transaction((tx) => changeCredits(tx, { userId: member.id, delta: 2, kind: "admin_adjustment" })),
    ).rejects.toBeInstanceOf(CreditLimitError);
    await expect(
      db.transaction((tx) => changeCredits(tx, { userId: member.id, delta: 2 ** 53, kind: "admin_adjustment" })),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await balanceOf(app, member.id)).toBe(MAX_CREDIT_BALANCE - 1);
    expect(await ledgerOf(app, member.id)).toHaveLength(0);
  });
});
