// An account deletion whose password check passed while the account changed before its transaction
// (found by an attacker: the password changed or reset by the owner, the session signed out, the
// role changed by another admin), and member writes that meet an account deleted meanwhile
// (docs/reliability.md, "Attacks and their answers").
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import { insertAdmin } from "~/tests/helpers/admin-data";
import { aroundNextStatement } from "~/tests/helpers/statement-hook";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { usingPostgres } from "~/tests/helpers/test-db";

let app: TestApp;
let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await app?.close();
});

const PASSWORD = "correct horse battery";

async function signUp(email: string, role: "user" | "admin" = "user") {
  const res = await request(app, "POST", "/api/v1/user/register", { body: { email, password: PASSWORD, name: email.split("@")[0] } });
  expect(res.status).toBe(201);
  if (role === "admin") await app.appContext.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
  return { token: res.body.token as string, id: res.body.user.id as string };
}

const exists = async (id: string) => (await app.appContext.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
const deleteWith = (token: string, lang = "en") =>
  request(app, "POST", "/api/v1/account/delete", { token, body: { currentPassword: PASSWORD }, headers: { "Accept-Language": lang } });

/** Runs `meanwhile` once, just before (or just after) the next statement matching `pattern`. */
function around(when: "before" | "after", pattern: RegExp, meanwhile: () => Promise<void>): void {
  restore = aroundNextStatement(app.appContext, when, pattern, meanwhile);
}

/** The password check's read of the account: what the deletion checks is read, not yet acted on. */
const PASSWORD_CHECK = /from "users" where "users"."id" = /i;

describe("account deletion races", { timeout: 60_000 }, () => {
  it("keeps an account whose password the owner changed after the deletion's check", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const owner = await signUp("ada@example.com");
    const thief = (await request(app, "POST", "/api/v1/user/login", { body: { email: "ada@example.com", password: PASSWORD } })).body.token as string;
    around("after", PASSWORD_CHECK, async () => {
      const change = await request(app, "POST", "/api/v1/account/password", { token: owner.token, body: { currentPassword: PASSWORD, newPassword: "the owner's new one" } });
      expect(change.status).toBe(200);
    });
    const answer = await deleteWith(thief);
    // The change signed the thief's session out: the deletion is refused either way, nothing is deleted.
    expect([400, 401]).toContain(answer.status);
    expect(await exists(owner.id)).toBe(true);
    expect((await request(app, "POST", "/api/v1/user/login", { body: { email: "ada@example.com", password: "the owner's new one" } })).status).toBe(200);
  });

  it("keeps an account whose password was reset after the deletion's check", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const owner = await signUp("ada@example.com");
    expect((await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: "ada@example.com" } })).status).toBe(202);
    const resetToken = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(app.mails.at(-1)!.text)![1]!);
    around("after", PASSWORD_CHECK, async () => {
      const reset = await request(app, "POST", "/api/v1/user/password/reset", { body: { token: resetToken, password: "the owner's new one" } });
      expect(reset.status).toBe(200);
    });
    const answer = await deleteWith(owner.token);
    expect([400, 401]).toContain(answer.status);
    expect(await exists(owner.id)).toBe(true);
  });

  it("refuses a deletion whose session was signed out after its check, in the request's language", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const owner = await signUp("ada@example.com");
    const thief = (await request(app, "POST", "/api/v1/user/login", { body: { email: "ada@example.com", password: PASSWORD } })).body as {
      token: string;
    };
    const sessions = (await request(app, "GET", "/api/v1/account/sessions", { token: owner.token })).body.sessions as { id: string; current: boolean }[];
    const thiefSession = sessions.find((session) => !session.current)!;
    around("after", PASSWORD_CHECK, async () => {
      const revoke = await request(app, "POST", `/api/v1/account/sessions/${thiefSession.id}/revoke`, { token: owner.token });
      expect(revoke.status).toBe(200);
    });
    const answer = await deleteWith(thief.token, "ja");
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("unauthorized");
    expect(answer.body.error.message).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect(await exists(owner.id)).toBe(true);
  });

  it("leaves an administrator when a member promoted during their own deletion was the last one", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const first = await signUp("first-admin@example.com", "admin");
    const member = await signUp("member@example.com");
    around("after", PASSWORD_CHECK, async () => {
      const promote = await request(app, "POST", `/api/v1/admin/users/${member.id}/role`, { token: first.token, body: { role: "admin" } });
      expect(promote.status).toBe(200);
      expect((await deleteWith(first.token)).status).toBe(200);
    });
    const answer = await deleteWith(member.token);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("last_admin");
    expect(await app.appContext.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"))).toEqual([{ id: member.id }]);
  });

  it("deletes an administrator demoted during their deletion as the member they now are", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const leaving = await signUp("leaving@example.com", "admin");
    const other = await signUp("other@example.com", "admin");
    around("after", PASSWORD_CHECK, async () => {
      const demote = await request(app, "POST", `/api/v1/admin/users/${leaving.id}/role`, { token: other.token, body: { role: "user" } });
      expect(demote.status).toBe(200);
    });
    const answer = await deleteWith(leaving.token);
    expect(answer.status).toBe(200);
    expect(await exists(leaving.id)).toBe(false);
  });
});

/** Statements of other requests waiting for a row lock (PostgreSQL). */
const waitingForLocks = async () =>
  Number(
    rowsOf<{ n: number }>(
      await app.appContext.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
    )[0]?.n ?? 0,
  );

// PostgreSQL only: PGlite runs one transaction at a time, so two cannot hold locks at once.
describe.skipIf(!usingPostgres())("account deletion against other writers' locks (PostgreSQL)", { timeout: 60_000 }, () => {
  it("finishes a deletion and a refund of the member's purchase sent at the same moment, without a deadlock", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const owner = await signUp("ada@example.com");
    const bought = await request(app, "POST", "/api/v1/payment/create", {
      token: owner.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" },
    });
    expect(bought.body.status).toBe("succeeded");
    let deletion: ReturnType<typeof deleteWith> | undefined;
    // The refund holds the purchase's row and is about to lock the member's: the deletion starts
    // then and takes what locks it can until it waits for one the refund holds.
    around("after", /from "payments" where "payments"."id" = \$\d+ for update/i, async () => {
      deletion = deleteWith(owner.token);
      await expect.poll(waitingForLocks, { timeout: 10_000 }).toBeGreaterThan(0);
    });
    const refunded = await request(app, "POST", "/api/v1/refunds", { token: admin.token, body: { paymentId: bought.body.transactionId } });
    const deleted = await deletion!;
    expect({ refund: refunded.status, deletion: deleted.status }).toEqual({ refund: 200, deletion: 200 });
    expect(await exists(owner.id)).toBe(false);
    const [payment] = await app.appContext.db.select({ status: payments.status, userId: payments.userId }).from(payments);
    expect(payment).toEqual({ status: "refunded", userId: null });
  });
});

describe("member writes after the account was deleted", { timeout: 60_000 }, () => {
  it("answers a question whose free reply meets a deleted account with 401, not 500", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const member = await signUp("ada@example.com");
    around("before", /insert into "ai_questions"/i, async () => {
      await app.appContext.db.delete(users).where(eq(users.id, member.id));
    });
    const answer = await request(app, "POST", "/api/v1/ai/ask", {
      token: member.token,
      body: { question: "zzqx florp wibble quux?", topic: "tax-consultation", lang: "en" },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("unauthorized");
  });

  it("answers a checkout that meets a deleted account with 401, not 500", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const member = await signUp("ada@example.com");
    around("before", /insert into payments/i, async () => {
      await app.appContext.db.delete(users).where(eq(users.id, member.id));
    });
    const answer = await request(app, "POST", "/api/v1/payment/create", {
      token: member.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "US", idempotencyKey: "2d1f0c7e-5b7a-4c1e-9a55-0a4c6f1b2e3d" },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("unauthorized");
  });

  it("answers a password change whose account is deleted after the check with 401, not a wrong password", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const member = await signUp("ada@example.com");
    around("after", PASSWORD_CHECK, async () => {
      await app.appContext.db.delete(users).where(eq(users.id, member.id));
    });
    const answer = await request(app, "POST", "/api/v1/account/password", {
      token: member.token,
      body: { currentPassword: PASSWORD, newPassword: "a brand new secret" },
    });
    expect(answer.status).toBe(401);
  });

  it("answers a password change for an account deleted meanwhile with 401, not a wrong password", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const member = await signUp("ada@example.com");
    around("before", PASSWORD_CHECK, async () => {
      await app.appContext.db.delete(users).where(eq(users.id, member.id));
    });
    const answer = await request(app, "POST", "/api/v1/account/password", {
      token: member.token,
      body: { currentPassword: PASSWORD, newPassword: "a brand new secret" },
    });
    expect(answer.status).toBe(401);
  });
});
