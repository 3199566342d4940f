// The member's reads (GET /user/me, /ai/history, /payment/history, /account) cost one indexed query
// each and never write: the session lookup and the read are one statement (docs/performance.md,
// "Authenticated reads"). And since nothing about a session is remembered in a process, a session
// revoked through one instance is refused by every other at once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { DbOrTx } from "~/db/client.server";
import { desc, eq, sql } from "drizzle-orm";
import { aiQuestions, emailChanges, payments, sessions } from "~/db/schema";
import { getProfile } from "~/lib/accounts/settings.server";
import { HISTORY_DEFAULT_LIMIT, type AiHistoryItem } from "~/lib/contracts/ai";
import { paymentHistory } from "~/lib/payments/checkout.server";
import { createAppContext } from "~/lib/app-context.server";
import { createApp } from "~/server/app";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { secondConnection } from "~/tests/helpers/test-db";
import { countStatements } from "~/tests/helpers/count-statements";

let app: TestApp;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await app?.close();
});

// A PGlite prepared statement ("execProtocol", its SQL unseen) counts as a write: no read sends one.
const isWrite = (statement: string) => /^\s*(insert|update|delete|transaction|connect|execProtocol)\b/i.test(statement) || /\b(insert into|update\s+"?\w+"?\s+set|delete from)\b/i.test(statement);

async function member(testApp: TestApp) {
  const res = await request(testApp, "POST", "/api/v1/user/register", {
    body: { email: `reader-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, password: "correct horse battery" },
    headers: { "Accept-Language": "en" },
  });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: res.body.user.id as string };
}

const READS = ["/api/v1/user/me", "/api/v1/ai/history", "/api/v1/payment/history", "/api/v1/account"] as const;

describe("authenticated reads", { timeout: 60_000 }, () => {
  it("each answer costs at most one statement and no write, with data and without", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token, id } = await member(app);
    const { db, database } = app.appContext;
    const headers = { "Accept-Language": "en" };
    for (const withData of [false, true]) {
      if (withData) {
        await db.insert(aiQuestions).values({ userId: id, topic: "tax-consultation", lang: "en", question: "Q?", answer: "A.", status: "answered" });
        await db.insert(payments).values({
          userId: id,
          package: "basic",
          amountCents: 1000,
          currency: "usd",
          credits: 10,
          status: "succeeded",
          provider: "test",
          idempotencyKey: "reads-1",
          country: "JP",
          receiptNumber: 7,
          refundedAt: new Date("2026-03-04T05:06:07.891Z"),
        });
      }
      for (const path of READS) {
        const counted = countStatements(database);
        const res = await request(app, "GET", path, { token, headers });
        counted.stop();
        expect(res.status, path).toBe(200);
        expect(counted.statements.length, `${path}: ${counted.statements.join(" | ")}`).toBeLessThanOrEqual(1);
        expect(counted.statements.filter(isWrite), path).toEqual([]);
      }
    }
  });

  /** The reference the one-statement history read must equal: the member's rows, mapped as the contract says. */
  async function historyOf(db: DbOrTx, userId: string, limit: number): Promise<AiHistoryItem[]> {
    const rows = await db
      .select()
      .from(aiQuestions)
      .where(eq(aiQuestions.userId, userId))
      .orderBy(desc(aiQuestions.createdAt), desc(aiQuestions.id))
      .limit(limit);
    return rows.map((q) => ({
      id: q.id,
      topic: q.topic,
      lang: q.lang,
      question: q.question,
      // The partial text of a failed or stopped answer is never shown as an answer.
      answer: q.status === "answered" ? q.answer : "",
      status: q.status,
      source: q.source as AiHistoryItem["source"],
      createdAt: q.createdAt.toISOString(),
      creditsSpent: q.creditsSpent,
      citations: q.citations,
      parentId: q.parentId,
      threadId: q.threadId ?? q.id,
      creditReturnedAt: q.creditReturnedAt?.toISOString() ?? null,
    }));
  }

  it("answers exactly what the separate reads answered", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token, id } = await member(app);
    const { db } = app.appContext;
    const [first] = await db
      .insert(aiQuestions)
      .values({
        userId: id,
        topic: "tax-consultation",
        lang: "en",
        question: "First?",
        answer: "Yes [1].",
        status: "answered",
        creditsSpent: 1,
        citations: [{ title: "Pricing", url: "/pricing#faq" }],
        creditReturnedAt: new Date("2026-03-04T05:06:07.891Z"),
      })
      .returning();
    await db.insert(aiQuestions).values([
      { userId: id, topic: "tax-consultation", lang: "ja", question: "続き?", answer: "partial", status: "stopped", parentId: first!.id, threadId: first!.id },
      { userId: id, topic: "tax-consultation", lang: "zh", question: "失败?", answer: "", status: "failed", source: "knowledge" },
    ]);
    // Two failed attempts: one with the provider's code and message stored, one with nothing stored.
    for (const [i, status] of (["succeeded", "pending", "refunded", "failed", "failed"] as const).entries()) {
      await db.insert(payments).values({
        userId: id,
        package: "pro",
        amountCents: 2500 + i,
        currency: "usd",
        credits: 30,
        status,
        provider: "test",
        idempotencyKey: `same-${i}`,
        country: "JP",
        receiptNumber: status === "pending" ? null : 10 + i,
        refundedAt: status === "refunded" ? new Date() : null,
        error: i === 3 ? "insufficient_funds: Your card has insufficient funds." : null,
      });
    }
    await db.insert(emailChanges).values({ userId: id, newEmail: "new@example.test", tokenHash: "h".repeat(64), expiresAt: new Date(Date.now() + 3_600_000) });

    const history = await request(app, "GET", "/api/v1/ai/history?limit=2", { token });
    expect(history.body.questions).toEqual(await historyOf(db, id, 2));
    expect((await request(app, "GET", "/api/v1/ai/history", { token })).body.questions).toEqual(await historyOf(db, id, HISTORY_DEFAULT_LIMIT));
    const purchases = (await request(app, "GET", "/api/v1/payment/history", { token })).body.payments;
    expect(purchases).toEqual(await paymentHistory(db, id));
    expect(purchases.map((p: { failure: string | null }) => p.failure).sort()).toEqual(["card_declined", "insufficient_funds", null, null, null]);
    const account = await request(app, "GET", "/api/v1/account", { token, headers: { "Accept-Language": "zh" } });
    expect(account.body.account).toEqual(await getProfile(db, id));
    expect(account.body.account).toMatchObject({ lang: "zh", pendingEmail: "new@example.test" });
    // Bad limits: 401 without a session, the limit's 400 with one.
    expect((await request(app, "GET", "/api/v1/ai/history?limit=x")).status).toBe(401);
    expect((await request(app, "GET", "/api/v1/ai/history?limit=x", { token: "y".repeat(43) })).status).toBe(401);
    expect((await request(app, "GET", "/api/v1/ai/history?limit=x", { token })).status).toBe(400);
  });

  it("a session last used hours ago is still read without a write on the request", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token } = await member(app);
    const { database } = app.appContext;
    await database.db.execute(sql`update sessions set last_used_at = now() - interval '2 hours', expires_at = now() + interval '1 day'`);
    for (const path of READS) {
      const counted = countStatements(database);
      const res = await request(app, "GET", path, { token, headers: { "Accept-Language": "en" } });
      counted.stop();
      expect(res.status, path).toBe(200);
      expect(counted.statements.filter(isWrite), path).toEqual([]);
      expect(counted.statements.length, path).toBeLessThanOrEqual(1);
    }
    // The expiry still slides: written by the batched touch, off the request.
    await app.appContext.sessionTouches.flush();
    const [session] = await database.db.select().from(sessions);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(session!.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a session revoked through one instance is refused by another on the same database at once", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    // The second instance: services of its own and, on PostgreSQL, a connection pool of its own.
    const database = await secondConnection();
    const appContext = await createAppContext(app.appContext.env, {
      database,
      logger: pino({ level: "silent" }),
      mailer: app.appContext.mailer,
    });
    const server = http.createServer(createApp({ appContext }).app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    });
    const other = { ...app, url: async () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` } as TestApp;

    const { token } = await member(app);
    // Both instances have answered this session (anything they might keep about it, they now hold).
    for (const path of READS) {
      expect((await request(app, "GET", path, { token })).status, path).toBe(200);
      expect((await request(other, "GET", path, { token })).status, path).toBe(200);
    }
    expect((await request(app, "POST", "/api/v1/user/logout", { token })).status).toBe(200);
    for (const path of READS) {
      const res = await request(other, "GET", path, { token });
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
  });
});
