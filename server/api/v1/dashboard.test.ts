import { afterEach, describe, expect, it } from "vitest";
import { getDashboardStats } from "~/lib/stats.server";
import { insertAdmin, insertAiSpend, insertPayment, insertUser } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

const utc = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(Date.UTC(year, month, day, hour, minute));

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

  it("answers zeros and twelve zero months on an empty site (apart from the admin)", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db, { email: "boss@taxatlas.test" });
    const res = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(res.status).toBe(200);
    const month = new Date().getUTCMonth();
    const monthly = Array.from({ length: 12 }, (_, i) => (i === month ? 1 : 0));
    expect(res.body).toEqual({
      success: true,
      data: [{ totalUsers: 1, totalSubscriptions: 0, totalTransactions: 0, totalIncome: 0, usersThisMonth: 1, monthly }],
    });
  });

  it("computes every figure and the chart's twelve months from a scripted history", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const now = new Date();
    const year = now.getUTCFullYear();
    const thisMonth = now.getUTCMonth();

    const admin = await insertAdmin(db); // signs up now: this month
    // Sign-ups in several months of this year, on the UTC month boundaries, and last year.
    const jan1 = await insertUser(db, { createdAt: utc(year, 0, 1, 0, 0), credits: 3 });
    const jan2 = await insertUser(db, { createdAt: utc(year, 0, 31, 23, 59), credits: 3 });
    const mar = await insertUser(db, { createdAt: utc(year, 2, 1, 0, 0), credits: 3 });
    await insertUser(db, { createdAt: utc(year, 6, 15) });
    await insertUser(db, { createdAt: utc(year, 6, 16) });
    await insertUser(db, { createdAt: utc(year, 6, 17) });
    await insertUser(db, { createdAt: utc(year, 11, 31, 23, 59) });
    await insertUser(db, { createdAt: utc(year - 1, 11, 31, 23, 59) }); // last year: total only
    await insertUser(db, { createdAt: utc(year + 1, 0, 1, 0, 0) }); // next year: total only
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
    expected[11] += 1;
    expected[thisMonth] += 2; // the admin and `recent`

    const res = await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toEqual({
      totalUsers: 11,
      totalSubscriptions: 2,
      totalTransactions: 3,
      totalIncome: 174.99,
      usersThisMonth: expected[thisMonth],
      monthly: expected,
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("places sign-ups by UTC month for any given date", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    await insertUser(db, { createdAt: utc(2024, 1, 29, 23, 59) });
    await insertUser(db, { createdAt: utc(2024, 2, 1, 0, 0) });
    await insertUser(db, { createdAt: utc(2024, 2, 31, 23, 59) });
    const stats = await getDashboardStats(db, utc(2024, 2, 10));
    expect(stats.monthly).toEqual([0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(stats.usersThisMonth).toBe(2);
    expect(stats.totalUsers).toBe(3);
  });
});
