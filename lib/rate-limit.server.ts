// Fixed-window rate limits kept in the database, so every instance on one PostgreSQL shares them.
import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
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
  consume(rule: RateRule, subject: string): Promise<RateResult>;
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
  points: number;
  retry_after: number;
}

/** Rows of db.execute(): node-postgres gives `{ rows }`, PGlite through drizzle an array. */
function rowsOf(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? (result as Row[]);
}

export function createRateLimiter(db: Db, options: { enabled: boolean }): RateLimiter {
  const keyOf = (name: string, subject: string) => `${name}:${subject.toLowerCase()}`;
  const unlimited = (rule: RateRule): RateResult => ({ allowed: true, used: 0, remaining: rule.points, retryAfterSeconds: 0 });

  async function consume(rule: RateRule, subject: string): Promise<RateResult> {
    if (!options.enabled) return unlimited(rule);
    const key = keyOf(rule.name, subject);
    const [row] = rowsOf(await db.execute(sql`
      insert into ${rateLimits} (key, points, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        points = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.points} + 1 end,
        reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
      returning points, ceil(extract(epoch from (reset_at - now())))::int as retry_after`));
    const points = Number(row?.points ?? 1);
    return {
      allowed: points <= rule.points,
      used: points,
      remaining: Math.max(0, rule.points - points),
      retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? rule.windowSeconds)),
    };
  }

  /** The row of a key while its window or hold runs. */
  async function running(key: string): Promise<Row | undefined> {
    const [row] = rowsOf(await db.execute(sql`
      select points, ceil(extract(epoch from (reset_at - now())))::int as retry_after
      from ${rateLimits} where key = ${key} and reset_at > now()`));
    return row;
  }

  return {
    consume,
    async peek(rule, subject) {
      if (!options.enabled) return unlimited(rule);
      const row = await running(keyOf(rule.name, subject));
      const used = Number(row?.points ?? 0);
      return {
        allowed: used < rule.points,
        used,
        remaining: Math.max(0, rule.points - used),
        retryAfterSeconds: row ? Math.max(1, Number(row.retry_after)) : 0,
      };
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
      const [taken] = rowsOf(await db.execute(sql`
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
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
    },
  };
}
