// A password that changes while another request still relies on the old one: a log-in whose check
// passed just before a change or reset must not end with a session, and two changes made with the
// same current password must not both succeed (docs/reliability.md, "Attacks and their answers").
import { afterEach, describe, expect, it } from "vitest";
import { aroundNextStatement } from "~/tests/helpers/statement-hook";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

let app: TestApp;
let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  restore = undefined;
  await app?.close();
});

/**
 * Runs `meanwhile` once, just before the next statement that writes a session reaches the database:
 * a log-in's password has been checked by then, and its session is not written yet.
 */
function beforeNextSession(meanwhile: () => Promise<void>): void {
  restore = aroundNextStatement(app.appContext, "before", /insert into "sessions"/i, meanwhile);
}

const EMAIL = "ada@example.com";
const PASSWORD = "correct horse battery";

async function signUp() {
  const res = await request(app, "POST", "/api/v1/user/register", { body: { email: EMAIL, password: PASSWORD, name: "Ada" } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

describe("password races", { timeout: 60_000 }, () => {
  it("gives no session to a log-in whose old password was changed between its check and its session", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const token = await signUp();
    beforeNextSession(async () => {
      const change = await request(app, "POST", "/api/v1/account/password", { token, body: { currentPassword: PASSWORD, newPassword: "a brand new secret" } });
      expect(change.status).toBe(200);
    });
    const answer = await request(app, "POST", "/api/v1/user/login", { body: { email: EMAIL, password: PASSWORD } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("invalid_credentials");
    expect(answer.body.token).toBeUndefined();
    // The member who changed it stays signed in, and the new password works.
    expect((await request(app, "GET", "/api/v1/user/me", { token })).status).toBe(200);
    expect((await request(app, "POST", "/api/v1/user/login", { body: { email: EMAIL, password: "a brand new secret" } })).status).toBe(200);
  });

  it("gives no session to a log-in whose old password was reset between its check and its session", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    await signUp();
    expect((await request(app, "POST", "/api/v1/user/password/forgot", { body: { email: EMAIL } })).status).toBe(202);
    const resetToken = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(app.mails.at(-1)!.text)![1]!);
    beforeNextSession(async () => {
      const reset = await request(app, "POST", "/api/v1/user/password/reset", { body: { token: resetToken, password: "the owner's new one" } });
      expect(reset.status).toBe(200);
    });
    const answer = await request(app, "POST", "/api/v1/user/login", { body: { email: EMAIL, password: PASSWORD } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("invalid_credentials");
  });

  it("lets one of two changes made at once with the same current password succeed, and refuses the other", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const first = await signUp();
    const second = (await request(app, "POST", "/api/v1/user/login", { body: { email: EMAIL, password: PASSWORD } })).body.token as string;
    const [a, b] = await Promise.all([
      request(app, "POST", "/api/v1/account/password", { token: first, body: { currentPassword: PASSWORD, newPassword: "first new secret" } }),
      request(app, "POST", "/api/v1/account/password", { token: second, body: { currentPassword: PASSWORD, newPassword: "second new secret" } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const [winner, loser] = a.status === 200 ? [first, second] : [second, first];
    const refused = a.status === 200 ? b : a;
    expect(refused.body.error).toMatchObject({ code: "wrong_password", codes: { currentPassword: "wrong_password" } });
    // The winner's session stays; the other was signed out by the change; the winner's password is the one set.
    expect((await request(app, "GET", "/api/v1/user/me", { token: winner })).status).toBe(200);
    expect((await request(app, "GET", "/api/v1/user/me", { token: loser })).status).toBe(401);
    const chosen = winner === first ? "first new secret" : "second new secret";
    expect((await request(app, "POST", "/api/v1/user/login", { body: { email: EMAIL, password: chosen } })).status).toBe(200);
  });
});
