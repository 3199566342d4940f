import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { payments, users } from "~/db/schema";
import { getDashboardStats } from "~/lib/stats.server";
import { insertAdmin, insertAiSpend, insertPayment, insertUser } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

const utc = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(Date.UTC(year, month, day, hour, minute));

/** The money fields of a site without a payment. */
const NO_SALES = {
  grossSalesCents: 0,
  refundedCents: 0,
  refundsCount: 0,
  netSalesCents: 0,
  incomeTestMode: false,
  testTransactionsExcluded: 0,
  testIncomeExcludedCents: 0,
  monthlySalesCents: Array.from({ length: 12 }, () => 0),
  monthlyRefundedCents: Array.from({ length: 12 }, () => 0),
};

/** Marks payments refunded as the refund flow leaves them. */
async function markRefunded(db: TestApp["appContext"]["db"], ids: string[]) {
  await db.update(payments).set({ status: "refunded", refundedAt: new Date() }).where(inArray(payments.id, ids));
}

describe("GET /api/v1/dashboard/get", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("answers 401 without a token and 403 for a member", async () => {
    app = await createTestApp();
    const member = await insertUser(app.appContext.db);
    const anonymous = await request(app, "GET", "/api/v1/dashboard/get");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, error: { code: "unauthorized" } });
    const forbidden = await request(app, "GET", "/api/v1/dashboard/get", { token: member.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, error: { code: "forbidden" } });
    const ja = await request(app, "GET", "/api/v1/dashboard/get", { token: member.token, headers: { "Accept-Language": "ja" } });
    expect(ja.body.message).toBe("この操作を行う権限がありません。");
  });

  it("counts members only: an administrator is neither a user in Total Users nor a sign-up in the chart", async () => {
    // Found by an operations manager: the firm's own administrator accounts showed as users.
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db, { email: "boss@taxatlas.test" });
    await insertAdmin(db, { email: "deputy@taxatlas.test" });
    await insertUser(db, { email: "member@example.com" });
    const res = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(res.status).toBe(200);
    const stats = res.body.data[0];
    expect(stats).toMatchObject({ totalUsers: 1, usersThisMonth: 1 });
    expect(stats.monthly).toEqual(Array.from({ length: 12 }, (_, i) => (i === 11 ? 1 : 0)));
  });

  it("Total Subscriptions counts paying members only, as Total Users does: an administrator's own purchase makes no paying user (a review)", async () => {
    // Members only on the Total Users card, yet an administrator who bought credits (trying the
    // checkout, or a member promoted after buying) was a paying user: 1 user and 2 paying users.
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const member = await insertUser(db);
    await insertPayment(db, admin.id, { package: "basic", status: "succeeded" });
    await insertPayment(db, member.id, { package: "pro", status: "succeeded" });
    const stats = (await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).body.data[0];
    expect(stats.totalUsers).toBe(1);
    expect(stats.totalSubscriptions).toBeLessThanOrEqual(stats.totalUsers);
    expect(stats.totalSubscriptions).toBe(1);
  });

  it("answers zeros and twelve zero months on a site with only its admin", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db, { email: "boss@taxatlas.test" });
    const res = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(res.status).toBe(200);
    // The chart's window ends with the current month: its last entry.
    const monthly = Array.from({ length: 12 }, () => 0);
    const now = new Date();
    const months = Array.from({ length: 12 }, (_, i) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
    );
    expect(res.body).toEqual({
      success: true,
      data: [{ totalUsers: 0, totalSubscriptions: 0, totalTransactions: 0, totalIncome: 0, usersThisMonth: 0, monthly, months, refundsOwed: 0, refundsOwedCents: 0, owedRefunds: [], ...NO_SALES }],
    });
  });

  it("computes every figure and the chart's twelve months from a scripted history", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const now = new Date();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    // `ago` months before the current one (Date.UTC carries negative months into earlier years).
    const at = (ago: number, day = 1, hour = 0, minute = 0) => utc(year, month - ago, day, hour, minute);

    const admin = await insertAdmin(db); // signs up now, but is not a member: counted nowhere
    // Sign-ups across the twelve-month window, on its UTC month boundaries, and outside it.
    const jan1 = await insertUser(db, { createdAt: at(11), credits: 3 }); // the window's first instant
    const jan2 = await insertUser(db, { createdAt: new Date(at(10).getTime() - 60_000), credits: 3 }); // last minute of that month
    const mar = await insertUser(db, { createdAt: at(9), credits: 3 });
    await insertUser(db, { createdAt: at(5, 15) });
    await insertUser(db, { createdAt: at(5, 16) });
    await insertUser(db, { createdAt: at(5, 17) });
    await insertUser(db, { createdAt: new Date(at(0).getTime() - 60_000) }); // last minute of last month
    await insertUser(db, { createdAt: new Date(at(11).getTime() - 60_000) }); // before the window: total only
    await insertUser(db, { createdAt: at(-1) }); // next month: total only
    const recent = await insertUser(db, { credits: 3 }); // this month

    // Purchases: two by one user, one by another, a declined one that must not count.
    await insertPayment(db, jan1.id, { package: "basic", status: "succeeded" });
    await insertPayment(db, jan1.id, { package: "pro", status: "succeeded" });
    await insertPayment(db, mar.id, { package: "enterprise", status: "succeeded", amountCents: 9999 });
    await insertPayment(db, jan2.id, { package: "pro", status: "failed" });
    // AI spends change balances, not the dashboard.
    await insertAiSpend(db, jan2.id);
    await insertAiSpend(db, recent.id);

    const expected = Array.from({ length: 12 }, () => 0);
    expected[0] += 2;
    expected[2] += 1;
    expected[6] += 3;
    expected[10] += 1;
    expected[11] += 1; // `recent` (not the admin)

    const res = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toEqual({
      totalUsers: 10,
      totalSubscriptions: 2,
      totalTransactions: 3,
      totalIncome: 174.99,
      usersThisMonth: 1,
      monthly: expected,
      months: Array.from({ length: 12 }, (_, i) => at(11 - i).toISOString().slice(0, 7)),
      refundsOwed: 0,
      refundsOwedCents: 0,
      owedRefunds: [],
      grossSalesCents: 17499,
      refundedCents: 0,
      refundsCount: 0,
      netSalesCents: 17499,
      incomeTestMode: true,
      testTransactionsExcluded: 0,
      testIncomeExcludedCents: 0,
      // All three sales were granted now: this month's.
      monthlySalesCents: Array.from({ length: 12 }, (_, i) => (i === 11 ? 17499 : 0)),
      monthlyRefundedCents: Array.from({ length: 12 }, () => 0),
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("counts the refunds the card's bank returned that are still owed, also of deleted accounts, until marked repaid", async () => {
    // Found by an attack: a returned refund of a deleted account showed nowhere in the admin area.
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const [a, b] = [await insertUser(db), await insertUser(db)];
    const owed = [await insertPayment(db, a.id, { package: "basic", status: "succeeded" }), await insertPayment(db, b.id, { package: "pro", status: "succeeded" })];
    const repaid = await insertPayment(db, a.id, { package: "enterprise", status: "succeeded" });
    const returned = { status: "refunded" as const, refundedAt: new Date(), refundFailedAt: new Date(), refundFailure: "declined" };
    await db.update(payments).set(returned).where(inArray(payments.id, [...owed, repaid]));
    await db.update(payments).set({ refundRepaidAt: new Date() }).where(eq(payments.id, repaid));
    await db.delete(users).where(eq(users.id, b.id));
    await db.update(payments).set({ refundFailedAt: new Date(Date.now() - 60_000) }).where(eq(payments.id, owed[1]!));
    const res = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(res.body.data[0]).toMatchObject({ refundsOwed: 2, refundsOwedCents: 7500 });
    // Listed oldest first, so each can be marked repaid from the dashboard: a deleted account's had no
    // refund panel to do it from (found by an attack).
    expect(res.body.data[0].owedRefunds).toMatchObject([
      { paymentId: owed[1], package: "pro", amountCents: 5000, refundFailure: "other", userId: null, userName: null },
      { paymentId: owed[0], package: "basic", amountCents: 2500, refundFailure: "other", userId: a.id, userName: a.name },
    ]);
    expect((await request(app, "POST", "/api/v1/refunds/repaid", { token: admin.token, body: { paymentId: owed[1] } })).status).toBe(200);
    const after = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(after.body.data[0]).toMatchObject({ refundsOwed: 1, owedRefunds: [{ paymentId: owed[0] }] });
  });

  it("keeps the history through refunds: gross sales, refunded and net side by side, with the count of refunds", async () => {
    // Found by an operator: before any refund the cards read 3 / $175.00, after refunding a $50 and a
    // $25 purchase 1 / $100.00, and nothing said what had been sold and what refunded.
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const [a, b, c] = [await insertUser(db), await insertUser(db), await insertUser(db)];
    const pro = await insertPayment(db, a.id, { package: "pro", status: "succeeded" });
    const basic = await insertPayment(db, b.id, { package: "basic", status: "succeeded" });
    await insertPayment(db, c.id, { package: "enterprise", status: "succeeded" });
    const before = (await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).body.data[0];
    expect(before).toMatchObject({ totalTransactions: 3, totalIncome: 175, grossSalesCents: 17500, refundedCents: 0, refundsCount: 0, netSalesCents: 17500 });
    await markRefunded(db, [pro, basic]);
    const after = (await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).body.data[0];
    // The cards keep their meaning (what was sold and kept); the breakdown says the rest.
    expect(after).toMatchObject({
      totalTransactions: 1,
      totalIncome: 100,
      grossSalesCents: 17500,
      refundedCents: 7500,
      refundsCount: 2,
      netSalesCents: 10000,
    });
  });

  it("says when the money is test-mode money, and never adds test money to live income", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const [a, b] = [await insertUser(db), await insertUser(db)];
    await insertPayment(db, a.id, { package: "basic", status: "succeeded" });
    const testPro = await insertPayment(db, a.id, { package: "pro", status: "succeeded" });
    await markRefunded(db, [testPro]);
    const testOnly = (await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).body.data[0];
    expect(testOnly).toMatchObject({ incomeTestMode: true, totalIncome: 25, grossSalesCents: 7500, refundedCents: 5000, testTransactionsExcluded: 0 });

    // The first live payment: the figures are the live ones, the test money is reported apart.
    await insertPayment(db, b.id, { package: "enterprise", status: "succeeded", provider: "stripe" });
    const live = (await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).body.data[0];
    expect(live).toMatchObject({
      incomeTestMode: false,
      totalTransactions: 1,
      totalIncome: 100,
      grossSalesCents: 10000,
      refundedCents: 0,
      refundsCount: 0,
      netSalesCents: 10000,
      testTransactionsExcluded: 1,
      testIncomeExcludedCents: 2500,
      // The paying accounts are counted with the money: the test-mode buyer is not a subscriber (a review).
      totalSubscriptions: 1,
    });
  });

  it("a refunded payment that was never granted sold nothing: not in gross sales, refunds or the user's status (a review)", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const member = await insertUser(db);
    await insertPayment(db, member.id, { package: "basic", status: "succeeded", provider: "stripe" });
    // Stripe's charge.refunded arrived before its success: recorded refunded, never granted (lib/payments/checkout.server.ts).
    const [never] = await db
      .insert(payments)
      .values({ userId: member.id, package: "pro", amountCents: 5000, credits: 100, provider: "stripe", providerRef: "pi_never", status: "refunded", refundedAt: new Date(), idempotencyKey: "never", country: "JP" })
      .returning({ id: payments.id });
    expect(never).toBeDefined();
    const stats = (await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).body.data[0];
    expect(stats).toMatchObject({ totalTransactions: 1, totalIncome: 25, grossSalesCents: 2500, refundedCents: 0, refundsCount: 0, totalSubscriptions: 1 });
    const detail = await request(app, "GET", `/api/v1/admin/users/${member.id}`, { token: admin.token });
    expect(detail.body.user).toMatchObject({ paymentStatus: "paid", lastPackage: "basic" });
  });

  it("says what was sold and refunded in each of the twelve months: the month of the sale and the month of the refund (an operator)", async () => {
    // Found by an operator: the cards sum every sale since the first, and nothing said what this
    // month brought in.
    app = await createTestApp();
    const db = app.appContext.db;
    const [a, b] = [await insertUser(db), await insertUser(db)];
    const sale = async (userId: string, pkg: "basic" | "pro" | "enterprise", grantedAt: Date) => {
      const id = await insertPayment(db, userId, { package: pkg, status: "succeeded" });
      await db.update(payments).set({ grantedAt }).where(eq(payments.id, id));
      return id;
    };
    const now = utc(2024, 2, 10);
    await sale(a.id, "basic", utc(2023, 2, 31, 23, 59)); // before the window: in the totals only
    await sale(a.id, "pro", utc(2023, 3, 1, 0, 0)); // the window's first month
    const refunded = await sale(b.id, "enterprise", utc(2024, 1, 29, 23, 59)); // last month, refunded this month
    await sale(b.id, "basic", utc(2024, 2, 1, 0, 0));
    await insertPayment(db, b.id, { package: "pro", status: "failed" }); // declined: sold nothing
    await db.update(payments).set({ status: "refunded", refundedAt: utc(2024, 2, 5) }).where(eq(payments.id, refunded));

    const stats = await getDashboardStats(db, now);
    expect(stats.monthlySalesCents).toEqual([5000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10000, 2500]);
    expect(stats.monthlyRefundedCents).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10000]);
    expect(stats).toMatchObject({ grossSalesCents: 20000, refundedCents: 10000, netSalesCents: 10000 });
  });

  it("places sign-ups by UTC month for any given date", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    await insertUser(db, { createdAt: utc(2023, 2, 31, 23, 59) }); // before the window
    await insertUser(db, { createdAt: utc(2023, 3, 1, 0, 0) }); // its first month
    await insertUser(db, { createdAt: utc(2024, 1, 29, 23, 59) });
    await insertUser(db, { createdAt: utc(2024, 2, 1, 0, 0) });
    await insertUser(db, { createdAt: utc(2024, 2, 31, 23, 59) });
    const stats = await getDashboardStats(db, utc(2024, 2, 10));
    expect(stats.monthly).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(stats.months[0]).toBe("2023-04");
    expect(stats.months[11]).toBe("2024-03");
    expect(stats.usersThisMonth).toBe(2);
    expect(stats.totalUsers).toBe(5);
  });
});
