// A mailed link created while the account changes under it: each test runs the other change at the
// exact moment between the link's checks and its first write (the database handle below), where a
// request arriving at the same time could run it.
import { and, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { emailChanges, passwordResets } from "~/db/schema";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";
import { createPasswordReset, resetPassword } from "./password-reset.server";
import { createSession } from "./sessions.server";
import { changePassword, confirmEmailChange, requestEmailChange, revokeEverySession, WrongPasswordError } from "./settings.server";
import { registerUser } from "./users.server";

/** `db`, running `meanwhile` once just before the first write or transaction it is asked for. */
function interleaved(db: Db, meanwhile: () => Promise<void>): Db {
  let pending: (() => Promise<void>) | null = meanwhile;
  return new Proxy(db, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (name !== "transaction" && name !== "insert" && name !== "update") return value.bind(target);
      return (...args: unknown[]) => {
        const run = pending;
        pending = null;
        if (!run) return (value as (...a: unknown[]) => unknown).apply(target, args);
        // insert()/update() build a query: the other change runs when it is awaited.
        if (name === "transaction") return run().then(() => (value as (...a: unknown[]) => unknown).apply(target, args));
        const query = (value as (...a: unknown[]) => unknown).apply(target, args);
        return deferredUntil(run, query);
      };
    },
  });
}

/** A query builder whose execution waits for `before`. */
function deferredUntil(before: () => Promise<void>, query: unknown): unknown {
  return new Proxy(query as object, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name === "then") {
        return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
          before().then(() => (target as PromiseLike<unknown>).then(resolve, reject), reject);
      }
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result === target ? receiver : deferredUntil(before, result);
      };
    },
  });
}

describe("mailed links created while the account changes", () => {
  let db: Db;
  beforeEach(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    db = database.db;
  });

  it("mails no reset link to an address the account left while the link was made", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const move = await requestEmailChange(db, user.id, "ada@new.example", "analytical", (await createSession(db, user.id)).sessionId);
    // The owner confirms the move just after the reset request found the account by its old address.
    const meanwhile = async () => {
      expect(await confirmEmailChange(db, move.token)).not.toBeNull();
    };
    const reset = await createPasswordReset(interleaved(db, meanwhile), "ada@example.com");
    expect(reset).toBeNull();
    const live = await db.select().from(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(live).toHaveLength(0);
  });

  it("keeps no address change asked with a password that was changed meanwhile", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const session = await createSession(db, user.id);
    // Someone who knows the old password asks to move the address; the owner changes the password
    // just after that password was checked.
    const meanwhile = async () => {
      await changePassword(db, user.id, session.sessionId, "analytical", "engine number two");
    };
    await expect(
      requestEmailChange(interleaved(db, meanwhile), user.id, "thief@evil.example", "analytical", session.sessionId),
    ).rejects.toBeInstanceOf(WrongPasswordError);
    const pending = await db.select().from(emailChanges).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    expect(pending).toHaveLength(0);
  });

  it("keeps no address change asked from a session signed out everywhere meanwhile", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const session = await createSession(db, user.id);
    // The owner signs out everywhere from another device just after the asker's password was checked.
    const meanwhile = async () => {
      expect(await revokeEverySession(db, user.id)).toBe(1);
    };
    await expect(requestEmailChange(interleaved(db, meanwhile), user.id, "thief@evil.example", "analytical", session.sessionId)).rejects.toMatchObject({
      status: 401,
    });
    const pending = await db.select().from(emailChanges).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    expect(pending).toHaveLength(0);
  });

  it("still makes both links when nothing changes meanwhile", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const reset = await createPasswordReset(db, "ADA@example.com");
    expect(reset?.user.id).toBe(user.id);
    const session = await createSession(db, user.id);
    expect(await requestEmailChange(db, user.id, "ada@new.example", "analytical", session.sessionId)).toMatchObject({ oldEmail: "ada@example.com" });
    expect((await resetPassword(db, reset!.token, "engine number two"))?.userId).toBe(user.id);
  });
});
