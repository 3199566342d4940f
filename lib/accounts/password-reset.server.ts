// Forgotten passwords: a single-use, 256-bit token valid for one hour; only its SHA-256 is stored.
// Using it sets the new password, spends every outstanding token of the account and its unconfirmed
// address changes, and revokes all sessions, in one transaction.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { passwordResets, users } from "~/db/schema";
import { spendEmailChanges, spendPasswordResets } from "./mailed-links.server";
import { hashPassword } from "./passwords.server";
import { hashToken, newToken, revokeAllSessions } from "./sessions.server";
import type { PublicUser } from "~/lib/contracts/user";
import { findUserByEmail } from "./users.server";
import { noSoonerThan } from "./answer-floor";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Creates a reset token for the account with this e-mail. Returns null for an unknown address (the
 * API answers the same either way).
 */
export async function createPasswordReset(
  db: DbOrTx,
  email: string,
): Promise<{ user: PublicUser; token: string; expiresAt: Date } | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const token = newToken();
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  // The account's row is locked and its address read again: a move confirmed since the lookup spent
  // the account's reset links (mailed-links.server.ts) and this one must not reach the old mailbox;
  // a move confirmed after waits for this insert and spends it too.
  const made = await db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.email, user.email)))
      .for("update");
    if (!still) return false;
    await tx.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
    return true;
  });
  return made ? { user, token, expiresAt } : null;
}

/**
 * A request for a reset link is answered no sooner than this after it began: only an account's
 * request locks its row and stores a link, which the answer's time would otherwise tell. Above that
 * work on an idle or busy machine (a few ms), well under what a person notices.
 */
export const RESET_REQUEST_FLOOR_MS = 150;

/** createPasswordReset, resolved no sooner than RESET_REQUEST_FLOOR_MS after the call. */
export async function requestPasswordReset(db: Db, email: string): ReturnType<typeof createPasswordReset> {
  const started = performance.now();
  const reset = await createPasswordReset(db, email);
  await noSoonerThan(started, RESET_REQUEST_FLOOR_MS);
  return reset;
}

/** The account whose password a reset link set: who to tell, and in which language. */
export interface ResetAccount {
  userId: string;
  email: string;
  name: string;
  lang: string;
}

/**
 * Sets a new password with a reset token. Returns the account, or null when the token is unknown,
 * expired or already used (the token is claimed atomically, so two concurrent uses cannot both win).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<ResetAccount | null> {
  const tokenHash = hashToken(token);
  // Reject a bad token before paying for a hash.
  const [candidate] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .limit(1);
  if (!candidate) return null;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.id, candidate.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ userId: passwordResets.userId });
    if (!claimed) return null;
    const [account] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, claimed.userId))
      .returning({ userId: users.id, email: users.email, name: users.name, lang: users.lang });
    // Older links mailed to the same account stop working too, and so does an address change asked
    // by whoever knew the old password.
    await spendPasswordResets(tx, claimed.userId);
    await spendEmailChanges(tx, claimed.userId);
    await revokeAllSessions(tx, claimed.userId);
    return account ?? null;
  });
}

/** True while a reset token can still be used (known, unused, not expired). Spends nothing. */
export async function isResetTokenUsable(db: DbOrTx, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(row);
}
