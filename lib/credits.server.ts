// Every change to a balance goes through here: one conditional update plus one ledger row, in the
// caller's transaction (changeCredits) or in the caller's one statement (spendCreditsCtes), so the
// balance never drops below zero and always equals the ledger's sum.
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { creditLedger, payments, users } from "~/db/schema";
import type { LocalizedText } from "./http/api-error";

/**
 * The highest balance the application allows. The column is 64-bit; this cap sits far below
 * Number.MAX_SAFE_INTEGER so balances stay exact JavaScript numbers, even when a purchase that was
 * already paid for lands on top of it (see `paid`).
 */
export const MAX_CREDIT_BALANCE = 1_000_000_000_000;

export const CREDIT_LIMIT_ERROR = {
  en: "This would take the balance above the maximum of 1,000,000,000,000 credits, so nothing was changed or charged.",
  ja: "残高が上限の 1,000,000,000,000 クレジットを超えるため、変更も請求も行っていません。",
  zh: "此操作会使余额超过 1,000,000,000,000 积分的上限，因此未做任何更改，也未扣款。",
} satisfies LocalizedText;

/** A grant would take the balance above MAX_CREDIT_BALANCE; nothing changed. */
export class CreditLimitError extends Error {
  constructor(readonly balance: number) {
    super("credit balance would exceed MAX_CREDIT_BALANCE");
    this.name = "CreditLimitError";
  }
}

export type LedgerKind = (typeof creditLedger.$inferInsert)["kind"];

export interface CreditChange {
  userId: string;
  delta: number;
  kind: LedgerKind;
  reason?: string | null;
  aiQuestionId?: string | null;
  paymentId?: string | null;
  adminId?: string | null;
  /** An admin adjustment's idempotency key: the ledger's unique index refuses a second row with it. */
  idempotencyKey?: string | null;
  /**
   * A purchase the customer has already paid for: it is granted even past MAX_CREDIT_BALANCE (the
   * checkout refuses before charging, so only a race lands here, and it stays far below 2^53).
   */
  paid?: boolean;
}

/**
 * Applies `delta` to the user's balance when the result stays >= 0 and records it in the ledger.
 * Returns the new balance, or null when the balance does not cover a negative delta or the user does
 * not exist (nothing changes). Throws CreditLimitError when a grant would cross MAX_CREDIT_BALANCE.
 * Call inside a transaction.
 */
export async function changeCredits(tx: DbOrTx, change: CreditChange): Promise<number | null> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) {
    throw new RangeError("credit delta must be a non-zero safe integer");
  }
  const delta = sql`${change.delta}::bigint`;
  const capped = change.delta > 0 && !change.paid;
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, change.userId),
        sql`${users.credits} + ${delta} >= 0`,
        capped ? sql`${users.credits} + ${delta} <= ${MAX_CREDIT_BALANCE}::bigint` : undefined,
      ),
    )
    .returning({ credits: users.credits });
  if (!row) {
    if (capped) {
      const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, change.userId));
      if (user) throw new CreditLimitError(user.credits);
    }
    return null;
  }
  await tx.insert(creditLedger).values({
    userId: change.userId,
    delta: change.delta,
    balanceAfter: row.credits,
    kind: change.kind,
    reason: change.reason ?? null,
    aiQuestionId: change.aiQuestionId ?? null,
    paymentId: change.paymentId ?? null,
    adminId: change.adminId ?? null,
    idempotencyKey: change.idempotencyKey ?? null,
  });
  return row.credits;
}

/**
 * A spend (negative `delta`) as two common table expressions for a statement that also does
 * something else, so a hot path (an AI answer: docs/performance.md) pays it in one round trip:
 * `credit_change` lowers the balance when it stays >= 0 and `guard` holds, returning the new
 * `credits`; `credit_ledger_row` records it. One statement is atomic, so the balance and its ledger
 * row change together or not at all, exactly as with changeCredits. The caller's statement starts
 * `WITH ...,` these and may refer to `credit_change` (empty when nothing changed).
 */
export function spendCreditsCtes(change: CreditChange, guard: SQL): SQL {
  if (!Number.isSafeInteger(change.delta) || change.delta >= 0) {
    throw new RangeError("a spend is a negative safe integer");
  }
  return sql`credit_change AS (
    UPDATE users SET credits = credits + ${change.delta}::bigint, updated_at = now()
    WHERE id = ${change.userId}::uuid AND credits + ${change.delta}::bigint >= 0 AND (${guard})
    RETURNING credits
  ),
  credit_ledger_row AS (
    INSERT INTO credit_ledger (user_id, delta, balance_after, kind, reason, ai_question_id, payment_id, admin_id)
    SELECT ${change.userId}::uuid, ${change.delta}::bigint, credits, ${change.kind}::text, ${change.reason ?? null}::text,
      ${change.aiQuestionId ?? null}::uuid, ${change.paymentId ?? null}::uuid, ${change.adminId ?? null}::uuid
    FROM credit_change
    RETURNING id
  )`;
}

/**
 * How long an administrator's claim on a purchase for a refund holds (lib/payments/refunds.server.ts):
 * well beyond the provider's longest answer (three tries of 20 s). The slot of an AI question
 * (take_ai_question_slot, migration 0015) counts a claim for 300 s too.
 */
export const REFUND_CLAIM_MS = 300_000;

/**
 * A payment claimed for a refund not yet recorded, within REFUND_CLAIM_MS: its credits are held. By
 * the database's clock, as the claim's time and the AI slot's hold (migration 0015).
 */
export const refundClaimHolds = sql`(${payments.refundedAt} is null and ${payments.refundClaimedAt} > now() - make_interval(secs => ${REFUND_CLAIM_MS / 1000}))`;

/**
 * The credits held by the member's refunds under way (claimed, not yet recorded), other than
 * `exceptPaymentId`'s: no answer and no other refund may use them, or the refund would remove fewer
 * credits than its purchase added. Read it under the member's row lock.
 */
export async function creditsHeldByRefunds(tx: DbOrTx, userId: string, exceptPaymentId?: string): Promise<number> {
  const [held] = await tx
    .select({ credits: sql<string>`coalesce(sum(${payments.credits}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined,
        refundClaimHolds,
      ),
    );
  return Number(held?.credits ?? 0);
}
