// One schema for PGlite (embedded) and PostgreSQL (production); migrations in db/migrations.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    // 64-bit so no grant overflows the column; the application caps balances at MAX_CREDIT_BALANCE
    // (lib/credits.server.ts) so they stay exact as JavaScript numbers.
    credits: bigint("credits", { mode: "number" }).notNull().default(0),
    package: text("package").notNull().default(""),
    paymentDone: boolean("payment_done").notNull().default(false),
    // The interface language the member last used (receipts and account e-mails are sent in it).
    lang: text("lang").notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
    // The members' sign-ups (administrators are not counted): the dashboard's totals and twelve month
    // counts stay index-only scans (lib/stats.server.ts).
    index("users_member_created_at_idx").on(t.createdAt).where(sql`${t.role} = 'user'`),
    index("users_credits_idx").on(t.credits),
    index("users_name_lower_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    index("users_email_lower_pattern_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    check("users_credits_non_negative", sql`${t.credits} >= 0`),
    check("users_role_valid", sql`${t.role} in ('user', 'admin')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the bearer token, hex. The token itself is never stored.
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);

/** A requested change of e-mail address: confirmed by a single-use link sent to the new address. */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_changes_token_hash_key").on(t.tokenHash), index("email_changes_user_idx").on(t.userId)],
);

export const aiQuestions = pgTable(
  "ai_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    lang: text("lang").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull().default(""),
    // 'model' for the configured provider, 'knowledge_base' for the built-in answers.
    source: text("source").notNull().default("model"),
    model: text("model"),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    // 'stopped': the member (Stop button, closed page) ended it before the provider finished; no credit.
    status: text("status", { enum: ["pending", "answered", "failed", "stopped"] })
      .notNull()
      .default("pending"),
    errorCode: text("error_code"),
    creditsSpent: integer("credits_spent").notNull().default(0),
    firstTokenMs: integer("first_token_ms"),
    durationMs: integer("duration_ms"),
    // The pages the answer cites, most relevant first ([] for answers stored before citations).
    citations: jsonb("citations").$type<{ title: string; url: string }[]>().notNull().default([]),
    // A follow-up names the answer it follows (parent) and the first question of its thread
    // (thread); both null for the first question, whose thread id is its own id.
    parentId: uuid("parent_id").references((): AnyPgColumn => aiQuestions.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id").references((): AnyPgColumn => aiQuestions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    // When the member returned the answer's credit because it missed the question (lib/ai/credit-return.server.ts).
    creditReturnedAt: timestamp("credit_returned_at", { withTimezone: true }),
  },
  (t) => [
    index("ai_questions_user_created_idx").on(t.userId, t.createdAt),
    index("ai_questions_thread_idx").on(t.threadId),
    // The pending questions of a member: every slot counts them (take_ai_question_slot, migration
    // 0006), and a member's answered ones must not be read for it (docs/performance.md, "AI assistant").
    index("ai_questions_user_pending_idx").on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Receipt numbers: taken when a payment is granted, so receipts are numbered 1, 2, 3… in order. */
export const receiptNumbers = pgSequence("receipt_number_seq", { startWith: 1 });

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Kept for the books when the account is deleted: the row loses its owner, nothing personal stays.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    package: text("package").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    credits: bigint("credits", { mode: "number" }).notNull(),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    providerRef: text("provider_ref"),
    status: text("status", { enum: ["pending", "requires_action", "succeeded", "failed", "refunded"] })
      .notNull()
      .default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    country: text("country").notNull(),
    error: text("error"),
    // Set in the transaction that grants the credits; a non-null value means "granted, never again".
    grantedAt: timestamp("granted_at", { withTimezone: true }),
    /** Sequential, set when granted (receipt_number_seq). */
    receiptNumber: bigint("receipt_number", { mode: "number" }),
    /** The last four digits of the card, when the provider tells them. */
    cardLast4: text("card_last4"),
    /**
     * Who the receipt is made out to, as the account read when the credits were granted: a receipt
     * keeps the name and address it was issued to (found by a stranger: a later change rewrote it).
     * Null on payments granted before these were kept (the account's current ones are shown), and
     * cleared with the account, as everything personal is.
     */
    billedName: text("billed_name"),
    billedEmail: text("billed_email"),
    /**
     * Who issued the receipt, as the settings said when the credits were granted (COMPANY_LEGAL_NAME,
     * CONTACT_ADDRESS, COMPANY_TAX_ID): a receipt keeps them when the firm's details change (found by
     * an attacker: a restart with other values rewrote every receipt). The legal name is null on
     * payments granted before these were kept (the current settings are shown).
     */
    sellerLegalName: text("seller_legal_name"),
    sellerAddress: text("seller_address"),
    sellerTaxId: text("seller_tax_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundRef: text("refund_ref"),
    refundedBy: uuid("refunded_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * When the card's bank returned the refund after it had succeeded (Stripe's `refund.failed`), and
     * its reason (Stripe's failure_reason): the money is back with the firm and still owed to the member.
     */
    refundFailedAt: timestamp("refund_failed_at", { withTimezone: true }),
    refundFailure: text("refund_failure"),
    /** When an administrator recorded that a returned refund was repaid another way (a bank transfer), and who. */
    refundRepaidAt: timestamp("refund_repaid_at", { withTimezone: true }),
    refundRepaidBy: uuid("refund_repaid_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set while an administrator's refund waits for the provider (refunds.server.ts): the member's
     * other refunds count its credits as taken, so two at once cannot both pass the balance check.
     */
    refundClaimedAt: timestamp("refund_claimed_at", { withTimezone: true }),
    /** Refunds the provider refused for this payment: each new attempt asks with its own idempotency key. */
    refundAttempts: integer("refund_attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_user_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("payments_provider_ref_key").on(t.provider, t.providerRef),
    index("payments_user_created_idx").on(t.userId, t.createdAt),
    index("payments_status_created_idx").on(t.status, t.createdAt),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("payments_receipt_number_key").on(t.receiptNumber),
    // The refunds the card's bank returned that are still owed: the dashboard counts them (lib/stats.server.ts).
    index("payments_refund_owed_idx").on(t.refundFailedAt).where(sql`${t.refundFailedAt} is not null and ${t.refundRepaidAt} is null`),
  ],
);

export const processedEvents = pgTable("processed_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Kept (without an owner) when the account is deleted, like its payments.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    delta: bigint("delta", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    kind: text("kind", { enum: ["signup_grant", "purchase", "ai_spend", "ai_return", "admin_adjustment", "refund"] }).notNull(),
    reason: text("reason"),
    aiQuestionId: uuid("ai_question_id").references(() => aiQuestions.id, { onDelete: "set null" }),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    /** An admin adjustment's idempotency key (lib/contracts/idempotency-key.ts): a repeat is not applied again. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_ledger_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("credit_ledger_adjustment_key").on(t.userId, t.idempotencyKey).where(sql`${t.kind} = 'admin_adjustment'`),
    // At most one grant per payment: the database itself refuses a second.
    uniqueIndex("credit_ledger_payment_key").on(t.paymentId).where(sql`${t.kind} = 'purchase'`),
    // One charge per answer, and at most one return of it (the member's, lib/ai/credit-return.server.ts).
    uniqueIndex("credit_ledger_ai_question_key").on(t.aiQuestionId).where(sql`${t.kind} = 'ai_spend'`),
    uniqueIndex("credit_ledger_ai_return_key").on(t.aiQuestionId).where(sql`${t.kind} = 'ai_return'`),
    // At most one refund per payment.
    uniqueIndex("credit_ledger_refund_key").on(t.paymentId).where(sql`${t.kind} = 'refund'`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    service: text("service").notNull().default("general"),
    lang: text("lang").notNull().default("en"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

// Fixed-window counters shared by every instance on the same database.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
