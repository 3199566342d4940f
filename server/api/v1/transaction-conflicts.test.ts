// A write that PostgreSQL aborts for meeting another one (a deadlock, 40P01, or a serialization
// failure, 40001) changed nothing: the member is told to send it again, in their language, not
// given a 500 (docs/reliability.md, "Attacks and their answers").
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { aroundNextStatement } from "~/tests/helpers/statement-hook";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

let app: TestApp;
let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await app?.close();
});

const PASSWORD = "correct horse battery";

/** An error as PostgreSQL's driver raises it when the server aborted the statement with `code`. */
const abortedWith = (code: string) => Object.assign(new Error(code === "40P01" ? "deadlock detected" : "could not serialize access"), { code });

describe("a write aborted by a concurrent one", { timeout: 60_000 }, () => {
  for (const [code, lang, expected] of [
    ["40P01", "en", /try again/i],
    ["40001", "ja", /もう一度/],
    ["40P01", "zh", /重新/],
  ] as const) {
    it(`answers ${code} with a 409 the member can act on (${lang}), and keeps the account`, async () => {
      app = await createTestApp({ RATE_LIMITS: "false" });
      const signup = await request(app, "POST", "/api/v1/user/register", { body: { email: "ada@example.com", password: PASSWORD, name: "Ada" } });
      expect(signup.status).toBe(201);
      restore = aroundNextStatement(app.appContext, "before", /from "users" where "users"."id" = /i, async () => {
        throw abortedWith(code);
      });
      const answer = await request(app, "POST", "/api/v1/account/delete", {
        token: signup.body.token,
        body: { currentPassword: PASSWORD },
        headers: { "Accept-Language": lang },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe("concurrent_change");
      expect(answer.body.error.message).toMatch(expected);
      expect(answer.headers.get("retry-after")).toBe("1");
      const kept = await app.appContext.db.select({ id: users.id }).from(users).where(eq(users.email, "ada@example.com"));
      expect(kept).toHaveLength(1);
    });
  }
});
