// Rows for the admin API tests, written straight into the test database (sign-up dates in the past,
// purchases as the checkout records them) so the figures under test are known exactly.
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiQuestions, payments, users } from "~/db/schema";
import { createSession } from "~/lib/accounts/sessions.server";
import { getPackage } from "~/lib/catalog";
import type { Role } from "~/lib/contracts/user";
import { changeCredits } from "~/lib/credits.server";

let serial = 0;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
}

export async function insertUser(
  db: Db,
  fields: { email?: string; name?: string; role?: Role; credits?: number; createdAt?: Date } = {},
): Promise<TestUser> {
  serial += 1;
  const email = fields.email ?? `member${serial}@example.com`;
  const name = fields.name ?? `Member ${serial}`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      name,
      passwordHash: "not-a-real-hash",
      role: fields.role ?? "user",
      credits: fields.credits ?? 0,
      ...(fields.createdAt ? { createdAt: fields.createdAt, updatedAt: fields.createdAt } : {}),
    })
    .returning({ id: users.id });
  const { token } = await createSession(db, row!.id);
  return { id: row!.id, email, name, token };
}

export const insertAdmin = (db: Db, fields: { email?: string; name?: string } = {}) =>
  insertUser(db, { ...fields, role: "admin" });

/** A payment as the checkout leaves it: a succeeded one also grants credits and marks the user paid. */
export async function insertPayment(
  db: Db,
  userId: string,
  fields: { package: "basic" | "pro" | "enterprise"; status: "succeeded" | "failed"; amountCents?: number; provider?: "test" | "stripe" },
): Promise<string> {
  serial += 1;
  const pkg = getPackage(fields.package)!;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        package: pkg.id,
        amountCents: fields.amountCents ?? pkg.priceCents,
        credits: pkg.credits,
        provider: fields.provider ?? "test",
        providerRef: `${fields.provider === "stripe" ? "pi" : "test"}_${serial}`,
        status: fields.status,
        idempotencyKey: `key-${serial}`,
        country: "JP",
        error: fields.status === "failed" ? "Your card was declined." : null,
        grantedAt: fields.status === "succeeded" ? new Date() : null,
      })
      .returning({ id: payments.id });
    if (fields.status === "succeeded") {
      await changeCredits(tx, { userId, delta: pkg.credits, kind: "purchase", paymentId: payment!.id });
      await tx
        .update(users)
        .set({ package: pkg.id, paymentDone: true })
        .where(eq(users.id, userId));
    }
    return payment!.id;
  });
}

/** An answered AI question that cost one credit. */
export async function insertAiSpend(db: Db, userId: string, question = "How is VAT charged on exports?"): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(aiQuestions)
      .values({
        userId,
        topic: "tax-consultation",
        lang: "en",
        question,
        answer: "Exports are usually zero-rated.",
        source: "knowledge_base",
        status: "answered",
        creditsSpent: 1,
        completedAt: new Date(),
      })
      .returning({ id: aiQuestions.id });
    const balance = await changeCredits(tx, { userId, delta: -1, kind: "ai_spend", aiQuestionId: row!.id });
    if (balance === null) throw new Error("test user has no credits to spend");
    return row!.id;
  });
}
