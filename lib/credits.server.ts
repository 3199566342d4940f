// Every change to a balance goes through here: one conditional update plus one ledger row, in the
// caller's transaction, so the balance never drops below zero and always equals the ledger's sum.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.server";
import { creditLedger, users } from "../db/schema";

export type LedgerKind = (typeof creditLedger.$inferInsert)["kind"];

export interface CreditChange {
  userId: string;
  delta: number;
  kind: LedgerKind;
  reason?: string | null;
  aiQuestionId?: string | null;
  paymentId?: string | null;
  adminId?: string | null;
}

/**
 * Applies `delta` to the user's balance when the result stays >= 0 and records it in the ledger.
 * Returns the new balance, or null when the balance does not cover a negative delta (nothing changes).
 * Call inside a transaction.
 */
export async function changeCredits(tx: DbOrTx, change: CreditChange): Promise<number | null> {
  if (!Number.isInteger(change.delta) || change.delta === 0) {
    throw new RangeError("credit delta must be a non-zero integer");
  }
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, change.userId), sql`${users.credits} + ${change.delta} >= 0`))
    .returning({ credits: users.credits });
  if (!row) return null;
  await tx.insert(creditLedger).values({
    userId: change.userId,
    delta: change.delta,
    balanceAfter: row.credits,
    kind: change.kind,
    reason: change.reason ?? null,
    aiQuestionId: change.aiQuestionId ?? null,
    paymentId: change.paymentId ?? null,
    adminId: change.adminId ?? null,
  });
  return row.credits;
}
