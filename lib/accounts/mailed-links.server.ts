// The links mailed to an account that act on it without a session: password-reset links and
// unconfirmed address changes. When the password is set (by a reset link or in the settings) or the
// address changes, the links still waiting in a mailbox must stop working (docs/architecture.md,
// "Account settings and deletion").
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { emailChanges, passwordResets } from "~/db/schema";

/** Spends every outstanding reset link of the account. */
export async function spendPasswordResets(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Spends every unconfirmed address change of the account (asked by whoever knew the old password).
 * Returns the address the latest one still waiting for confirmation would have set, so the member can
 * be told it was cancelled; null when none was waiting.
 */
export async function spendEmailChanges(tx: DbOrTx, userId: string): Promise<string | null> {
  const spent = await tx
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)))
    .returning({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt, createdAt: emailChanges.createdAt });
  const now = Date.now();
  const waiting = spent.filter((change) => change.expiresAt.getTime() > now).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return waiting[0]?.newEmail ?? null;
}
