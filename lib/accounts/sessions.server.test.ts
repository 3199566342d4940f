// The reads asked for in one turn of the event loop share one statement, and each caller still gets
// only its own session's answer: an unknown or revoked token in the same turn gets none
// (docs/performance.md, "2026-11-25, 10:30-10:55 UTC: one statement for a turn's reads").
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { eq, sql } from "drizzle-orm";
import { aiQuestions, sessions, users } from "~/db/schema";
import { HISTORY_OF_SESSION_USER } from "~/lib/ai/history-read.server";
import { countStatements } from "~/tests/helpers/count-statements";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";
import { createSession, createSessionTouches, getSessionUser, readWithSession, revokeSession } from "./sessions.server";

let database: Database;
beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});

async function members(count: number) {
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `turn-${i}@example.test`, name: `Member ${i}`, passwordHash: "x" })))
    .returning({ id: users.id, email: users.email });
  return Promise.all(rows.map(async (row) => ({ ...row, ...(await createSession(database.db, row.id)) })));
}

describe("readWithSession", () => {
  it("answers a turn's reads in one statement, each with its own session's user", async () => {
    const [a, b, c] = await members(3);
    await revokeSession(database.db, c!.sessionId);
    const counted = countStatements(database);
    const answers = await Promise.all([
      getSessionUser(database.db, a!.token),
      getSessionUser(database.db, b!.token),
      getSessionUser(database.db, a!.token),
      getSessionUser(database.db, c!.token),
      getSessionUser(database.db, "no-such-token"),
    ]);
    counted.stop();
    expect(counted.statements, counted.statements.join(" | ")).toHaveLength(1);
    expect(answers.map((user) => user?.email ?? null)).toEqual([a!.email, b!.email, a!.email, null, null]);
    expect(answers[1]).toMatchObject({ id: b!.id, sessionId: b!.sessionId, credits: 0 });
  });

  it("splits more tokens than one statement takes, and leaves an expired session out", async () => {
    const many = await members(33);
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, many[5]!.sessionId));
    const counted = countStatements(database);
    const answers = await Promise.all(many.map((member) => getSessionUser(database.db, member.token)));
    counted.stop();
    expect(counted.statements).toHaveLength(2);
    expect(answers.map((user) => user?.id ?? null)).toEqual(many.map((member, i) => (i === 5 ? null : member.id)));
  });

  it("keeps reads with different parameters apart", async () => {
    const [a, b] = await members(2);
    for (const [member, questions] of [[a!, 3], [b!, 1]] as const) {
      for (let i = 0; i < questions; i++) {
        await database.db.insert(aiQuestions).values({ userId: member.id, topic: "tax-consultation", lang: "en", question: `Q${i}?`, answer: "A.", status: "answered" });
      }
    }
    const [twoOfA, oneOfA, twoOfB] = await Promise.all([
      readWithSession(database.db, a!.token, HISTORY_OF_SESSION_USER, undefined, { limit: 2 }),
      readWithSession(database.db, a!.token, HISTORY_OF_SESSION_USER, undefined, { limit: 1 }),
      readWithSession(database.db, b!.token, HISTORY_OF_SESSION_USER, undefined, { limit: 2 }),
    ]);
    expect(twoOfA?.data).toHaveLength(2);
    expect(oneOfA?.data).toHaveLength(1);
    expect(twoOfB?.user.id).toBe(b!.id);
    expect(twoOfB?.data.map((item) => item.question)).toEqual(["Q0?"]);
  });

  it("keeps nothing between turns: a session revoked after a read is refused by the next", async () => {
    const [a, b] = await members(2);
    expect((await Promise.all([getSessionUser(database.db, a!.token), getSessionUser(database.db, b!.token)])).map((user) => user?.id)).toEqual([a!.id, b!.id]);
    await revokeSession(database.db, a!.sessionId);
    expect((await Promise.all([getSessionUser(database.db, a!.token), getSessionUser(database.db, b!.token)])).map((user) => user?.id ?? null)).toEqual([null, b!.id]);
  });
});

describe("createSessionTouches", () => {
  // Found by an attack: a session noted in use just before it expired was refused once expired, and
  // then the minute's touch gave it 30 more days.
  it("never touches a session that has expired meanwhile back to life", async () => {
    const [member] = await members(1);
    const touches = createSessionTouches(database.db, { delayMs: 60_000 });
    try {
      // Last used two hours ago (so it is touched), still live when it is read.
      await database.db
        .update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - 2 * 3_600_000), expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(sessions.id, member!.sessionId));
      expect((await getSessionUser(database.db, member!.token, touches))?.id).toBe(member!.id);
      // Then its time runs out, before the touch is written. (Set, not waited for: a session set to
      // expire 300 ms later, as it was, can be gone already when a busy machine reads it.)
      await database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, member!.sessionId));
      expect(await getSessionUser(database.db, member!.token)).toBeNull();
      await touches.flush();
      expect(await getSessionUser(database.db, member!.token)).toBeNull();
    } finally {
      await touches.close();
    }
  });

  it("slides the expiry of a live session it touches", async () => {
    const [member] = await members(1);
    const touches = createSessionTouches(database.db, { delayMs: 60_000 });
    try {
      const soon = new Date(Date.now() + 3_600_000);
      await database.db.update(sessions).set({ lastUsedAt: new Date(Date.now() - 2 * 3_600_000), expiresAt: soon }).where(eq(sessions.id, member!.sessionId));
      expect((await getSessionUser(database.db, member!.token, touches))?.id).toBe(member!.id);
      await touches.flush();
      const [row] = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, member!.sessionId));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 3_600_000);
    } finally {
      await touches.close();
    }
  });
});
