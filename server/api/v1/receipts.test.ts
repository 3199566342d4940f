// Receipts: the confirmation of a purchase, the receipt API (owner and administrators only) and the receipt e-mail.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { payments, users } from "~/db/schema";
import { insertAdmin } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

let app: TestApp;
afterEach(async () => app?.close());

async function signUp(email: string, lang = "en") {
  const res = await request(app, "POST", "/api/v1/user/register", {
    body: { email, password: "correct horse battery", name: "Ada Lovelace" },
    headers: { "Accept-Language": lang },
  });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

const buy = (token: string, paymentMethodId = "pm_card_visa", lang = "en") =>
  request(app, "POST", "/api/v1/payment/create", {
    token,
    body: { package: "basic", paymentMethodId, country: "JP" },
    headers: { "Accept-Language": lang },
  });

describe("receipts", { timeout: 120_000 }, () => {
  it("numbers granted purchases in order, shows them to their owner only and mails them in the member's language", async () => {
    app = await createTestApp({
      RATE_LIMITS: "false",
      COMPANY_LEGAL_NAME: "TaxAtlas K.K.",
      CONTACT_ADDRESS: "1-1 Marunouchi, Tokyo",
      COMPANY_TAX_ID: " T1234567890123 ",
    });
    const ada = await signUp("ada@example.com");
    const yuki = await signUp("yuki@example.jp", "ja");

    const first = await buy(ada);
    expect(first.body).toMatchObject({ success: true, status: "succeeded", creditsAdded: 50, credits: 53, receiptNumber: 1 });
    const declined = await buy(yuki, "pm_card_visa_chargeDeclined", "ja");
    expect(declined.body.status).toBe("failed");
    const second = await buy(yuki, "pm_card_mastercard", "ja");
    expect(second.body.receiptNumber).toBe(2);

    const receipt = await request(app, "GET", `/api/v1/payment/receipts/${first.body.transactionId}`, { token: ada });
    expect(receipt.status).toBe(200);
    expect(receipt.body.receipt).toMatchObject({
      id: first.body.transactionId,
      number: 1,
      package: "basic",
      credits: 50,
      amountCents: 2500,
      currency: "usd",
      cardLast4: "4242",
      testMode: true,
      refundedAt: null,
      seller: { legalName: "TaxAtlas K.K.", address: "1-1 Marunouchi, Tokyo", taxId: "T1234567890123" },
      customer: { name: "Ada Lovelace", email: "ada@example.com" },
    });

    // Somebody else's receipt, a failed attempt and nonsense ids answer the same 404.
    for (const [token, id] of [
      [yuki, first.body.transactionId],
      [yuki, declined.body.transactionId],
      [ada, "not-a-uuid"],
      [ada, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await request(app, "GET", `/api/v1/payment/receipts/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("receipt_not_found");
    }
    expect((await request(app, "GET", `/api/v1/payment/receipts/${first.body.transactionId}`)).status).toBe(401);

    // The receipts are mailed after the answer: waited for, not given a fixed time a busy machine can outrun.
    await vi.waitFor(() => expect(app.mails.filter((m) => /receipt|領収書/.test(m.subject))).toHaveLength(2), { timeout: 10_000 });
    const adaMail = app.mails.find((m) => m.to === "ada@example.com");
    expect(adaMail?.subject).toBe("Your TaxAtlas receipt R-000001");
    expect(adaMail?.text).toContain("$25 USD (tax included)");
    expect(adaMail?.text).toContain("ending in 4242");
    expect(adaMail?.text).toContain("Test mode");
    expect(adaMail?.text).toContain(`/account/receipts/${first.body.transactionId}`);
    expect(adaMail?.text).toContain("1-1 Marunouchi, Tokyo\nTax registration number: T1234567890123\n");
    const yukiMail = app.mails.find((m) => m.to === "yuki@example.jp");
    expect(yukiMail?.subject).toBe("TaxAtlas 領収書 R-000002");
    // Japanese and Chinese punctuation in a Japanese mail: "領収書番号：R-000002", "$25 USD（税込）"
    // (found by a stranger's review: half-width colons and brackets).
    expect(yukiMail?.text).toContain("$25 USD（税込）");
    expect(yukiMail?.text).toContain("\n登録番号：T1234567890123\n");
    expect(yukiMail?.text).toMatch(/：R-000002/);
    expect(yukiMail?.text).not.toMatch(/[^\s]: /);
    expect(yukiMail?.text).toContain(`/ja/account/receipts/${second.body.transactionId}`);
    // One mail per purchase, none for the declined attempt.
    expect(app.mails.filter((m) => /receipt|領収書/.test(m.subject))).toHaveLength(2);
  });

  it("an administrator opens any member's receipt (to answer a member about it); other members still cannot", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const admin = await insertAdmin(app.appContext.db);
    const ada = await signUp("ada@example.com");
    const yuki = await signUp("yuki@example.jp", "ja");
    const bought = await buy(ada);
    const path = `/api/v1/payment/receipts/${bought.body.transactionId}`;
    const seen = await request(app, "GET", path, { token: admin.token });
    expect(seen.status).toBe(200);
    expect(seen.body.receipt).toMatchObject({ id: bought.body.transactionId, number: 1, customer: { email: "ada@example.com" } });
    expect((await request(app, "GET", path, { token: yuki })).status).toBe(404);
    const declined = await buy(yuki, "pm_card_visa_chargeDeclined");
    expect((await request(app, "GET", `/api/v1/payment/receipts/${declined.body.transactionId}`, { token: admin.token })).status).toBe(404);
  });

  it("keeps the name and address it was issued to when the member changes them later (found by a stranger)", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const ada = await signUp("ada@example.com");
    const first = await buy(ada);
    expect((await request(app, "POST", "/api/v1/account/name", { token: ada, body: { name: "Ada King" } })).status).toBe(200);
    // The address as a confirmed change leaves it (lib/accounts/settings.server.ts, confirmEmailChange).
    await app.appContext.db.update(users).set({ email: "ada.king@example.com" }).where(eq(users.email, "ada@example.com"));
    const second = await buy(ada);
    const customerOf = async (id: string) => (await request(app, "GET", `/api/v1/payment/receipts/${id}`, { token: ada })).body.receipt.customer;
    expect(await customerOf(first.body.transactionId)).toEqual({ name: "Ada Lovelace", email: "ada@example.com" });
    expect(await customerOf(second.body.transactionId)).toEqual({ name: "Ada King", email: "ada.king@example.com" });
  });

  it("keeps the seller it was issued by when the firm's details change later (found by an attacker)", async () => {
    app = await createTestApp({
      RATE_LIMITS: "false",
      COMPANY_LEGAL_NAME: "TaxAtlas Holdings KK",
      CONTACT_ADDRESS: "1-2-3 Marunouchi, Tokyo",
      COMPANY_TAX_ID: "T1234567890123",
    });
    const token = await signUp("ada@example.com");
    const first = await buy(token);
    // The settings a restart with other values gives the server.
    Object.assign(app.appContext.env, { COMPANY_LEGAL_NAME: "NewCo Ltd", CONTACT_ADDRESS: "9 Elsewhere St, Osaka", COMPANY_TAX_ID: undefined });
    const second = await buy(token);
    const sellerOf = async (id: string) => (await request(app, "GET", `/api/v1/payment/receipts/${id}`, { token })).body.receipt.seller;
    expect(await sellerOf(first.body.transactionId)).toEqual({ legalName: "TaxAtlas Holdings KK", address: "1-2-3 Marunouchi, Tokyo", taxId: "T1234567890123" });
    expect(await sellerOf(second.body.transactionId)).toEqual({ legalName: "NewCo Ltd", address: "9 Elsewhere St, Osaka", taxId: null });
  });

  it("carries no tax registration number when none is configured: not in the API, not in the e-mail", async () => {
    app = await createTestApp({ RATE_LIMITS: "false", COMPANY_LEGAL_NAME: "TaxAtlas K.K." });
    const token = await signUp("hanako@example.jp", "ja");
    const bought = await buy(token, "pm_card_visa", "ja");
    const res = await request(app, "GET", `/api/v1/payment/receipts/${bought.body.transactionId}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.receipt.seller).toEqual({ legalName: "TaxAtlas K.K.", address: null, taxId: null });
    // Mailed after the answer: waited for, not given a fixed time.
    await vi.waitFor(() => expect(app.mails.some((m) => m.to === "hanako@example.jp")).toBe(true), { timeout: 10_000 });
    const mail = app.mails.find((m) => m.to === "hanako@example.jp");
    expect(mail?.text).toContain("領収書 — TaxAtlas K.K.\n");
    expect(mail?.text).not.toMatch(/登録番号|Tax registration/);
  });

  it("remembers the language of the member's last checkout", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const token = await signUp("lin@example.cn");
    await buy(token, "pm_card_visa", "zh");
    const [row] = await app.appContext.db.select({ lang: users.lang }).from(users).where(eq(users.email, "lin@example.cn"));
    expect(row!.lang).toBe("zh");
    const [payment] = await app.appContext.db.select().from(payments);
    expect(payment!.cardLast4).toBe("4242");
  });

  it("lists purchases with their status; a declined attempt has no receipt", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const token = await signUp("ada@example.com");
    await buy(token, "pm_card_visa_chargeDeclined");
    await buy(token);
    const history = await request(app, "GET", "/api/v1/payment/history", { token });
    expect(history.body.payments.map((p: { status: string; receiptNumber: number | null }) => [p.status, p.receiptNumber])).toEqual([
      ["succeeded", 1],
      ["failed", null],
    ]);
  });
});
