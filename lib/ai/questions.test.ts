// The slot-and-charge rules of lib/ai/questions.server.ts, directly against the test database.
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { aiQuestions, creditLedger, payments, users } from "~/db/schema";
import { insertPayment, insertUser } from "~/tests/helpers/admin-data";
import { createTestApp, type TestApp } from "~/tests/helpers/test-app";
import { secondConnection, testDatabase, usingPostgres } from "~/tests/helpers/test-db";
import { countStatements } from "~/tests/helpers/count-statements";
import { changeCredits } from "~/lib/credits.server";
import { THREAD_MAX } from "~/lib/contracts/ai-limits";
import { completeQuestion, endQuestion, recordKnowledgeAnswer, reserveQuestion, ThreadFull } from "./questions.server";

interface PlanNode {
  "Node Type": string;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

let app: TestApp | undefined;
// Starting and migrating the worker's database takes a while: do it under the hook timeout.
beforeAll(() => testDatabase());
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const input = (userId: string) => ({
  userId,
  topic: "tax-consultation" as const,
  lang: "en" as const,
  question: "Q?",
  model: "m",
});
const answer = (questionId: string, userId: string) => ({
  questionId,
  userId,
  answer: "A.",
  promptTokens: 1,
  completionTokens: 2,
  firstTokenMs: 3,
  durationMs: 4,
});

describe("AI question slots and charges", () => {
  it("holds one slot per credit; ending a question frees its slot without touching the ledger", async () => {
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: 2 });
    const first = await reserveQuestion(db, input(member.id));
    const second = await reserveQuestion(db, input(member.id));
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(await reserveQuestion(db, input(member.id))).toBeNull();

    await endQuestion(db, { questionId: first!, status: "failed", errorCode: "ai_busy", partialAnswer: "", firstTokenMs: null, durationMs: 5 });
    const third = await reserveQuestion(db, input(member.id));
    expect(third).toBeTruthy();
    expect(await db.select().from(creditLedger)).toHaveLength(0);

    expect(await completeQuestion(db, answer(second!, member.id))).toBe(1);
    expect(await completeQuestion(db, answer(third!, member.id))).toBe(0);
    // Charged once only, and an ended question cannot be charged afterwards.
    expect(await completeQuestion(db, answer(third!, member.id))).toBeNull();
    expect(await completeQuestion(db, answer(first!, member.id))).toBeNull();
    const ledger = await db.select().from(creditLedger);
    expect(ledger.map((row) => row.aiQuestionId).sort()).toEqual([second, third].sort());
  });

  it("releases a slot left pending by a request that died long ago", async () => {
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: 1 });
    const stale = await reserveQuestion(db, input(member.id));
    expect(await reserveQuestion(db, input(member.id))).toBeNull();
    await db.update(aiQuestions).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(aiQuestions.id, stale!));
    const fresh = await reserveQuestion(db, input(member.id));
    expect(fresh).toBeTruthy();
    const [old] = await db.select().from(aiQuestions).where(eq(aiQuestions.id, stale!));
    expect(old).toMatchObject({ status: "stopped", errorCode: "interrupted", creditsSpent: 0 });
  });

  it("releases a stale slot when the credits a refund under way holds leave none free", async () => {
    // Found by a review: stale slots were released only when the balance alone was used up.
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: 2 });
    await insertPayment(db, member.id, { package: "basic", status: "succeeded" }); // 52 credits, 50 of them held:
    await db.update(payments).set({ refundClaimedAt: sql`now()` }).where(eq(payments.userId, member.id));
    const stale = [await reserveQuestion(db, input(member.id)), await reserveQuestion(db, input(member.id))];
    expect(await reserveQuestion(db, input(member.id))).toBeNull();
    await db.update(aiQuestions).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(aiQuestions.userId, member.id));
    expect(await reserveQuestion(db, input(member.id))).toBeTruthy();
    const rows = await db.select().from(aiQuestions).where(eq(aiQuestions.id, stale[0]!));
    expect(rows[0]).toMatchObject({ status: "stopped", errorCode: "interrupted" });
  });

  it("does not charge (and leaves the question pending for the caller to end) when the balance was lowered meanwhile", async () => {
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: 1 });
    const id = await reserveQuestion(db, input(member.id));
    await db.transaction((tx) => changeCredits(tx, { userId: member.id, delta: -1, kind: "admin_adjustment" }));
    expect(await completeQuestion(db, answer(id!, member.id))).toBeNull();
    const [row] = await db.select().from(aiQuestions).where(eq(aiQuestions.id, id!));
    expect(row).toMatchObject({ status: "pending", creditsSpent: 0, answer: "" });
    const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, member.id));
    expect(user!.credits).toBe(0);
  });

  it("takes a free slot in one statement on either database, and slots taken at once never exceed the balance", async () => {
    app = await createTestApp();
    const { db, database } = app.appContext;
    // As askQuestion: PGlite runs one statement at a time, PostgreSQL locks the user's row.
    const serialized = database.kind === "pglite";
    const member = await insertUser(db, { credits: 4 });
    expect(await reserveQuestion(db, input(member.id), { serialized })).toBeTruthy();

    const counted = countStatements(database);
    try {
      expect(await reserveQuestion(db, input(member.id), { serialized })).toBeTruthy();
      // One statement, not a transaction (which holds a pooled connection for several round trips).
      expect(counted.statements, counted.statements.join(" | ")).toHaveLength(1);
      expect(counted.statements[0]).not.toMatch(/^(connect|transaction)$/);
    } finally {
      counted.stop();
    }

    const taken = await Promise.all(Array.from({ length: 12 }, () => reserveQuestion(db, input(member.id), { serialized })));
    expect(taken.filter(Boolean)).toHaveLength(2);
    const pending = await db.select().from(aiQuestions).where(eq(aiQuestions.userId, member.id));
    expect(pending.filter((row) => row.status === "pending")).toHaveLength(4);
  });

  it("refuses a follow-up once its thread is full, in the one-statement slot too", async () => {
    app = await createTestApp();
    const { db, database } = app.appContext;
    const serialized = database.kind === "pglite";
    const member = await insertUser(db, { credits: 20 });
    const first = await reserveQuestion(db, input(member.id), { serialized });
    const thread = { ...input(member.id), parentId: first!, threadId: first! };
    for (let i = 1; i < THREAD_MAX; i++) expect(await reserveQuestion(db, thread, { serialized })).toBeTruthy();
    await expect(reserveQuestion(db, thread, { serialized })).rejects.toThrow(ThreadFull);
  });

  it("keeps a thread at its limit when free replies to follow-ups are recorded at once", async () => {
    app = await createTestApp();
    const { db, database } = app.appContext;
    const serialized = database.kind === "pglite";
    const member = await insertUser(db, { credits: 20 });
    const first = await reserveQuestion(db, input(member.id), { serialized });
    const followUp = { ...input(member.id), answer: "Not on this site.", durationMs: 1, parentId: first!, threadId: first! };
    const recorded = await Promise.allSettled(Array.from({ length: 8 }, () => recordKnowledgeAnswer(db, followUp)));
    expect(recorded.filter((result) => result.status === "fulfilled")).toHaveLength(THREAD_MAX - 1);
    for (const result of recorded) if (result.status === "rejected") expect(result.reason).toBeInstanceOf(ThreadFull);
    const rows = await db.select().from(aiQuestions).where(eq(aiQuestions.userId, member.id));
    expect(rows).toHaveLength(THREAD_MAX);
  });

  it("counts a member's pending questions without reading the answered ones, however many there are", async () => {
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: 5 });
    // A long-standing member: thousands of answered questions and one being answered.
    await db.execute(sql`
      INSERT INTO ai_questions (user_id, topic, lang, question, status, answer)
      SELECT ${member.id}::uuid, 'tax-consultation', 'en', 'Q' || n, 'answered', 'A.' FROM generate_series(1, 3000) AS n`);
    expect(await reserveQuestion(db, input(member.id))).toBeTruthy();
    await db.execute(sql`ANALYZE ai_questions`);
    // The count of take_ai_question_slot (migration 0006) and of reserveQuestion's refusal check.
    const result = await db.execute(sql`
      EXPLAIN (ANALYZE, FORMAT JSON)
      SELECT count(*) FROM ai_questions WHERE user_id = ${member.id}::uuid AND status = 'pending'`);
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as Record<string, unknown>[];
    const raw = Object.values(rows[0]!)[0];
    const [{ Plan: plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(plan);
    // Every row read is a pending one: nothing is read and then thrown away by the status filter.
    const discarded = nodes.reduce((sum, node) => sum + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0), 0);
    expect(discarded, JSON.stringify(plan)).toBe(0);
    expect(nodes.some((node) => node["Node Type"] === "Seq Scan"), JSON.stringify(plan)).toBe(false);
  });

  it("plans the slot's statements once for all questions, not again for each one", async () => {
    app = await createTestApp();
    // take_ai_question_slot runs on every question: with PostgreSQL's default (custom plans while
    // they look cheaper) its insert was planned anew on every call (docs/performance.md, "AI assistant").
    const result = await app.appContext.db.execute(sql`
      SELECT array_to_string(proconfig, ',') AS config FROM pg_proc WHERE proname = 'take_ai_question_slot'`);
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as { config: string | null }[];
    expect(rows).toEqual([{ config: "plan_cache_mode=force_generic_plan" }]);
  });

  it.runIf(usingPostgres())("on PostgreSQL waits for the user's row lock, then sees the slots committed meanwhile", async () => {
    app = await createTestApp();
    const { db } = app.appContext;
    const member = await insertUser(db, { credits: 1 });
    const other = await secondConnection();
    try {
      let settled = false;
      let reserved: Promise<string | null> | undefined;
      await other.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for("update");
        reserved = reserveQuestion(db, input(member.id));
        const settle = () => (settled = true);
        reserved.then(settle, settle);
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Still waiting for the lock this transaction holds.
        expect(settled).toBe(false);
        // The one credit's slot, taken by the lock holder: committed when this callback returns.
        await tx.insert(aiQuestions).values({ userId: member.id, topic: "tax-consultation", lang: "en", question: "Q?", status: "pending" });
      });
      expect(await reserved).toBeNull();
      const rows = await db.select().from(aiQuestions).where(eq(aiQuestions.userId, member.id));
      expect(rows).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
