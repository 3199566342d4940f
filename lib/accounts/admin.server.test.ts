import { eq } from "drizzle-orm";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "~/db/schema";
import { requireAdmin } from "~/server/http";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { bootstrapAdmin, defaultAdminEmail, ensureAdmin } from "./admin.server";
import { createSession } from "./sessions.server";
import { checkCredentials, registerUser } from "./users.server";

describe("administrators", () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
  });
  afterEach(() => app.close());

  const roleOf = async (email: string) =>
    (await app.appContext.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

  it("ensureAdmin creates an admin, and the CLI mode resets an admin's password", async () => {
    const { db } = app.appContext;
    const created = await ensureAdmin(db, { email: "root@example.com", password: "first password", mode: "cli", startingCredits: 3 });
    expect(created.action).toBe("created");
    expect(created.user).toMatchObject({ role: "admin", name: "root", credits: 3 });
    const session = await createSession(db, created.user.id);
    const updated = await ensureAdmin(db, { email: "ROOT@example.com", password: "second password", mode: "cli", startingCredits: 3 });
    expect(updated.action).toBe("updated");
    expect(await checkCredentials(db, "root@example.com", "second password")).not.toBeNull();
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(row!.revokedAt).not.toBeNull();
  });

  it("start-up mode leaves an existing admin's password alone", async () => {
    const { db } = app.appContext;
    await ensureAdmin(db, { email: "root@example.com", password: "changed since", mode: "cli", startingCredits: 0 });
    const again = await ensureAdmin(db, { email: "root@example.com", password: "env password", mode: "startup", startingCredits: 0 });
    expect(again.action).toBe("unchanged");
    expect(await checkCredentials(db, "root@example.com", "changed since")).not.toBeNull();
  });

  it("promoting an existing member sets the operator's password and signs the member out", async () => {
    const { db } = app.appContext;
    const member = await registerUser(db, { email: "squatter@example.com", password: "squatter password" }, 3);
    const session = await createSession(db, member.id);
    const result = await ensureAdmin(db, { email: "squatter@example.com", password: "operator password", mode: "startup", startingCredits: 3 });
    expect(result.action).toBe("promoted");
    expect(await roleOf("squatter@example.com")).toBe("admin");
    expect(await checkCredentials(db, "squatter@example.com", "squatter password")).toBeNull();
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(row!.revokedAt).not.toBeNull();
  });

  it("bootstrap uses ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    const printed: string[] = [];
    const env = { ...app.appContext.env, ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "ops password 1" };
    const result = await bootstrapAdmin({ ...app.appContext, env }, (t) => printed.push(t));
    expect(result?.action).toBe("created");
    expect(printed).toEqual([]);
    expect(await roleOf("ops@example.com")).toBe("admin");
    const login = await request(app, "POST", "/api/v1/user/login", { body: { email: "ops@example.com", password: "ops password 1" } });
    expect(login.body.user.role).toBe("admin");
  });

  it("bootstrap on the embedded database without any admin creates one and prints its password once", async () => {
    const printed: string[] = [];
    const appContext = { ...app.appContext, database: { ...app.appContext.database, kind: "pglite" as const } };
    const env = { ...appContext.env, SITE_URL: "https://www.taxatlas.example" };
    const result = await bootstrapAdmin({ ...appContext, env }, (t) => printed.push(t));
    expect(result?.user.email).toBe("admin@taxatlas.example");
    const password = /password: (\S+)/.exec(printed.join(""))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const login = await request(app, "POST", "/api/v1/user/login", {
      body: { email: "admin@taxatlas.example", password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe("admin");
    // Second start: an admin exists, nothing is created or printed.
    expect(await bootstrapAdmin({ ...appContext, env }, (t) => printed.push(t))).toBeNull();
    expect(printed).toHaveLength(1);
  });

  it("bootstrap on PostgreSQL without an admin only warns", async () => {
    const printed: string[] = [];
    const appContext = { ...app.appContext, database: { ...app.appContext.database, kind: "postgres" as const } };
    expect(await bootstrapAdmin(appContext, (t) => printed.push(t))).toBeNull();
    expect(printed).toEqual([]);
    expect(await app.appContext.db.select().from(users)).toHaveLength(0);
  });

  it("the default admin address follows SITE_URL; admin@localhost can log in", async () => {
    expect(defaultAdminEmail(undefined)).toBe("admin@localhost");
    expect(defaultAdminEmail("http://127.0.0.1:3000")).toBe("admin@127.0.0.1");
    expect(defaultAdminEmail("https://taxatlas.example/")).toBe("admin@taxatlas.example");
    await ensureAdmin(app.appContext.db, { email: "admin@localhost", password: "local password", mode: "cli", startingCredits: 0 });
    const login = await request(app, "POST", "/api/v1/user/login", { body: { email: "admin@localhost", password: "local password" } });
    expect(login.status).toBe(200);
  });

  it("requireAdmin: 401 without a token, 403 for a member, the user for an admin", async () => {
    const probe = express();
    probe.locals.appContext = app.appContext;
    probe.get("/probe", async (req, res) => {
      try {
        const user = await requireAdmin(req);
        res.json({ email: user.email });
      } catch (error) {
        res.status((error as { status: number }).status).json({ code: (error as { code: string }).code });
      }
    });
    const http = await import("node:http");
    const server = http.createServer(probe);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/probe`;
    try {
      const { db } = app.appContext;
      const member = await createSession(db, (await registerUser(db, { email: "m@example.com", password: "member password" }, 0)).id);
      const admin = await ensureAdmin(db, { email: "a@example.com", password: "admin password", mode: "cli", startingCredits: 0 });
      const adminSession = await createSession(db, admin.user.id);
      expect((await fetch(url)).status).toBe(401);
      const forbidden = await fetch(url, { headers: { Authorization: `Bearer ${member.token}` } });
      expect(forbidden.status).toBe(403);
      const ok = await fetch(url, { headers: { Authorization: `Bearer ${adminSession.token}` } });
      expect(await ok.json()).toEqual({ email: "a@example.com" });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
