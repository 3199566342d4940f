// Accounts for the security tests: a member and an admin with live tokens, plus ways to make a
// token expired or revoked directly in the database (as time or a log-out elsewhere would).
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "~/db/schema";
import { request, type TestApp } from "~/tests/helpers/test-app";

export interface TestSession {
  token: string;
  userId: string;
  email: string;
  password: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

let counter = 0;

export async function signUp(app: TestApp, options: { name?: string; email?: string } = {}): Promise<TestSession> {
  const email = options.email ?? `member-${Date.now().toString(36)}-${++counter}@example.test`;
  const password = "correct horse battery";
  const body: Record<string, string> = { email, password };
  if (options.name !== undefined) body.name = options.name;
  const res = await request(app, "POST", "/api/v1/user/register", { body });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, userId: res.body.user.id, email, password };
}

/** A new account promoted to admin in the database, with a fresh session. */
export async function signUpAdmin(app: TestApp): Promise<TestSession> {
  const session = await signUp(app, { name: "Security Admin" });
  await app.appContext.db.update(users).set({ role: "admin" }).where(eq(users.id, session.userId));
  return session;
}

/** Logs in again, giving a second independent session of the same account. */
export async function logIn(app: TestApp, session: TestSession): Promise<string> {
  const res = await request(app, "POST", "/api/v1/user/login", { body: { email: session.email, password: session.password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export async function expireToken(app: TestApp, token: string): Promise<void> {
  await app.appContext.db
    .update(sessions)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeToken(app: TestApp, token: string): Promise<void> {
  await app.appContext.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.tokenHash, sha256(token)));
}
