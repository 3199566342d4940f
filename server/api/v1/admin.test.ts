import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contactMessages, creditLedger, payments, users } from "~/db/schema";
import { listUsers } from "~/lib/admin/users.server";
import { insertAdmin, insertAiSpend, insertPayment, insertUser } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function balance(app: TestApp, userId: string): Promise<number> {
  const [row] = await app.appContext.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

async function adjustments(app: TestApp, userId: string) {
  return app.appContext.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, "admin_adjustment")));
}

async function insertMessage(app: TestApp, fields: { subject: string; message?: string; createdAt: Date; read?: boolean }) {
  const [row] = await app.appContext.db
    .insert(contactMessages)
    .values({
      name: "Hanako Yamada",
      email: "hanako@example.com",
      subject: fields.subject,
      message: fields.message ?? "Hello",
      createdAt: fields.createdAt,
      readAt: fields.read ? fields.createdAt : null,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

describe("admin API access", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("answers 401 without a token and 403 for a member on every admin endpoint", async () => {
    app = await createTestApp();
    const member = await insertUser(app.appContext.db, { credits: 5 });
    const messageId = await insertMessage(app, { subject: "Hi", createdAt: new Date() });
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/v1/dashboard/get"],
      ["GET", "/api/v1/user/get"],
      ["GET", `/api/v1/admin/users/${member.id}`],
      ["POST", `/api/v1/admin/users/${member.id}/credits`, { direction: "grant", amount: 5, reason: "x" }],
      ["POST", `/api/v1/admin/users/${member.id}/role`, { role: "admin" }],
      ["GET", "/api/v1/admin/messages"],
      ["POST", `/api/v1/admin/messages/${messageId}/read`, { read: true }],
    ];
    for (const [method, path, body] of endpoints) {
      const anonymous = await request(app, method, path, { body });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      expect(anonymous.body.error.code).toBe("unauthorized");
      const forbidden = await request(app, method, path, { body, token: member.token });
      expect(forbidden.status, `${method} ${path} member`).toBe(403);
      expect(forbidden.body.error.code).toBe("forbidden");
      const badToken = await request(app, method, path, { body, token: "not-a-session" });
      expect(badToken.status).toBe(401);
    }
    // Nothing changed for the member.
    expect(await balance(app, member.id)).toBe(5);
    const [row] = await app.appContext.db.select({ role: users.role }).from(users).where(eq(users.id, member.id));
    expect(row!.role).toBe("user");
  });
});

describe("GET /api/v1/user/get", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  async function seed() {
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db, { email: "zz-admin@taxatlas.test", name: "Zed Admin" });
    // 25 members, one a day in January 2024, credits 0..24 in a shuffled order.
    const members = [];
    for (let i = 0; i < 25; i++) {
      members.push(
        await insertUser(db, {
          email: `${i % 2 ? "alice" : "bob"}.${String(i).padStart(2, "0")}@${i % 3 ? "example.com" : "corp.test"}`,
          name: `${i % 2 ? "Alice" : "Bob"} Tanaka ${i}`,
          credits: (i * 7) % 25,
          createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
        }),
      );
    }
    return { admin, members };
  }

  it("pages through every user, newest first by default, with the spec's row shape", async () => {
    const { admin, members } = await seed();
    await insertPayment(app.appContext.db, members[24]!.id, { package: "enterprise", status: "succeeded" });

    const first = await request(app, "GET", "/api/v1/user/get?pageSize=10", { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, page: 1, pageSize: 10, total: 26, totalCapped: false });
    expect(first.body.users).toHaveLength(10);
    // The admin signed up now; then the members from the newest.
    expect(first.body.users[0]).toMatchObject({ email: "zz-admin@taxatlas.test", role: "admin" });
    expect(first.body.users[1]).toEqual({
      _id: members[24]!.id,
      name: "Bob Tanaka 24",
      email: members[24]!.email,
      credits: (24 * 7) % 25 + 250,
      paymentDone: true,
      package: "enterprise",
      role: "user",
      createdAt: "2024-01-25T00:00:00.000Z",
      // Added after the spec's fields: what the Payment Status column shows, and the last package bought.
      paymentStatus: "paid",
      lastPackage: "enterprise",
    });
    expect(first.body.users[2]).toMatchObject({ paymentDone: false, package: "", paymentStatus: "not_purchased", lastPackage: "" });

    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const res = await request(app, "GET", `/api/v1/user/get?pageSize=10&page=${page}`, { token: admin.token });
      expect(res.body.users).toHaveLength(page === 3 ? 6 : 10);
      for (const user of res.body.users) seen.add(user._id);
    }
    expect(seen.size).toBe(26);
    const beyond = await request(app, "GET", "/api/v1/user/get?pageSize=10&page=4", { token: admin.token });
    expect(beyond.body).toMatchObject({ users: [], total: 26, page: 4 });
  });

  it("sorts by join date and by credits in both directions", async () => {
    const { admin } = await seed();
    const get = async (sort: string) =>
      (await request(app, "GET", `/api/v1/user/get?sort=${sort}&pageSize=100`, { token: admin.token })).body.users as {
        credits: number;
        createdAt: string;
      }[];
    const asc = await get("created_asc");
    expect(asc.map((u) => u.createdAt)).toEqual([...asc.map((u) => u.createdAt)].sort());
    expect(asc[0]!.createdAt).toBe("2024-01-01T00:00:00.000Z");
    const desc = await get("created_desc");
    expect(desc.map((u) => u.createdAt)).toEqual([...asc.map((u) => u.createdAt)].reverse());
    const byCreditsDesc = (await get("credits_desc")).map((u) => u.credits);
    expect(byCreditsDesc).toEqual([...byCreditsDesc].sort((a, b) => b - a));
    expect(byCreditsDesc[0]).toBe(24);
    const byCreditsAsc = (await get("credits_asc")).map((u) => u.credits);
    expect(byCreditsAsc).toEqual([...byCreditsDesc].reverse());
  });

  it("searches the start of the email or the name, case-insensitively, and anywhere on request", async () => {
    const { admin } = await seed();
    const search = async (query: string) =>
      (await request(app, "GET", `/api/v1/user/get?${query.includes("pageSize") ? "" : "pageSize=100&"}${query}`, {
        token: admin.token,
      })).body;

    const byEmail = await search("q=ALICE.1");
    expect(byEmail.total).toBe(5); // alice.11, .13, .15, .17, .19
    expect(byEmail.users.every((u: { email: string }) => u.email.startsWith("alice.1"))).toBe(true);

    const byName = await search("q=bob%20tanaka%202");
    expect(byName.users.map((u: { name: string }) => u.name).sort()).toEqual([
      "Bob Tanaka 2",
      "Bob Tanaka 20",
      "Bob Tanaka 22",
      "Bob Tanaka 24",
    ]);

    // A domain is not the start of anything: found only with match=contains.
    expect((await search("q=corp.test")).total).toBe(0);
    expect((await search("q=corp.test&match=contains")).total).toBe(9);
    expect((await search("q=tanaka&match=contains")).total).toBe(25);

    // LIKE wildcards are plain text.
    expect((await search("q=%25")).total).toBe(0);
    expect((await search("q=_")).total).toBe(0);
    expect((await search("q=a%25e&match=contains")).total).toBe(0);

    // Search, sort and paging together.
    const page = await search("q=alice&sort=credits_desc&pageSize=5&page=2");
    expect(page.total).toBe(12);
    expect(page.users).toHaveLength(5);
  });

  it("finds the member of a receipt number or of a payment reference", async () => {
    const { admin, members } = await seed();
    const db = app.appContext.db;
    const buyer = members[7]!;
    const paymentId = await insertPayment(db, buyer.id, { package: "pro", status: "succeeded" });
    await db.update(payments).set({ receiptNumber: 4217 }).where(eq(payments.id, paymentId));
    const search = async (q: string, match = "prefix") =>
      (await request(app, "GET", `/api/v1/user/get?match=${match}&q=${encodeURIComponent(q)}`, { token: admin.token })).body;

    for (const q of ["R-004217", "r-4217", "R004217", " 4217 "]) {
      const found = await search(q);
      expect(found.users.map((u: { _id: string }) => u._id), q).toEqual([buyer.id]);
      expect((await search(q, "contains")).users.map((u: { _id: string }) => u._id), q).toEqual([buyer.id]);
    }
    expect((await search(paymentId)).users.map((u: { _id: string }) => u._id)).toEqual([buyer.id]);
    expect((await search(paymentId.toUpperCase())).users.map((u: { _id: string }) => u._id)).toEqual([buyer.id]);
    // A number no receipt carries finds nobody; one too long to be a receipt number is a name search, no error.
    expect((await search("R-004218")).total).toBe(0);
    expect((await search("R-99999999999999999999999")).total).toBe(0);
  });

  it("answers a search page past the end with the total, and caps the count of broad searches", async () => {
    const { admin } = await seed();
    const past = await request(app, "GET", "/api/v1/user/get?q=alice&page=9&pageSize=5", { token: admin.token });
    expect(past.body).toMatchObject({ users: [], total: 12, totalCapped: false });

    const db = app.appContext.db;
    const query = { page: 1, pageSize: 5, q: "alice", sort: "credits_desc", match: "prefix" } as const;
    const exact = await listUsers(db, query, { countLimit: 12 });
    expect(exact).toMatchObject({ total: 12, totalCapped: false });
    const capped = await listUsers(db, query, { countLimit: 10 });
    expect(capped).toMatchObject({ total: 10, totalCapped: true });
    // Still the right page in the right order.
    expect(capped.users.map((u) => u.credits)).toEqual(exact.users.map((u) => u.credits));
    const pastCapped = await listUsers(db, { ...query, page: 4 }, { countLimit: 10 });
    expect(pastCapped).toMatchObject({ users: [], total: 10, totalCapped: true });
  });

  it("refuses bad parameters with a translated 400 naming them", async () => {
    const { admin } = await seed();
    const big = await request(app, "GET", "/api/v1/user/get?pageSize=101", { token: admin.token });
    expect(big.status).toBe(400);
    expect(big.body.error.codes).toEqual({ pageSize: "max_value:100" });
    const bad = await request(app, "GET", "/api/v1/user/get?page=0&sort=name&match=fuzzy", {
      token: admin.token,
      headers: { "Accept-Language": "zh" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.codes).toEqual({ page: "min_value:1", sort: "invalid_choice", match: "invalid_choice" });
    expect(bad.body.error.fields.sort).toBe("请从选项中选择。");
    const text = await request(app, "GET", "/api/v1/user/get?page=abc", { token: admin.token });
    expect(text.body.error.codes).toEqual({ page: "invalid_number" });
    const long = await request(app, "GET", `/api/v1/user/get?q=${"a".repeat(101)}`, { token: admin.token });
    expect(long.body.error.codes).toEqual({ q: "too_long:100" });
  });
});

describe("GET /api/v1/admin/users/:id", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("shows the user's ledger, payments and questions, newest first", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const member = await insertUser(db, { name: "<b>Mallory</b>", credits: 0 });
    const paid = await insertPayment(db, member.id, { package: "basic", status: "succeeded" });
    await db.update(payments).set({ receiptNumber: 42 }).where(eq(payments.id, paid));
    await insertPayment(db, member.id, { package: "pro", status: "failed" });
    await insertAiSpend(db, member.id, "<script>alert(1)</script> Is VAT due?");

    const res = await request(app, "GET", `/api/v1/admin/users/${member.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.id, name: "<b>Mallory</b>", credits: 49, paymentDone: true, package: "basic" });
    expect(res.body.ledger.map((e: { kind: string; delta: number }) => [e.kind, e.delta])).toEqual([
      ["ai_spend", -1],
      ["purchase", 50],
    ]);
    expect(res.body.ledger[0].balanceAfter).toBe(49);
    expect(res.body.payments.map((p: { status: string }) => p.status).sort()).toEqual(["failed", "succeeded"]);
    expect(res.body.payments[0]).toHaveProperty("amountCents");
    // The receipt number an admin is quoted (the failed attempt has none).
    expect(res.body.payments.map((p: { status: string; receiptNumber: number | null }) => [p.status, p.receiptNumber]).sort()).toEqual([
      ["failed", null],
      ["succeeded", 42],
    ]);
    expect(res.body.questions).toHaveLength(1);
    expect(res.body.questions[0]).toMatchObject({ question: "<script>alert(1)</script> Is VAT due?", creditsSpent: 1, citations: [] });
    expect(res.body.totals).toEqual({ ledger: 2, payments: 2, questions: 1 });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    // Any PostgreSQL uuid is looked up (ids made by md5()::uuid have no RFC version nibble).
    for (const id of [MISSING_ID, "0cc175b9-c0f1-b6a8-31c3-99e269772661", "not-a-uuid", "1%27%20or%201=1"]) {
      const res = await request(app, "GET", `/api/v1/admin/users/${id}`, { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("user_not_found");
    }
  });
});

describe("POST /api/v1/admin/users/:id/credits", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("grants credits, writing a ledger row with the admin's id and the reason", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: 3 });
    const res = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { direction: "grant", amount: 10, reason: "  Compensation for an outage  " },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Credits granted.", credits: 13 });
    expect(res.body.entry).toMatchObject({ delta: 10, balanceAfter: 13, kind: "admin_adjustment", adminId: admin.id });
    expect(await balance(app, member.id)).toBe(13);
    const rows = await adjustments(app, member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 10, balanceAfter: 13, adminId: admin.id, reason: "Compensation for an outage" });

    // The detail shows it with the admin's name.
    const detail = await request(app, "GET", `/api/v1/admin/users/${member.id}`, { token: admin.token });
    expect(detail.body.ledger[0]).toMatchObject({ kind: "admin_adjustment", delta: 10, adminName: admin.name });
  });

  it("deducts down to exactly 0 and refuses to go below, in the request's language, changing nothing", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: 5 });
    const tooMuch = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { direction: "deduct", amount: 6, reason: "Refund reversal" },
      headers: { "Accept-Language": "ja" },
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatchObject({ code: "insufficient_credits", credits: 5 });
    expect(tooMuch.body.message).toBe("残高を 0 未満にすることはできません。このユーザーの残高は 5 クレジットです。");
    expect(await balance(app, member.id)).toBe(5);
    expect(await adjustments(app, member.id)).toHaveLength(0);

    const exact = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { direction: "deduct", amount: "5", reason: "Refund reversal" },
    });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({ message: "Credits deducted.", credits: 0 });
    const rows = await adjustments(app, member.id);
    expect(rows).toEqual([expect.objectContaining({ delta: -5, balanceAfter: 0, adminId: admin.id, reason: "Refund reversal" })]);
  });

  it("requires a reason of 1-500 characters and a positive whole amount", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: 5 });
    const cases: [unknown, Record<string, string>][] = [
      [{ direction: "grant", amount: 10 }, { reason: "required" }],
      [{ direction: "grant", amount: 10, reason: "   " }, { reason: "required" }],
      [{ direction: "grant", amount: 10, reason: "x".repeat(501) }, { reason: "too_long:500" }],
      [{ direction: "grant", amount: 0, reason: "x" }, { amount: "min_value:1" }],
      [{ direction: "grant", amount: 1.5, reason: "x" }, { amount: "invalid_number" }],
      [{ direction: "grant", amount: 1_000_001, reason: "x" }, { amount: "max_value:1000000" }],
      [{ direction: "steal", amount: 1, reason: "x" }, { direction: "invalid_choice" }],
      [{}, { direction: "invalid_choice", amount: "required", reason: "required" }],
    ];
    for (const [body, codes] of cases) {
      const res = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.codes).toEqual(codes);
    }
    const max = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { direction: "grant", amount: 1, reason: "y".repeat(500) },
    });
    expect(max.status).toBe(200);
    expect(await adjustments(app, member.id)).toHaveLength(1);
  });

  it("applies an adjustment sent again with its idempotency key once, at once or after, and says so (a stranger: both were applied)", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: 3 });
    const body = { direction: "grant", amount: 10, reason: "Outage of 1 December", idempotencyKey: "adj-0123456789abcdef" };
    const send = (headers?: Record<string, string>) =>
      request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, { token: admin.token, body, headers });
    const atOnce = await Promise.all([send(), send(), send()]);
    expect(atOnce.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await balance(app, member.id)).toBe(13);
    expect(await adjustments(app, member.id)).toHaveLength(1);
    const entryIds = new Set(atOnce.map((res) => res.body.entry.id));
    expect(entryIds.size).toBe(1);
    expect(atOnce.filter((res) => res.body.replayed === false)).toHaveLength(1);

    // A retry after a lost answer: the same entry, the balance as it is now, and a message saying so.
    const retry = await send({ "Accept-Language": "ja" });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ success: true, replayed: true, credits: 13, entry: { id: [...entryIds][0], delta: 10 } });
    expect(retry.body.message).toBe("この調整はすでに適用されています。二重には適用していません。");
    expect(await balance(app, member.id)).toBe(13);

    // The same key with another amount is a mistake, not a retry: refused, nothing changed.
    const other = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { ...body, amount: 11 },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
    expect(await balance(app, member.id)).toBe(13);

    // Another key is another adjustment; a malformed key is a 400.
    const second = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { ...body, idempotencyKey: "adj-fedcba9876543210" },
    });
    expect(second.body).toMatchObject({ replayed: false, credits: 23 });
    const bad = await request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, {
      token: admin.token,
      body: { ...body, idempotencyKey: "short" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.codes).toEqual({ idempotencyKey: "invalid_format" });
  });

  it("answers a deduction of the whole balance sent twice at once with its key as applied once, not as wanting credits (a review)", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db, { credits: 10 });
    const body = { direction: "deduct", amount: 10, reason: "Chargeback", idempotencyKey: "adj-whole-balance-01" };
    const both = await Promise.all(
      [0, 1].map(() => request(app, "POST", `/api/v1/admin/users/${member.id}/credits`, { token: admin.token, body })),
    );
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect(both.map((res) => res.body.replayed).sort()).toEqual([false, true]);
    expect(await balance(app, member.id)).toBe(0);
    expect(await adjustments(app, member.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown user", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const res = await request(app, "POST", `/api/v1/admin/users/${MISSING_ID}/credits`, {
      token: admin.token,
      body: { direction: "grant", amount: 1, reason: "x" },
    });
    expect(res.status).toBe(404);
    const deduct = await request(app, "POST", `/api/v1/admin/users/${MISSING_ID}/credits`, {
      token: admin.token,
      body: { direction: "deduct", amount: 1, reason: "x" },
    });
    expect(deduct.status).toBe(404);
  });
});

describe("POST /api/v1/admin/users/:id/role", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("promotes a member, who then passes the admin check, and demotes them again", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const member = await insertUser(app.appContext.db);
    expect((await request(app, "GET", "/api/v1/dashboard/get", { token: member.token })).status).toBe(403);

    const promote = await request(app, "POST", `/api/v1/admin/users/${member.id}/role`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect(promote.status).toBe(200);
    expect(promote.body).toMatchObject({ message: "The user is now an admin.", user: { id: member.id, role: "admin" } });
    expect((await request(app, "GET", "/api/v1/dashboard/get", { token: member.token })).status).toBe(200);

    const demote = await request(app, "POST", `/api/v1/admin/users/${member.id}/role`, {
      token: admin.token,
      body: { role: "user" },
    });
    expect(demote.body.user.role).toBe("user");
    expect((await request(app, "GET", "/api/v1/dashboard/get", { token: member.token })).status).toBe(403);
  });

  it("two admins demoting each other at once: one wins, the other is refused as no longer an admin", async () => {
    // Found by an attack: the actor's role was checked before the transaction only, so both won.
    app = await createTestApp({ RATE_LIMITS: "false" });
    await insertAdmin(app.appContext.db);
    for (let round = 0; round < 8; round++) {
      const a = await insertAdmin(app.appContext.db);
      const b = await insertAdmin(app.appContext.db);
      const [ab, ba] = await Promise.all([
        request(app, "POST", `/api/v1/admin/users/${b.id}/role`, { token: a.token, body: { role: "user" } }),
        request(app, "POST", `/api/v1/admin/users/${a.id}/role`, { token: b.token, body: { role: "user" } }),
      ]);
      expect([ab.status, ba.status].sort(), `round ${round}`).toEqual([200, 403]);
      expect((ab.status === 403 ? ab : ba).body.error.code).toBe("forbidden");
      const roles = await app.appContext.db.select({ role: users.role }).from(users).where(inArray(users.id, [a.id, b.id]));
      expect(roles.map((r) => r.role).sort()).toEqual(["admin", "user"]);
    }
  });

  it("does not let an admin demote themselves", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const res = await request(app, "POST", `/api/v1/admin/users/${admin.id}/role`, {
      token: admin.token,
      body: { role: "user" },
      headers: { "Accept-Language": "zh" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("cannot_demote_self");
    expect(res.body.message).toBe("您不能撤销自己的管理员权限，请让其他管理员操作。");
    expect((await request(app, "GET", "/api/v1/dashboard/get", { token: admin.token })).status).toBe(200);
    const bad = await request(app, "POST", `/api/v1/admin/users/${admin.id}/role`, { token: admin.token, body: { role: "root" } });
    expect(bad.body.error.codes).toEqual({ role: "invalid_choice" });
    const missing = await request(app, "POST", `/api/v1/admin/users/${MISSING_ID}/role`, { token: admin.token, body: { role: "admin" } });
    expect(missing.status).toBe(404);
  });
});

describe("contact messages", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("lists newest first with read state, filters, and marks read and unread", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const old = await insertMessage(app, { subject: "Old", createdAt: new Date("2024-01-01T00:00:00Z"), read: true });
    const middle = await insertMessage(app, {
      subject: "Middle",
      message: "<img src=x onerror=alert(1)>\nSecond line",
      createdAt: new Date("2024-02-01T00:00:00Z"),
    });
    const newest = await insertMessage(app, { subject: "Newest", createdAt: new Date("2024-03-01T00:00:00Z") });

    const all = await request(app, "GET", "/api/v1/admin/messages", { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, total: 3, unread: 2, page: 1 });
    expect(all.body.messages.map((m: { id: string }) => m.id)).toEqual([newest, middle, old]);
    expect(all.body.messages[1].message).toBe("<img src=x onerror=alert(1)>\nSecond line");
    expect(all.body.messages[2].readAt).not.toBeNull();

    const unread = await request(app, "GET", "/api/v1/admin/messages?status=unread", { token: admin.token });
    expect(unread.body.messages.map((m: { id: string }) => m.id)).toEqual([newest, middle]);

    const mark = await request(app, "POST", `/api/v1/admin/messages/${newest}/read`, { token: admin.token, body: { read: true } });
    expect(mark.status).toBe(200);
    expect(mark.body.message).toBe("Marked as read.");
    expect(mark.body.contactMessage.readAt).not.toBeNull();
    const after = await request(app, "GET", "/api/v1/admin/messages?status=read&pageSize=1", { token: admin.token });
    expect(after.body).toMatchObject({ total: 2, unread: 1, pageSize: 1 });
    expect(after.body.messages.map((m: { id: string }) => m.id)).toEqual([newest]);

    const unmark = await request(app, "POST", `/api/v1/admin/messages/${old}/read`, { token: admin.token, body: { read: false } });
    expect(unmark.body.contactMessage.readAt).toBeNull();
    expect((await request(app, "GET", "/api/v1/admin/messages", { token: admin.token })).body.unread).toBe(2);

    const missing = await request(app, "POST", `/api/v1/admin/messages/${MISSING_ID}/read`, { token: admin.token, body: { read: true } });
    expect(missing.status).toBe(404);
    const bad = await request(app, "POST", `/api/v1/admin/messages/${old}/read`, { token: admin.token, body: { read: "yes" } });
    expect(bad.body.error.codes).toEqual({ read: "invalid_type" });
  });

  it("names the member account that uses the sender's address, whatever its letter case, so the operator can open it (an operations review)", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const registered = await request(app, "POST", "/api/v1/user/register", { body: { email: "Hanako@Example.com", password: "correct horse battery" } });
    const fromMember = await insertMessage(app, { subject: "Refund please", createdAt: new Date("2024-03-01T00:00:00Z") });
    const [stranger] = await app.appContext.db
      .insert(contactMessages)
      .values({ name: "Taro", email: "taro@example.com", subject: "Quote", message: "Hello" })
      .returning({ id: contactMessages.id });

    const all = await request(app, "GET", "/api/v1/admin/messages", { token: admin.token });
    const byId = new Map(all.body.messages.map((m: { id: string; memberId: string | null }) => [m.id, m.memberId]));
    expect(byId.get(fromMember)).toBe(registered.body.user.id);
    expect(byId.get(stranger!.id)).toBeNull();
    const mark = await request(app, "POST", `/api/v1/admin/messages/${fromMember}/read`, { token: admin.token, body: { read: true } });
    expect(mark.body.contactMessage.memberId).toBe(registered.body.user.id);
  });
});
