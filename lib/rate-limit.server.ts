// Fixed-window rate limits kept in the database, so every instance on one PostgreSQL shares them.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { COMMON_ERRORS, tooManyRequests, type LocalizedText } from "./http/api-error";

export interface RateRule {
  /** Name of the limit, part of the key ("login-ip"). */
  name: string;
  points: number;
  windowSeconds: number;
}

export interface RateResult {
  allowed: boolean;
  /** Points counted in the current window (0 when none is running). */
  used: number;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** False when RATE_LIMITS is off: nothing is counted and every call allows. */
  readonly enabled: boolean;
  consume(rule: RateRule, subject: string): Promise<RateResult>;
  /**
   * peek(marker) and consume() of each item in one statement, atomically (one round trip: a busy
   * event loop makes each round trip wait its turn, docs/performance.md "Two instances on one
   * PostgreSQL"). An item with `unlessMarked` is not counted (its result is null) while the marker's
   * window runs with a point in it.
   */
  consumeUnlessMarked(
    marker: readonly [RateRule, string],
    items: readonly { rule: RateRule; subject: string; unlessMarked?: boolean }[],
  ): Promise<{ marker: RateResult; results: (RateResult | null)[] }>;
  /**
   * consume() as the body of a common table expression in a statement that does something else,
   * counting one point only when `source` (a FROM clause: a table or a CTE of that statement) has
   * a row; it returns `points` and `retry_after`, read by resultOf(). Null when limits are off.
   */
  consumeWhen(rule: RateRule, subject: string, source: SQL): SQL | null;
  /** The RateResult of a consumeWhen() row (no row: nothing counted). */
  resultOf(rule: RateRule, row: { points?: unknown; retry_after?: unknown } | undefined): RateResult;
  /** Several refund(), reset() and consume() calls (results unread) in one statement: one round trip. */
  settle(changes: {
    refund?: readonly (readonly [RateRule, string])[];
    reset?: readonly (readonly [RateRule, string])[];
    consume?: readonly (readonly [RateRule, string])[];
  }): Promise<void>;
  /** The counter as it stands, counting nothing; `allowed` says whether one more point would fit. */
  peek(rule: RateRule, subject: string): Promise<RateResult>;
  /** Gives back one point taken by consume(), for an attempt that turned out not to count. */
  refund(rule: RateRule, subject: string): Promise<void>;
  /**
   * A turn for the subject: allowed when no hold is running, and then holds the subject for
   * `holdSeconds`; while held, refused with the time left. When several race, one gets the turn.
   */
  takeTurn(name: string, subject: string, holdSeconds: number): Promise<RateResult>;
  /** Consumes and throws a 429 ApiError (with Retry-After) when the limit is exceeded. */
  enforce(rule: RateRule, subject: string, text?: LocalizedText): Promise<void>;
  reset(rule: RateRule, subject: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

interface Row {
  key?: string;
  points: number;
  retry_after: number;
}

// A new window, or one more point in the running one.
const upsert = sql`on conflict (key) do update set
        points = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.points} + 1 end,
        reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
      returning key, points, ceil(extract(epoch from (reset_at - now())))::int as retry_after`;

/**
 * consume() as an INSERT that a statement doing something else runs as a common table expression:
 * one point on the counter named by `subject` (an expression over `source`, a FROM item of that
 * statement giving at most one row per counter) for each row of `source`. `subject` must be
 * lowercase already, as keyOf() makes it (a uuid's text is). Returns `points` and `retry_after`,
 * which RateLimiter.resultOf() reads. For a counter whose subject the statement itself finds (the
 * user behind a session); consumeWhen() is the same with the subject known beforehand.
 */
export function consumeOver(rule: RateRule, subject: SQL, source: SQL): SQL {
  return sql`insert into ${rateLimits} (key, points, reset_at)
      select ${`${rule.name}:`} || ${subject}, 1, now() + make_interval(secs => ${rule.windowSeconds}) from ${source}
      ${upsert}`;
}

export function createRateLimiter(db: Db, options: { enabled: boolean }): RateLimiter {
  const keyOf = (name: string, subject: string) => `${name}:${subject.toLowerCase()}`;
  const unlimited = (rule: RateRule): RateResult => ({ allowed: true, used: 0, remaining: rule.points, retryAfterSeconds: 0 });

  const resultOf = (rule: RateRule, row: { points?: unknown; retry_after?: unknown } | undefined): RateResult => {
    const points = Number(row?.points ?? 1);
    return {
      allowed: points <= rule.points,
      used: points,
      remaining: Math.max(0, rule.points - points),
      retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? rule.windowSeconds)),
    };
  };

  /** The row of a counter's new window: (key, points, reset_at). */
  const newWindow = (key: string, rule: RateRule) => sql`(${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))`;

  async function consume(rule: RateRule, subject: string): Promise<RateResult> {
    if (!options.enabled) return unlimited(rule);
    const [row] = rowsOf<Row>(await db.execute(sql`
      insert into ${rateLimits} (key, points, reset_at) values ${newWindow(keyOf(rule.name, subject), rule)}
      ${upsert}`));
    return resultOf(rule, row);
  }

  async function consumeUnlessMarked(
    [markerRule, markerSubject]: readonly [RateRule, string],
    items: readonly { rule: RateRule; subject: string; unlessMarked?: boolean }[],
  ): Promise<{ marker: RateResult; results: (RateResult | null)[] }> {
    if (!options.enabled) return { marker: unlimited(markerRule), results: items.map(({ rule }) => unlimited(rule)) };
    const keys = items.map(({ rule, subject }) => keyOf(rule.name, subject));
    if (new Set(keys).size !== keys.length || items.length === 0) throw new Error("consumeUnlessMarked: no counter, or one given twice");
    const values = sql.join(
      items.map((item, i) => sql`(${keys[i]}::text, ${item.rule.windowSeconds}::int, ${Boolean(item.unlessMarked)}::boolean)`),
      sql`, `,
    );
    // Rows inserted in key order, so two statements locking the same counters cannot deadlock.
    const rows = rowsOf<Row>(
      await db.execute(sql`
        with marker as (
          select points, ceil(extract(epoch from (reset_at - now())))::int as retry_after
          from ${rateLimits} where key = ${keyOf(markerRule.name, markerSubject)} and reset_at > now()
        ), counted as (
          insert into ${rateLimits} (key, points, reset_at)
          select v.key, 1, now() + make_interval(secs => v.secs) from (values ${values}) as v(key, secs, unless_marked)
          where not (v.unless_marked and coalesce((select points from marker), 0) > 0)
          order by v.key
          ${upsert}
        )
        select true as is_marker, null::text as key, points, retry_after from marker
        union all
        select false, key, points, retry_after from counted`),
    );
    const markerRow = rows.find((row) => (row as { is_marker?: unknown }).is_marker === true);
    const byKey = new Map(rows.filter((row) => row !== markerRow).map((row) => [String(row.key), row]));
    return {
      marker: peekResult(markerRule, markerRow),
      results: items.map(({ rule }, i) => {
        const row = byKey.get(keys[i]!);
        return row ? resultOf(rule, row) : null;
      }),
    };
  }

  /** What peek() answers for a key's running row (none: nothing counted). */
  function peekResult(rule: RateRule, row: { points?: unknown; retry_after?: unknown } | undefined): RateResult {
    const used = Number(row?.points ?? 0);
    return {
      allowed: used < rule.points,
      used,
      remaining: Math.max(0, rule.points - used),
      retryAfterSeconds: row ? Math.max(1, Number(row.retry_after)) : 0,
    };
  }

  /** The row of a key while its window or hold runs. */
  async function running(key: string): Promise<Row | undefined> {
    const [row] = rowsOf<Row>(await db.execute(sql`
      select points, ceil(extract(epoch from (reset_at - now())))::int as retry_after
      from ${rateLimits} where key = ${key} and reset_at > now()`));
    return row;
  }

  return {
    enabled: options.enabled,
    consume,
    consumeUnlessMarked,
    resultOf,
    consumeWhen(rule, subject, source) {
      if (!options.enabled) return null;
      return consumeOver(rule, sql`${subject.toLowerCase()}::text`, source);
    },
    async settle({ refund = [], reset = [], consume: counted = [] }) {
      // Like refund() and consume() (nothing when limits are off) and reset() (always).
      const refundKeys = options.enabled ? refund.map(([rule, subject]) => keyOf(rule.name, subject)) : [];
      const resetKeys = reset.map(([rule, subject]) => keyOf(rule.name, subject));
      const consumed = options.enabled ? counted.map(([rule, subject]) => ({ key: keyOf(rule.name, subject), rule })) : [];
      if (refundKeys.length + resetKeys.length + consumed.length === 0) return;
      // One statement must not change a row twice.
      const all = [...refundKeys, ...resetKeys, ...consumed.map((c) => c.key)];
      if (new Set(all).size !== all.length) throw new Error("settle: a counter given twice");
      const consumeCte = consumed.length
        ? sql`, counted as (
          insert into ${rateLimits} (key, points, reset_at)
          values ${sql.join(
            consumed.map(({ key, rule }) => newWindow(key, rule)),
            sql`, `,
          )}
          ${upsert}
        )`
        : sql``;
      // Different counters: one data-modifying CTE each way, all in one statement.
      await db.execute(sql`
        with refunded as (
          update ${rateLimits} set points = greatest(${rateLimits.points} - 1, 0)
          where key in (${sql.join(refundKeys.length ? refundKeys.map((k) => sql`${k}`) : [sql`null`], sql`, `)}) and ${rateLimits.resetAt} > now()
          returning key
        ), cleared as (
          delete from ${rateLimits} where key in (${sql.join(resetKeys.length ? resetKeys.map((k) => sql`${k}`) : [sql`null`], sql`, `)})
          returning key
        )${consumeCte}
        select (select count(*) from refunded) as refunded, (select count(*) from cleared) as cleared`);
    },
    async peek(rule, subject) {
      if (!options.enabled) return unlimited(rule);
      return peekResult(rule, await running(keyOf(rule.name, subject)));
    },
    async refund(rule, subject) {
      if (!options.enabled) return;
      await db.execute(sql`
        update ${rateLimits} set points = greatest(${rateLimits.points} - 1, 0)
        where key = ${keyOf(rule.name, subject)} and ${rateLimits.resetAt} > now()`);
    },
    async takeTurn(name, subject, holdSeconds) {
      if (!options.enabled) return { allowed: true, used: 0, remaining: 0, retryAfterSeconds: 0 };
      const key = keyOf(name, subject);
      // The update happens only when the hold has ended; PostgreSQL re-checks that condition on the
      // locked row, so of several racing requests exactly one sees its row come back.
      const [taken] = rowsOf<Row>(await db.execute(sql`
        insert into ${rateLimits} (key, points, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${holdSeconds}))
        on conflict (key) do update set points = ${rateLimits.points} + 1, reset_at = excluded.reset_at
          where ${rateLimits.resetAt} <= now()
        returning points, 0 as retry_after`));
      if (taken) return { allowed: true, used: Number(taken.points), remaining: 0, retryAfterSeconds: 0 };
      const held = await running(key);
      return { allowed: false, used: Number(held?.points ?? 0), remaining: 0, retryAfterSeconds: Math.max(1, Number(held?.retry_after ?? 1)) };
    },
    async enforce(rule, subject, text = COMMON_ERRORS.rateLimited) {
      const result = await consume(rule, subject);
      if (!result.allowed) {
        throw tooManyRequests(text, result.retryAfterSeconds);
      }
    },
    async reset(rule, subject) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyOf(rule.name, subject)}`);
    },
    async purgeExpired() {
      // Rows a request holds are left for the next purge: waiting for one while holding others could
      // close a cycle with statements that lock a counter and then the user's row (an AI question's
      // slot, lib/ai/questions.server.ts) or the other way round (a checkout).
      await db.execute(sql`
        delete from ${rateLimits} where key in (
          select key from ${rateLimits} where ${rateLimits.resetAt} < now() for update skip locked
        )`);
    },
  };
}
