import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { creditLedger, users } from "~/db/schema";
import { floorOf, WORK_MS } from "~/tests/helpers/answer-floor-clock";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";
import type { Db } from "~/db/client.server";
import { checkCredentials, EmailTakenError, findUserByEmail, isUniqueViolation, REFUSED_CHECK_FLOOR_MS, registerUser } from "./users.server";

/** The cost every account was hashed with before docs/decisions/0020-argon2id-7-mib-5-passes.md. */
const OLD_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

describe("accounts", () => {
  let db: Db;
  beforeEach(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    db = database.db;
  });

  it("registers with the default name and the starting credits in the ledger", async () => {
    const user = await registerUser(db, { email: " Grace.Hopper@Navy.example ", password: "cobol-1959" }, 3);
    expect(user).toMatchObject({ email: "Grace.Hopper@Navy.example", name: "Grace.Hopper", credits: 3, role: "user" });
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.map((r) => [r.kind, r.delta, r.balanceAfter])).toEqual([["signup_grant", 3, 3]]);
  });

  it("finds an account by e-mail in any letter case", async () => {
    const user = await registerUser(db, { email: "Ada@Example.com", password: "analytical" }, 0);
    expect((await findUserByEmail(db, "ada@example.COM"))?.id).toBe(user.id);
    expect(await findUserByEmail(db, "ada@example.co")).toBeNull();
  });

  it("finds no account for an address that only the database's lower() folds onto it", async () => {
    // Found by an attack: "alİce" (U+0130) is "alice" to PostgreSQL's lower() but not to JavaScript's
    // toLowerCase(), which keys the per-address rate limits, so each "i" doubled an address's budget.
    const user = await registerUser(db, { email: "alice@example.com", password: "analytical" }, 0);
    expect(await findUserByEmail(db, "al\u0130ce@example.com")).toBeNull();
    expect(await checkCredentials(db, "al\u0130ce@example.com", "analytical")).toBeNull();
    expect((await findUserByEmail(db, "ALICE@example.com"))?.id).toBe(user.id);
  });

  it("refuses a second account for the same address, also when the pre-check is bypassed by a race", async () => {
    await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    await expect(registerUser(db, { email: "ADA@example.com", password: "analytical" }, 0)).rejects.toBeInstanceOf(EmailTakenError);
    // The unique index itself refuses (what a lost race hits); the error is recognised through Drizzle's wrapper.
    const error = await db
      .insert(users)
      .values({ email: "aDa@example.com", name: "x", passwordHash: "x" })
      .then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(error, "users_email_lower_key")).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
  });

  it("authenticates the right password only, and upgrades a hash made at an older cost", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    expect(await checkCredentials(db, "ada@example.com", "wrong")).toBeNull();
    expect(await checkCredentials(db, "nobody@example.com", "analytical")).toBeNull();
    expect((await checkCredentials(db, "ADA@example.com", "analytical"))?.user.id).toBe(user.id);

    const { hash } = await import("@node-rs/argon2");
    const old = await hash("analytical", OLD_COST);
    await db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
    const upgraded = await checkCredentials(db, "ada@example.com", "analytical");
    expect(upgraded?.user.id).toBe(user.id);
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    // The hash a session is then made under is the upgraded one (createSessionWhilePassword).
    expect(upgraded?.passwordHash).toBe(row!.passwordHash);
    expect((await checkCredentials(db, "ada@example.com", "analytical"))?.user.id).toBe(user.id);
  });

  it("does not put back the old password when it changed while the log-in was checking it", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const { hash } = await import("@node-rs/argon2");
    await db.update(users).set({ passwordHash: await hash("analytical", OLD_COST) }).where(eq(users.id, user.id));
    // The log-in read the account (old password, old cost); a reset then committed a new password.
    const found = await findUserByEmail(db, "ada@example.com");
    const [reset] = await db.select({ passwordHash: users.passwordHash }).from(users);
    const newHash = await hash("a brand new secret", { memoryCost: 7_168, timeCost: 5, parallelism: 1 });
    await db.update(users).set({ passwordHash: newHash }).where(eq(users.id, user.id));
    await checkCredentials(db, "ada@example.com", "analytical", found);
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users);
    expect(row!.passwordHash).not.toBe(reset!.passwordHash);
    expect(row!.passwordHash).toBe(newHash);
  });

  // Asserted on the clock the floor is counted on, not as wall time: comparing the three answers' times
  // against each other can fail on a busy 2-core machine (as the passwords test's comparison did).
  it("answers every refused check at the same floor after it began, whatever its work cost: unknown e-mail, wrong password at today's cost or an older one", async () => {
    await registerUser(db, { email: "new@example.com", password: "analytical" }, 0);
    const old = await registerUser(db, { email: "old@example.com", password: "analytical" }, 0);
    const { hash } = await import("@node-rs/argon2");
    await db.update(users).set({ passwordHash: await hash("analytical", OLD_COST) }).where(eq(users.id, old.id));
    for (const email of ["nobody@example.com", "new@example.com", "old@example.com"]) {
      const { result, answeredBeforeFloor, waitedMs } = await floorOf(() => checkCredentials(db, email, "a wrong password"), REFUSED_CHECK_FLOOR_MS);
      expect(result, email).toBeNull();
      // Not answered before the floor, which counts the work's time: it waits what is left of it.
      expect(answeredBeforeFloor, email).toBe(false);
      expect(waitedMs, email).toBe(REFUSED_CHECK_FLOOR_MS - WORK_MS);
    }
  });
});
