// The operator's tools: the setup checklist (names what is unset, never a value) and the CSV exports.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { payments, users } from "~/db/schema";
import { hashPassword } from "~/lib/accounts/passwords.server";
import { insertAdmin, insertPayment, insertUser } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { testDatabase } from "~/tests/helpers/test-db";

// The worker's database takes seconds to start on a busy machine: not part of any one test's time.
beforeAll(() => testDatabase(), 120_000);

const ENDPOINTS = ["/api/v1/admin/setup", "/api/v1/admin/export/users.csv", "/api/v1/admin/export/payments.csv"];

describe("admin setup checklist and exports: authorization", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("answers 401 without a token and 403 for a member", async () => {
    app = await createTestApp();
    const member = await insertUser(app.appContext.db);
    for (const path of ENDPOINTS) {
      const anonymous = await request(app, "GET", path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.error.code).toBe("unauthorized");
      const forbidden = await request(app, "GET", path, { token: member.token });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.error.code).toBe("forbidden");
      expect(JSON.stringify(forbidden.body)).not.toContain(member.email);
    }
  });

  it("answers a translated 404 for an unknown export", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const res = await request(app, "GET", "/api/v1/admin/export/passwords.csv", { token: admin.token, headers: { "Accept-Language": "ja" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("export_not_found");
    expect(res.body.error.message).toContain("エクスポート");
  });
});

describe("GET /api/v1/admin/setup", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("lists every embedded default still in use on a bare configuration", async () => {
    app = await createTestApp();
    const admin = await insertAdmin(app.appContext.db);
    const res = await request(app, "GET", "/api/v1/admin/setup", { token: admin.token });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((i: { id: string }) => [i.id, i]));
    for (const id of ["site_url", "payments", "ai", "email", "mail_from", "contact", "legal_name"]) {
      expect(byId[id]?.status, id).toBe("todo");
    }
    expect(byId.payments.missing).toEqual(["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"]);
    expect(byId.contact.missing).toEqual(["CONTACT_EMAIL", "CONTACT_PHONE", "CONTACT_ADDRESS"]);
    expect(byId.stripe_webhook).toBeUndefined(); // only asked for once Stripe is on
    expect(byId.database.status).toBe("info");
    // Not every firm has a tax registration number: shown as a note, not counted as missing.
    expect(byId.tax_id).toMatchObject({ status: "info", variables: ["COMPANY_TAX_ID"], missing: ["COMPANY_TAX_ID"] });
    expect(byId.admin_password.status).toBe("done");
    expect(byId.site_url.docs).toBe("docs/deployment.md#2-configuration");
  });

  it("marks configured items done and never answers a configured value", async () => {
    const secrets = {
      SITE_URL: "https://tax.example.com",
      STRIPE_SECRET_KEY: "sk_test_secret_value_123",
      STRIPE_PUBLISHABLE_KEY: "pk_test_public_value_456",
      AI_API_KEY: "gsk_secret_ai_key_789",
      SMTP_URL: "smtp://mailer:smtp-password-000@mail.example.com:587",
      MAIL_FROM: "Example Tax <hello@example.com>",
      CONTACT_EMAIL: "hello@example.com",
      CONTACT_PHONE: "+81 3 0000 0000",
      COMPANY_LEGAL_NAME: "Example Tax K.K.",
      COMPANY_TAX_ID: "T9876543210987",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "bootstrap-password-1",
    };
    app = await createTestApp(secrets);
    const db = app.appContext.db;
    const admin = await insertAdmin(db, { email: "owner@example.com" });
    await db.update(users).set({ passwordHash: await hashPassword(secrets.ADMIN_PASSWORD) }).where(eq(users.id, admin.id));

    const res = await request(app, "GET", "/api/v1/admin/setup", { token: admin.token });
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    const byId = Object.fromEntries(res.body.items.map((i: { id: string }) => [i.id, i]));
    for (const id of ["site_url", "payments", "ai", "email", "mail_from", "legal_name", "tax_id"]) expect(byId[id].status, id).toBe("done");
    expect(byId.stripe_webhook).toMatchObject({ status: "todo", missing: ["STRIPE_WEBHOOK_SECRET"] });
    expect(byId.contact).toMatchObject({ status: "todo", missing: ["CONTACT_ADDRESS"] });
    // The account still signs in with the password kept in the environment.
    expect(byId.admin_password.status).toBe("todo");

    await db.update(users).set({ passwordHash: await hashPassword("changed-since-1") }).where(eq(users.id, admin.id));
    const after = await request(app, "GET", "/api/v1/admin/setup", { token: admin.token });
    expect(after.body.items.find((i: { id: string }) => i.id === "admin_password").status).toBe("done");
  });
});

describe("GET /api/v1/admin/export/*.csv", () => {
  let app: TestApp;
  afterEach(() => app?.close());

  it("exports users as Excel-ready CSV: BOM, CRLF, quoting, formula cells neutralised, dated file name", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db, { email: "boss@example.com", name: "Boss" });
    await insertUser(db, { email: "evil@example.com", name: '=HYPERLINK("http://x","click")', credits: 7 });
    await insertUser(db, { email: "hanako@example.com", name: "山田, 花子\n(経理)" });
    await insertUser(db, { email: "plus@example.com", name: "+1 sales" });
    const vip = await insertUser(db, { email: "vip@example.com" });
    await db.update(users).set({ paymentDone: true, package: "enterprise" }).where(eq(users.id, vip.id));

    const res = await fetch(`${await app.url()}/api/v1/admin/export/users.csv`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="taxatlas-users-${today}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("id,name,email,role,credits,purchased,package,created_at,package_name,payment_status,last_package,last_package_name");
    expect(text).toContain(`,"'=HYPERLINK(""http://x"",""click"")",evil@example.com,user,7,false,,`);
    expect(text).toContain(`,"山田, 花子\n(経理)",hanako@example.com,`);
    expect(text).toContain(`,'+1 sales,plus@example.com,`);
    expect(text).toContain(",Boss,boss@example.com,admin,");
    // The package's id stays in its column; the name the screens show follows at the end (VIP, not enterprise).
    expect(lines.find((l) => l.includes("vip@example.com"))).toMatch(/,vip@example\.com,user,\d+,true,enterprise,[^,]+,VIP,paid,enterprise,VIP$/);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("exports payments with the buyer, amount in dollars and status", async () => {
    app = await createTestApp();
    const db = app.appContext.db;
    const admin = await insertAdmin(db);
    const buyer = await insertUser(db, { email: "buyer@example.com" });
    const paid = await insertPayment(db, buyer.id, { package: "pro", status: "succeeded" });
    await db.update(payments).set({ receiptNumber: 7 }).where(eq(payments.id, paid));
    const failed = await insertPayment(db, buyer.id, { package: "basic", status: "failed" });
    // A deleted account's payment stays in the accounting records (its buyer's e-mail is gone).
    const leaver = await insertUser(db, { email: "leaver@example.com" });
    const kept = await insertPayment(db, leaver.id, { package: "enterprise", status: "succeeded" });
    // Refunded, then returned by the card's bank: the firm still owes it, and the account is gone.
    // Found by an attack: such a refund showed nowhere in the admin area, the export included.
    const returned = new Date("2026-11-20T10:00:00Z");
    await db
      .update(payments)
      .set({ status: "refunded", refundedAt: new Date("2026-11-18T09:00:00Z"), refundFailedAt: returned, refundFailure: "lost_or_stolen_card" })
      .where(eq(payments.id, kept));
    await db.delete(users).where(eq(users.id, leaver.id));
    const res = await request(app, "GET", "/api/v1/admin/export/payments.csv", { token: admin.token });
    expect(res.status).toBe(200);
    const lines = (res.body as string).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,email,package,credits,amount,currency,status,provider,provider_ref,country,credits_granted_at,receipt,refunded_at,refund_returned_at,refund_returned_reason,refund_repaid_at,package_name",
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(paid))).toMatch(/,buyer@example\.com,pro,100,50\.00,USD,succeeded,test,test_\d+,JP,\d{4}-[^,]+,R-000007,,,,,Pro$/);
    expect(lines.find((l) => l.startsWith(failed))).toMatch(/,buyer@example\.com,basic,50,25\.00,USD,failed,test,test_\d+,JP,,,,,,,Basic$/);
    expect(lines.find((l) => l.startsWith(kept))).toMatch(
      /^[^,]+,[^,]+,,enterprise,250,100\.00,USD,refunded,.*,2026-11-18T09:00:00\.000Z,2026-11-20T10:00:00\.000Z,lost_or_stolen_card,,VIP$/,
    );
  });
});
