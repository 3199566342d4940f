// Fixed-window rate limits kept in the database, so every instance on one PostgreSQL shares them.
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rateLimits } from "../db/schema";
import { ApiError, COMMON_ERRORS, type LocalizedText } from "./http/api-error";

export interface RateRule {
  /** Name of the limit, part of the key ("login-ip"). */
  name: string;
  points: number;
  windowSeconds: number;
}

export interface RateResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(rule: RateRule, subject: string): Promise<RateResult>;
  /** Consumes and throws a 429 ApiError (with Retry-After) when the limit is exceeded. */
  enforce(rule: RateRule, subject: string, text?: LocalizedText): Promise<void>;
  reset(rule: RateRule, subject: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

export function createRateLimiter(db: Db, options: { enabled: boolean }): RateLimiter {
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

  async function consume(rule: RateRule, subject: string): Promise<RateResult> {
    if (!options.enabled) return { allowed: true, remaining: rule.points, retryAfterSeconds: 0 };
    const key = keyOf(rule, subject);
    const rows = await db.execute<{ points: number; retry_after: number }>(sql`
      insert into ${rateLimits} (key, points, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        points = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.points} + 1 end,
        reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
      returning points, ceil(extract(epoch from (reset_at - now())))::int as retry_after`);
    const row = (rows as unknown as { rows?: { points: number; retry_after: number }[] }).rows?.[0] ??
      (rows as unknown as { points: number; retry_after: number }[])[0];
    const points = Number(row?.points ?? 1);
    return {
      allowed: points <= rule.points,
      remaining: Math.max(0, rule.points - points),
      retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? rule.windowSeconds)),
    };
  }

  return {
    consume,
    async enforce(rule, subject, text = COMMON_ERRORS.rateLimited) {
      const result = await consume(rule, subject);
      if (!result.allowed) {
        throw new ApiError(429, "rate_limited", text, { retryAfter: result.retryAfterSeconds }, {
          "Retry-After": String(result.retryAfterSeconds),
        });
      }
    },
    async reset(rule, subject) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyOf(rule, subject)}`);
    },
    async purgeExpired() {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
    },
  };
}
