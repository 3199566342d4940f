// Accounts: sign-up (with the starting credits as a ledger row), log-in, and the user record the API
// answers with. E-mail addresses are unique regardless of case (unique index on lower(email)).
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import { changeCredits } from "~/lib/credits.server";
import { defaultName, type PublicUser, type Role } from "~/lib/contracts/user";
import { unauthorized } from "~/lib/http/api-error";
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from "./passwords.server";
import { noSoonerThan } from "./answer-floor";

export interface UserRow extends PublicUser {
  passwordHash: string;
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  credits: users.credits,
  role: users.role,
  passwordHash: users.passwordHash,
};

export function toPublicUser(user: PublicUser): PublicUser {
  return { id: user.id, email: user.email, name: user.name, credits: user.credits, role: user.role };
}

export class EmailTakenError extends Error {
  constructor() {
    super("email already registered");
    this.name = "EmailTakenError";
  }
}

/** True for a PostgreSQL error of `code` (on `constraint`, when named), also when wrapped by Drizzle. */
function isViolation(error: unknown, code: string, constraint?: (name: string) => boolean): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined; e; ) {
    if (e.code === code) {
      if (!constraint) return true;
      const named = typeof e.constraint === "string" ? e.constraint : typeof e.message === "string" ? e.message : "";
      return constraint(named);
    }
    e = e.cause as typeof e;
  }
  return false;
}

/** True for PostgreSQL's unique_violation (23505), also when wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  isViolation(error, "23505", constraint ? (named) => named.includes(constraint) : undefined);

/**
 * True when a row written for a member names an account that no longer exists (foreign_key_violation,
 * 23503, on a `<table>_user_id_users_id_fk`): the account was deleted while the request ran (found by
 * an attacker: a 500).
 */
export const isDeletedAccount = (error: unknown): boolean => isViolation(error, "23503", (named) => named.includes("_user_id_users_id_fk"));

/** For a member's write's catch: one that met a deleted account is the 401 of a signed-out request. */
export function signedOutIfDeleted(error: unknown): never {
  throw isDeletedAccount(error) ? unauthorized() : error;
}

// The log-in's statements are written out rather than built by drizzle's query builders: building
// these two cost about 0.4 ms of CPU per log-in, writing them next to nothing (docs/performance.md).
interface UserRecord {
  id: string;
  email: string;
  name: string;
  credits: number | string;
  role: Role;
  password_hash: string;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const wanted = email.trim();
  const [row] = rowsOf<UserRecord>(
    await db.execute(sql`select id, email, name, credits, role, password_hash from users where lower(email) = lower(${wanted}) limit 1`),
  );
  // The database's lower() folds more than JavaScript's (PGlite's turns "İ" into "i"); the
  // per-address rate limits key on toLowerCase(), so an address is the account's only when both agree.
  if (!row || row.email.toLowerCase() !== wanted.toLowerCase()) return null;
  return { id: row.id, email: row.email, name: row.name, credits: Number(row.credits), role: row.role, passwordHash: row.password_hash };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export interface NewAccount {
  email: string;
  password: string;
  name?: string;
  role?: Role;
}

/**
 * Creates an account with `startingCredits` granted through the ledger ('signup_grant'), in one
 * transaction. Throws EmailTakenError when the address exists in any letter case (also when two
 * sign-ups race: the unique index decides).
 */
export async function registerUser(db: Db, account: NewAccount, startingCredits: number): Promise<PublicUser> {
  const email = account.email.trim();
  // Cheap check first so a duplicate does not cost a hash; the unique index remains the authority.
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email, name: account.name?.trim() || defaultName(email), passwordHash, role: account.role ?? "user" })
        .returning(userColumns);
      const user = row!;
      if (startingCredits > 0) {
        const balance = await changeCredits(tx, {
          userId: user.id,
          delta: startingCredits,
          kind: "signup_grant",
          reason: "starting credits",
        });
        user.credits = balance ?? user.credits;
      }
      return toPublicUser(user);
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_key")) throw new EmailTakenError();
    throw error;
  }
}

/**
 * A refused check (unknown e-mail, wrong password) is answered no sooner than this after it began.
 * The verify alone would tell them apart by its cost: a dummy verify and today's hashes cost less
 * than a hash made at the older cost, which every account keeps until its next log-in
 * (docs/decisions/0020-argon2id-7-mib-5-passes.md). A timer: it costs no CPU. Above any verify of
 * an idle or busy machine (12-30 ms), well under what a person notices.
 */
export const REFUSED_CHECK_FLOOR_MS = 150;

const refused = async (started: number): Promise<null> => {
  await noSoonerThan(started, REFUSED_CHECK_FLOOR_MS);
  return null;
};

/** An account a password opened, and the hash that password matched (the upgraded one after a rehash). */
export interface Authenticated {
  user: PublicUser;
  passwordHash: string;
}

/**
 * The account for this e-mail and password, or null. An unknown address still spends one hash
 * verification, and every refusal is answered after the same floor, so the answer time does not
 * reveal whether the account exists. A hash made with an older cost is upgraded on success. The hash
 * comes with the account so that a session is made only while it is still the account's
 * (createSessionWhilePassword: a change or reset during the check wins).
 */
export async function checkCredentials(
  db: DbOrTx,
  email: string,
  password: string,
  /** The account row when the caller read it already (findUserByEmail), to save a round trip. */
  found?: UserRow | null,
): Promise<Authenticated | null> {
  const started = performance.now();
  const user = found === undefined ? await findUserByEmail(db, email) : found;
  if (!user) {
    await verifyDummy(password);
    return refused(started);
  }
  if (!(await verifyPassword(user.passwordHash, password))) return refused(started);
  let passwordHash = user.passwordHash;
  if (needsRehash(user.passwordHash)) {
    try {
      // Only over the hash just verified: a reset, change or promotion committed meanwhile wins.
      const [upgraded] = await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
        .returning({ passwordHash: users.passwordHash });
      if (upgraded) passwordHash = upgraded.passwordHash;
    } catch {
      // The upgrade is an optimisation: the log-in stands, and the next one tries again.
    }
  }
  return { user: toPublicUser(user), passwordHash };
}

/** Replaces the password hash (the caller revokes sessions as the situation requires). */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Remembers the interface language the member last used (receipts and account e-mails use it). */
export async function rememberLang(db: DbOrTx, userId: string, lang: string): Promise<void> {
  await db.execute(sql`update users set lang = ${lang} where id = ${userId} and lang <> ${lang}`);
}
