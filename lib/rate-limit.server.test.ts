import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { resetDatabase, secondConnection, testDatabase, usingPostgres } from "~/tests/helpers/test-db";
import { createRateLimiter, type RateLimiter, type RateRule } from "./rate-limit.server";

const RULE: RateRule = { name: "unit", points: 3, windowSeconds: 600 };

let database: Database;
let limiter: RateLimiter;

beforeAll(async () => {
  database = await testDatabase();
}, 120_000);

beforeEach(async () => {
  await resetDatabase(database);
  limiter = createRateLimiter(database.db, { enabled: true });
});

/** Ends every running window and hold, as time passing would. */
const endWindows = () => database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);

describe("rate limiter", () => {
  it("consume counts points per subject (case-insensitive) within the window", async () => {
    for (let i = 1; i <= RULE.points; i++) {
      expect(await limiter.consume(RULE, "Subject")).toMatchObject({ allowed: true, used: i, remaining: RULE.points - i });
    }
    const over = await limiter.consume(RULE, "subject");
    expect(over).toMatchObject({ allowed: false, used: RULE.points + 1, remaining: 0 });
    expect(over.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.retryAfterSeconds).toBeLessThanOrEqual(RULE.windowSeconds);
    expect((await limiter.consume(RULE, "another")).allowed).toBe(true);
    await endWindows();
    expect(await limiter.consume(RULE, "subject")).toMatchObject({ allowed: true, used: 1 });
  });

  it("peek reads the counter without counting", async () => {
    expect(await limiter.peek(RULE, "s")).toMatchObject({ allowed: true, used: 0, remaining: RULE.points, retryAfterSeconds: 0 });
    for (let i = 0; i < RULE.points; i++) await limiter.consume(RULE, "s");
    for (let i = 0; i < 3; i++) {
      const peeked = await limiter.peek(RULE, "S");
      expect(peeked).toMatchObject({ allowed: false, used: RULE.points, remaining: 0 });
      expect(peeked.retryAfterSeconds).toBeGreaterThan(0);
    }
    await endWindows();
    expect(await limiter.peek(RULE, "s")).toMatchObject({ allowed: true, used: 0 });
  });

  it("refund gives back one point of a running window, never going below zero", async () => {
    await limiter.consume(RULE, "s");
    await limiter.consume(RULE, "s");
    await limiter.refund(RULE, "s");
    expect((await limiter.peek(RULE, "s")).used).toBe(1);
    await limiter.refund(RULE, "s");
    await limiter.refund(RULE, "s");
    expect((await limiter.peek(RULE, "s")).used).toBe(0);
    await limiter.refund(RULE, "nobody");
    expect((await limiter.peek(RULE, "nobody")).used).toBe(0);
  });

  it("takeTurn lets one attempt through, then holds the subject until the hold ends", async () => {
    expect(await limiter.takeTurn("turn", "s", 30)).toMatchObject({ allowed: true, used: 1 });
    const held = await limiter.takeTurn("turn", "S", 5);
    expect(held.allowed).toBe(false);
    expect(held.retryAfterSeconds).toBeGreaterThan(15);
    expect(held.retryAfterSeconds).toBeLessThanOrEqual(30);
    // A refused turn does not move the hold.
    expect((await limiter.takeTurn("turn", "s", 5)).retryAfterSeconds).toBeGreaterThan(15);
    expect((await limiter.takeTurn("turn", "other", 30)).allowed).toBe(true);
    await endWindows();
    expect(await limiter.takeTurn("turn", "s", 7)).toMatchObject({ allowed: true, used: 2 });
    const next = await limiter.takeTurn("turn", "s", 7);
    expect(next.allowed).toBe(false);
    expect(next.retryAfterSeconds).toBeLessThanOrEqual(7);
  });

  it("takeTurn gives exactly one of many racing requests the turn", async () => {
    const first = await Promise.all(Array.from({ length: 12 }, () => limiter.takeTurn("race", "s", 60)));
    expect(first.filter((r) => r.allowed)).toHaveLength(1);
    await endWindows();
    const again = await Promise.all(Array.from({ length: 12 }, () => limiter.takeTurn("race", "s", 60)));
    expect(again.filter((r) => r.allowed)).toHaveLength(1);
  });

  it("consumeUnlessMarked reads the marker and counts, skipping the marked items while the marker runs", async () => {
    const MARK: RateRule = { name: "unit-mark", points: Number.MAX_SAFE_INTEGER, windowSeconds: 600 };
    const OTHER: RateRule = { name: "unit-other", points: 5, windowSeconds: 60 };
    const items = [
      { rule: RULE, subject: "ip", unlessMarked: true },
      { rule: OTHER, subject: "account" },
    ];
    const first = await limiter.consumeUnlessMarked([MARK, "m"], items);
    expect(first.marker).toMatchObject({ used: 0, retryAfterSeconds: 0 });
    expect(first.results[0]).toMatchObject({ allowed: true, used: 1 });
    expect(first.results[1]).toMatchObject({ allowed: true, used: 1 });
    await limiter.consume(MARK, "m");
    const marked = await limiter.consumeUnlessMarked([MARK, "M"], items);
    expect(marked.marker.used).toBe(1);
    expect(marked.marker.retryAfterSeconds).toBeGreaterThan(0);
    expect(marked.results[0]).toBeNull();
    expect(marked.results[1]).toMatchObject({ used: 2 });
    expect((await limiter.peek(RULE, "ip")).used).toBe(1);
    // A marker with no point left (refunded) does not skip.
    await limiter.refund(MARK, "m");
    expect((await limiter.consumeUnlessMarked([MARK, "m"], items)).results[0]).toMatchObject({ used: 2 });
    const off = createRateLimiter(database.db, { enabled: false });
    expect(await off.consumeUnlessMarked([MARK, "m"], items)).toMatchObject({ marker: { used: 0 }, results: [{ allowed: true }, { allowed: true }] });
  });

  it("consumeUnlessMarked from many racing requests loses no point", async () => {
    const BIG: RateRule = { name: "unit-big", points: 100, windowSeconds: 60 };
    const MARK: RateRule = { name: "unit-mark", points: 1, windowSeconds: 60 };
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        limiter.consumeUnlessMarked([MARK, "m"], i % 2 ? [{ rule: BIG, subject: "a" }, { rule: BIG, subject: "b" }] : [{ rule: BIG, subject: "b" }, { rule: BIG, subject: "a" }]),
      ),
    );
    expect((await limiter.peek(BIG, "a")).used).toBe(12);
    expect((await limiter.peek(BIG, "b")).used).toBe(12);
  });

  it("consumeWhen counts a point inside another statement only when its source has a row", async () => {
    const run = async (source: ReturnType<typeof sql>) => {
      const cte = limiter.consumeWhen(RULE, "s", source)!;
      const result = await database.db.execute(sql`with counted as (${cte}) select points, retry_after from counted`);
      const [row] = (result as unknown as { rows?: { points: number; retry_after: number }[] }).rows ?? (result as unknown as { points: number; retry_after: number }[]);
      return row;
    };
    expect(await run(sql`(select 1 where false) as nothing`)).toBeUndefined();
    expect((await limiter.peek(RULE, "s")).used).toBe(0);
    const row = await run(sql`(select 1) as one`);
    expect(limiter.resultOf(RULE, row)).toMatchObject({ allowed: true, used: 1, remaining: 2 });
    expect((await limiter.peek(RULE, "s")).used).toBe(1);
  });

  it("settle refunds and resets several counters in one statement", async () => {
    const OTHER: RateRule = { name: "unit-other", points: 5, windowSeconds: 60 };
    await limiter.consume(RULE, "a");
    await limiter.consume(RULE, "b");
    await limiter.consume(OTHER, "c");
    await limiter.consume(RULE, "a");
    await limiter.settle({ refund: [[RULE, "a"], [RULE, "nobody"]], reset: [[OTHER, "c"]] });
    expect((await limiter.peek(RULE, "a")).used).toBe(1);
    expect((await limiter.peek(RULE, "b")).used).toBe(1);
    expect((await limiter.peek(OTHER, "c")).used).toBe(0);
    await limiter.settle({ refund: [[RULE, "b"]], consume: [[OTHER, "d"]] });
    await limiter.settle({ reset: [[RULE, "a"]], consume: [[OTHER, "d"]] });
    expect((await limiter.peek(OTHER, "d")).used).toBe(2);
    expect((await limiter.peek(RULE, "a")).used).toBe(0);
    expect((await limiter.peek(RULE, "b")).used).toBe(0);
    await expect(limiter.settle({ refund: [[RULE, "a"]], reset: [[RULE, "A"]] })).rejects.toThrow(/twice/);
  });

  it("a disabled limiter allows everything and stores nothing", async () => {
    const off = createRateLimiter(database.db, { enabled: false });
    for (let i = 0; i < RULE.points + 2; i++) expect((await off.consume(RULE, "s")).allowed).toBe(true);
    expect((await off.peek(RULE, "s")).allowed).toBe(true);
    await off.refund(RULE, "s");
    expect(off.consumeWhen(RULE, "s", sql`(select 1) as one`)).toBeNull();
    await off.settle({ refund: [[RULE, "s"]], reset: [[RULE, "t"]] });
    expect((await off.takeTurn("turn", "s", 60)).allowed).toBe(true);
    expect((await off.takeTurn("turn", "s", 60)).allowed).toBe(true);
    const rows = await database.db.execute(sql`select count(*)::int as n from rate_limits`);
    const [row] = ((rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]));
    expect(Number(row!.n)).toBe(0);
  });

  it.runIf(usingPostgres())("purges expired counters without waiting for one a request holds (it goes next time)", async () => {
    await limiter.consume(RULE, "held");
    await limiter.consume(RULE, "free");
    await endWindows();
    const other = await secondConnection();
    try {
      await other.db.transaction(async (tx) => {
        await tx.execute(sql`select key from rate_limits where key = 'unit:held' for update`);
        // Waiting here while holding other rows could close a lock cycle (lib/rate-limit.server.ts).
        await limiter.purgeExpired();
        const { rows } = (await database.db.execute(sql`select key from rate_limits order by key`)) as unknown as { rows: { key: string }[] };
        expect(rows.map((row) => row.key)).toEqual(["unit:held"]);
      });
      await limiter.purgeExpired();
      const { rows } = (await database.db.execute(sql`select key from rate_limits`)) as unknown as { rows: unknown[] };
      expect(rows).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
