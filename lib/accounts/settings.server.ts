// Account settings: what a member changes about their own account (name, password, e-mail address),
// their sessions, the export of their data and the deletion of the account. What deletion removes
// and keeps is described in docs/architecture.md ("Account deletion") and on the privacy page.
import { and, asc, desc, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { aiQuestions, creditLedger, emailChanges, payments, sessions, users } from "~/db/schema";
import type { AccountExport, AccountProfile, SessionList } from "~/lib/contracts/account";
import { paymentHistory } from "~/lib/payments/checkout.server";
import { unauthorized } from "~/lib/http/api-error";
import { isoTime } from "~/lib/sql-json.server";
import { spendEmailChanges, spendPasswordResets } from "./mailed-links.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { hashToken, newToken } from "./sessions.server";
import { findUserByEmail, isUniqueViolation } from "./users.server";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export class WrongPasswordError extends Error {
  constructor() {
    super("current password is wrong");
    this.name = "WrongPasswordError";
  }
}

export class SettingsConflictError extends Error {
  constructor(readonly code: "email_taken" | "same_email" | "last_admin") {
    super(code);
    this.name = "SettingsConflictError";
  }
}

export async function getProfile(db: DbOrTx, userId: string): Promise<AccountProfile | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  const [pending] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    credits: row.credits,
    lang: row.lang,
    createdAt: row.createdAt.toISOString(),
    pendingEmail: pending?.newEmail ?? null,
  };
}

/** What GET /account adds to the session's user, read in the same statement (profileOf() joins them). */
export const PROFILE_OF_SESSION_USER: SQL<{ lang: string; createdAt: string; pendingEmail: string | null }> = sql`json_build_object('lang', ${users.lang}, 'createdAt', ${isoTime(users.createdAt)}, 'pendingEmail', (
    select ${emailChanges.newEmail} from ${emailChanges}
    where ${emailChanges.userId} = ${users.id} and ${emailChanges.usedAt} is null and ${emailChanges.expiresAt} > now()
    order by ${emailChanges.createdAt} desc limit 1))`;

export function profileOf(
  user: { id: string; email: string; name: string; role: AccountProfile["role"]; credits: number },
  profile: { lang: string; createdAt: string; pendingEmail: string | null },
): AccountProfile {
  const { id, email, name, role, credits } = user;
  return { id, email, name, role, credits, lang: profile.lang, createdAt: profile.createdAt, pendingEmail: profile.pendingEmail };
}

async function checkPassword(db: DbOrTx, userId: string, password: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  // An account deleted since its session was read is signed out, not a wrong password (found by an attacker).
  if (!row) throw unauthorized();
  if (!(await verifyPassword(row.passwordHash, password))) throw new WrongPasswordError();
  return row;
}

/** Why a password checked before a transaction no longer holds in it: changed (wrong), or the account deleted (signed out). */
async function refusalOf(tx: DbOrTx, userId: string): Promise<Error> {
  const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return exists ? new WrongPasswordError() : unauthorized();
}

export async function changeName(db: DbOrTx, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Sets a new password and revokes every other session of the account, its reset links and its
 * unconfirmed address changes (asked by whoever knew the old password). Returns how many sessions
 * were revoked.
 */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<{ revoked: number; email: string; name: string; lang: string; cancelledEmail: string | null }> {
  const user = await checkPassword(db, userId, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    // Only over the password just checked: a change or reset committed meanwhile (two changes sent at
    // once with the same current password) makes this one's current password wrong.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!changed) throw await refusalOf(tx, userId);
    await spendPasswordResets(tx, userId);
    const cancelledEmail = await spendEmailChanges(tx, userId);
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return { revoked: revoked.length, email: user.email, name: user.name, lang: user.lang, cancelledEmail };
  });
}

/**
 * Starts a change of address: the token goes by e-mail to the new address; the address changes only
 * when it is confirmed. Earlier unconfirmed requests stop working.
 */
export async function requestEmailChange(
  db: Db,
  userId: string,
  newEmail: string,
  currentPassword: string,
  sessionId: string,
): Promise<{ token: string; oldEmail: string; name: string; lang: string }> {
  const user = await checkPassword(db, userId, currentPassword);
  if (user.email.toLowerCase() === newEmail.toLowerCase()) throw new SettingsConflictError("same_email");
  if (await findUserByEmail(db, newEmail)) throw new SettingsConflictError("email_taken");
  const token = newToken();
  await db.transaction(async (tx) => {
    // The password checked must still be the account's, under its row lock: a password changed since
    // spent the account's address changes (changePassword), and this one would outlive that; a change
    // after waits for this insert and spends it too.
    const [still] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash))).for("update");
    if (!still) throw await refusalOf(tx, userId);
    // Nor may the session that asks have been signed out meanwhile ("Sign out everywhere" takes the
    // same row lock, then spends the address changes): the change would outlive it.
    const [live] = await tx.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    if (!live) throw unauthorized();
    await spendEmailChanges(tx, userId);
    await tx.insert(emailChanges).values({
      userId,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
  });
  return { token, oldEmail: user.email, name: user.name, lang: user.lang };
}

/** Confirms a change of address. Null for an unknown, used or expired token. Throws email_taken (and spends the change) when the address was taken meanwhile. */
export async function confirmEmailChange(
  db: Db,
  token: string,
): Promise<{ userId: string; oldEmail: string; newEmail: string; name: string; lang: string } | null> {
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailChanges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)))
        .returning();
      if (!claimed) return null;
      const [before] = await tx.select().from(users).where(eq(users.id, claimed.userId));
      if (!before) return null;
      await tx.update(users).set({ email: claimed.newEmail, updatedAt: sql`now()` }).where(eq(users.id, claimed.userId));
      // Reset links went to the old address, which no longer belongs to the account.
      await spendPasswordResets(tx, claimed.userId);
      return { userId: claimed.userId, oldEmail: before.email, newEmail: claimed.newEmail, name: before.name, lang: before.lang };
    });
  } catch (error) {
    if (!isUniqueViolation(error, "users_email_lower_key")) throw error;
    // Another account took the address meanwhile: the change can no longer happen, so it is spent
    // rather than shown as waiting for good (found by a stranger); the member asks for another address.
    await db
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt)));
    throw new SettingsConflictError("email_taken");
  }
}

/** How many sessions the list shows at most; "Sign out everywhere" reaches the others too. */
const SESSION_LIST_LIMIT = 100;

/**
 * The member's active sessions: this one first, then the others by last use, at most
 * SESSION_LIST_LIMIT, and how many there are (found by an attacker: the list stopped at the 100
 * latest, said nothing of the others, and a member on an older session did not find this device).
 */
export async function listSessions(db: DbOrTx, userId: string, currentSessionId: string): Promise<SessionList> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.id} = ${currentSessionId} desc`, desc(sessions.lastUsedAt))
    .limit(SESSION_LIST_LIMIT);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === currentSessionId,
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Signs one of the member's own sessions out, cancelling an address change not yet confirmed; `revoked` false when it is not theirs or already gone. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<{ revoked: boolean; cancelledEmail: string | null }> {
  return db.transaction(async (tx) => {
    // The account's row lock orders this with an address change being asked (requestEmailChange).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (rows.length === 0) return { revoked: false, cancelledEmail: null };
    // A device signed out because someone else may hold it must not keep the account's address
    // change it may have asked for (found by an attack: the thief's link still took the account).
    return { revoked: true, cancelledEmail: await spendEmailChanges(tx, userId) };
  });
}

/**
 * "Sign out everywhere": every session of the account, this one included, and an address change
 * not yet confirmed: a member who fears someone else is in the account must not lose it to a link
 * that someone asked for (docs/architecture.md, "Account settings and deletion").
 */
export async function revokeEverySession(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The account's row lock orders this with an address change being asked (requestEmailChange).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await spendEmailChanges(tx, userId);
    return rows.length;
  });
}

/** Everything the account holds, for "Download my data". */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport | null> {
  const profile = await getProfile(db, userId);
  if (!profile) return null;
  const questions = await db.select().from(aiQuestions).where(eq(aiQuestions.userId, userId)).orderBy(asc(aiQuestions.createdAt));
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
  return {
    exportedAt: new Date().toISOString(),
    profile,
    questions: questions.map((q) => ({
      id: q.id,
      topic: q.topic,
      lang: q.lang,
      question: q.question,
      answer: q.answer,
      status: q.status,
      creditsSpent: q.creditsSpent,
      creditReturnedAt: q.creditReturnedAt?.toISOString() ?? null,
      createdAt: q.createdAt.toISOString(),
    })),
    payments: await paymentHistory(db, userId, 10_000),
    ledger: ledger.map((l) => ({
      id: l.id,
      delta: l.delta,
      balanceAfter: l.balanceAfter,
      kind: l.kind,
      reason: l.reason,
      aiQuestionId: l.aiQuestionId,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}

/**
 * Deletes the account. Removed: the user row with name and e-mail, questions and answers, sessions,
 * reset and e-mail change tokens (by cascade). Kept for the books without an owner: payments and
 * credit ledger rows (their user becomes null; free-text reasons an administrator typed, and the
 * name and address a receipt was made out to, are cleared). Contact messages are not the account's: anyone can sign up with an address nobody
 * confirmed and anyone can send the form with it, so they stay (erased on request, content/legal.ts).
 * The last administrator cannot delete themself.
 */
export async function deleteAccount(db: Db, userId: string, sessionId: string, currentPassword: string): Promise<{ email: string; name: string; lang: string }> {
  const user = await checkPassword(db, userId, currentPassword);
  return db.transaction(async (tx) => {
    // Everything checked before the transaction is read again under locks (found by an attacker: a
    // password changed or reset, or the session signed out, after the check still deleted the
    // account; a member promoted meanwhile was deleted as the last admin). The locks follow the
    // order the other writers take (found by a review, as deadlocks on PostgreSQL): the member's
    // payments before the member (refunds and grants, lib/payments/refunds.server.ts); the admin
    // rows before the member's (changeRole), in the mode that leaves a foreign key's check free (a
    // credit adjustment names its admin); so two admins deleting themselves at once leave one.
    // A refusal below rolls the payments' change back.
    await tx.update(payments).set({ billedName: null, billedEmail: null }).where(eq(payments.userId, userId));
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("no key update");
    const [still] = await tx.select({ role: users.role, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for("update");
    if (!still) throw unauthorized();
    if (still.passwordHash !== user.passwordHash) throw new WrongPasswordError();
    const [live] = await tx.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    if (!live) throw unauthorized();
    if (still.role === "admin" && !admins.some((admin) => admin.id !== userId)) throw new SettingsConflictError("last_admin");
    await tx
      .update(creditLedger)
      .set({ reason: null })
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.kind, "admin_adjustment")));
    await tx.delete(users).where(eq(users.id, userId));
    return { email: user.email, name: user.name, lang: user.lang };
  });
}
