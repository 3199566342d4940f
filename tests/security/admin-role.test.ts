// The administrator role cannot be emptied: ids are compared as UUIDs (any letter case), an admin
// cannot demote themselves, and the last administrator cannot be demoted even by two admins
// demoting each other at the same moment (checked in the demoting transaction).
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { signUpAdmin, type TestSession } from "./session-helpers";

describe("the admin role", () => {
  let app: TestApp;
  let admin: TestSession;
  beforeEach(async () => {
    await app?.close();
    app = await createTestApp({ RATE_LIMITS: "false" });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app?.close());

  const roleOf = async (id: string) => (await app.appContext.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it("an admin cannot demote themselves by writing their id in upper case (or any case)", async () => {
    for (const id of [admin.userId.toUpperCase(), admin.userId, admin.userId.replace(/[a-f]/, (c) => c.toUpperCase())]) {
      const res = await request(app, "POST", `/api/v1/admin/users/${id}/role`, { token: admin.token, body: { role: "user" }, headers: { "Accept-Language": "ja" } });
      expect(res.status, id).toBe(409);
      expect(res.body.error.code).toBe("cannot_demote_self");
      expect(res.body.error.message).toMatch(/管理者/);
    }
    expect(await roleOf(admin.userId)).toBe("admin");
  });

  it("two admins demoting each other at once leave one administrator", async () => {
    const other = await signUpAdmin(app);
    const [a, b] = await Promise.all([
      request(app, "POST", `/api/v1/admin/users/${other.userId.toUpperCase()}/role`, { token: admin.token, body: { role: "user" } }),
      request(app, "POST", `/api/v1/admin/users/${admin.userId.toUpperCase()}/role`, { token: other.token, body: { role: "user" } }),
    ]);
    const statuses = [a.status, b.status].sort();
    const roles = [await roleOf(admin.userId), await roleOf(other.userId)];
    expect(roles.filter((r) => r === "admin")).toHaveLength(1);
    // One demotion went through; the other was refused as the last admin, or by the guard once its caller was no longer an admin.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
  });
});
