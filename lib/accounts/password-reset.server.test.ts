import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { passwordResets } from "~/db/schema";
import { floorOf, WORK_MS } from "~/tests/helpers/answer-floor-clock";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";
import { createPasswordReset, requestPasswordReset, RESET_REQUEST_FLOOR_MS, resetPassword, RESET_TOKEN_TTL_MS } from "./password-reset.server";
import { createSession, getSessionUser, hashToken } from "./sessions.server";
import { checkCredentials, registerUser } from "./users.server";

describe("password reset tokens", () => {
  let db: Db;
  beforeEach(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    db = database.db;
  });

  it("is null for an unknown address and stores only the token's hash", async () => {
    expect(await createPasswordReset(db, "nobody@example.com")).toBeNull();
    await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const reset = await createPasswordReset(db, "ADA@example.com");
    expect(reset!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reset!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS);
    const rows = await db.select().from(passwordResets);
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(reset!.token)]);
  });

  it("is requested in the same time for an unknown address as for an account: at the same floor after it began, whatever its work cost", async () => {
    // Found by an attack: only an account's request locked its row and stored a link, so the 202
    // came about 4 ms later for an address that has an account. Asserted on the clock the floor is
    // counted on, not as wall time: comparing the two answers' times can fail on a busy 2-core machine.
    await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    for (const email of ["nobody@example.com", "ada@example.com"]) {
      const { result, answeredBeforeFloor, waitedMs } = await floorOf(() => requestPasswordReset(db, email), RESET_REQUEST_FLOOR_MS);
      expect(result === null, email).toBe(email === "nobody@example.com");
      // Not answered before the floor, which counts the work's time: it waits what is left of it.
      expect(answeredBeforeFloor, email).toBe(false);
      expect(waitedMs, email).toBe(RESET_REQUEST_FLOOR_MS - WORK_MS);
    }
    expect(await db.select().from(passwordResets)).toHaveLength(1);
  });

  it("sets the password once and revokes every session", async () => {
    const user = await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const a = await createSession(db, user.id);
    const b = await createSession(db, user.id);
    const reset = await createPasswordReset(db, "ada@example.com");
    expect((await resetPassword(db, reset!.token, "engine number two"))?.userId).toBe(user.id);
    expect(await getSessionUser(db, a.token)).toBeNull();
    expect(await getSessionUser(db, b.token)).toBeNull();
    expect(await checkCredentials(db, "ada@example.com", "engine number two")).not.toBeNull();
    expect(await resetPassword(db, reset!.token, "engine number three")).toBeNull();
  });

  it("refuses an expired token", async () => {
    await registerUser(db, { email: "ada@example.com", password: "analytical" }, 0);
    const reset = await createPasswordReset(db, "ada@example.com");
    await db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await resetPassword(db, reset!.token, "engine number two")).toBeNull();
    expect(await checkCredentials(db, "ada@example.com", "analytical")).not.toBeNull();
  });
});
