// Refunds: an administrator gives a purchase back in full. Allowed within REFUND_WINDOW_DAYS of the
// purchase while the member's balance still holds all of its credits (docs/architecture.md,
// "Refunds"). The provider is asked first, without a transaction held open; once it has accepted,
// one transaction marks the payment refunded, removes the credits with a `refund` ledger row and sets
// the member's payment status and package from the purchases that remain (syncPurchaseState). The
// provider call is idempotent per payment and only one transaction can mark a payment refunded, so
// a repeated or concurrent request refunds once. A refund made in the provider's dashboard arrives by
// webhook and is recorded the same way (recordRefund, from checkout.server.ts); when its notice never
// comes, an administrator's refund here records it (the provider answers with that refund).
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { creditLedger, payments, users } from "~/db/schema";
import { formatUsd } from "~/lib/catalog";
import { REFUND_WINDOW_DAYS, refundFailureReason, withinRefundWindow, type RefundCandidate } from "~/lib/contracts/refund";
import { answersInProgress } from "~/lib/ai/questions.server";
import { changeCredits, creditsHeldByRefunds, refundClaimHolds } from "~/lib/credits.server";
import { retryingConcurrentChange } from "~/lib/database-errors";
import { ApiError } from "~/lib/http/api-error";
import { format } from "~/lib/i18n/format";
import { LANGS, isLang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import type { Logger } from "~/lib/logger.server";
import { receiptLabel } from "~/lib/contracts/receipt";
import type { PaymentRow } from "./checkout.server";
import { ProviderUnavailableError, type PaymentProvider } from "./provider";
import { packageName } from "./receipt-format";
import { REFUND_ERRORS, REFUND_FAILED_MAIL, REFUND_FAILURE_TEXT, REFUND_MAIL, REFUND_REFUSALS } from "./receipt-messages";
import { receiptPath, type ReceiptDeps } from "./receipts.server";

export interface RefundDeps extends ReceiptDeps {
  provider: PaymentProvider;
  logger: Logger;
  /** Overrides the clock (tests). */
  now?: () => Date;
}

export interface RefundResult {
  payment: PaymentRow;
  /** The member's balance afterwards. */
  balance: number;
  /** The credits taken back: the purchase's, or what was left of them when the member spent some meanwhile. */
  creditsRemoved: number;
}

const each = (text: Record<string, string>, values: Record<string, string | number>) =>
  Object.fromEntries(LANGS.map((lang) => [lang, format(text[lang]!, values)])) as Record<(typeof LANGS)[number], string>;

/** Refunds a purchase in full, or throws an ApiError saying why not (nothing changed then). */
export async function refundPayment(deps: RefundDeps, paymentId: string, adminId: string): Promise<RefundResult> {
  const { db } = deps;
  const [found] = await db
    .select({ payment: payments, balance: users.credits })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!found) throw new ApiError(404, "payment_not_found", REFUND_ERRORS.notFound);
  const row = found.payment;
  if (row.refundedAt || row.status === "refunded") throw new ApiError(409, "already_refunded", REFUND_ERRORS.alreadyRefunded);
  if (row.status !== "succeeded" || !row.grantedAt || !row.providerRef || !row.userId || found.balance === null) {
    throw new ApiError(409, "not_refundable", REFUND_ERRORS.notRefundable);
  }
  // Only the provider that took the money can give it back: a Stripe purchase on a server running
  // without Stripe's keys was "refunded" in test mode, its credits removed and no money moved.
  if (row.provider !== deps.provider.name) {
    throw new ApiError(409, "not_refundable", row.provider === "stripe" ? REFUND_ERRORS.stripeNotConfigured : REFUND_ERRORS.testModePurchase);
  }
  const now = deps.now?.() ?? new Date();
  if (!withinRefundWindow(row.grantedAt, now)) {
    throw new ApiError(409, "refund_window_passed", each(REFUND_ERRORS.windowPassed, { days: REFUND_WINDOW_DAYS }));
  }
  let claimedAt: Date;
  try {
    claimedAt = await claimRefund(db, row);
  } catch (error) {
    // Refused for the member's balance, the money may be back already: a refund made in the
    // provider's dashboard whose notice never came. It is then recorded as the notice would record
    // it, removing what is left of the credits (found by a review: the member kept them).
    if (error instanceof ApiError && (error.code === "insufficient_credits" || error.code === "answer_in_progress")) {
      const made = await deps.provider.refundMade?.(row.providerRef, row.amountCents);
      if (made && made.status !== "failed") return recordAccepted(deps, row, made.refundRef, adminId);
    }
    throw error;
  }

  let outcome;
  try {
    outcome = await deps.provider.refund(row.providerRef, row.id, row.amountCents, row.refundAttempts);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      // The answer is lost, not the refund: the provider may have made it. The claim stays, so the
      // credits stay held until a request asks again with the same key after IN_FLIGHT_MS (the
      // provider then answers with the refund it made, or makes it) or the provider's notice records it.
      deps.logger.warn({ err: error, paymentId: row.id }, "payment provider unavailable for a refund; its outcome is unknown, the credits stay held");
      throw new ApiError(502, "payment_provider_unavailable", REFUND_ERRORS.providerUnavailable);
    }
    await releaseClaim(db, row.id, claimedAt);
    throw error;
  }
  if (outcome.status === "failed") {
    await releaseClaim(db, row.id, claimedAt, { refused: true });
    deps.logger.warn({ paymentId: row.id, reason: outcome.reason }, "refund refused by the provider");
    const why = Object.hasOwn(REFUND_REFUSALS, outcome.reason) ? REFUND_REFUSALS[outcome.reason]! : null;
    const message = why
      ? (Object.fromEntries(LANGS.map((lang) => [lang, format(REFUND_ERRORS.failedBecause[lang], { why: why[lang]! })])) as Record<(typeof LANGS)[number], string>)
      : each(REFUND_ERRORS.failed, { reason: outcome.reason });
    throw new ApiError(409, "refund_failed", message);
  }
  // "pending" (a card network that settles refunds later) is accepted: the provider has taken the refund.
  return recordAccepted(deps, row, outcome.refundRef, adminId);
}

/** Records a refund the provider has taken for an administrator, and tells the member once. */
async function recordAccepted(deps: RefundDeps, row: PaymentRow, refundRef: string, adminId: string): Promise<RefundResult> {
  // The provider has made the refund: a deadlock does not lose its record (the transaction records once).
  const result = await retryingConcurrentChange(() => recordedRefund(deps, row, refundRef, adminId));
  if (!result) throw new ApiError(409, "already_refunded", REFUND_ERRORS.alreadyRefunded);
  const { mailed, ...refunded } = result;
  if (!mailed) void sendRefundMail(deps, refunded);
  return refunded;
}

/** recordAccepted's transaction: the refund recorded, or taken over from the provider's notice that recorded it first. */
function recordedRefund(deps: RefundDeps, row: PaymentRow, refundRef: string, adminId: string) {
  return deps.db.transaction(async (tx) => {
    const recorded = await recordRefund(tx, deps.logger, row, { refundRef, adminId });
    if (recorded) return { ...recorded, mailed: false };
    // Stripe's charge.refunded delivery of this very refund overtook this transaction and recorded it
    // (checkout.server.ts): the refund is the admin's all the same, and the member has been told.
    const [taken] = await tx
      .update(payments)
      .set({ refundedBy: adminId, refundRef, updatedAt: sql`now()` })
      .where(
        and(
          eq(payments.id, row.id),
          eq(payments.status, "refunded"),
          isNull(payments.refundedBy),
          or(isNull(payments.refundRef), eq(payments.refundRef, refundRef)),
        ),
      )
      .returning();
    if (!taken) return null;
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, row.userId!));
    // The ledger's refund row names the admin too (none when nothing was left to remove).
    const [removal] = await tx
      .update(creditLedger)
      .set({ adminId })
      .where(and(eq(creditLedger.paymentId, row.id), eq(creditLedger.kind, "refund")))
      .returning({ delta: creditLedger.delta });
    return { payment: taken, balance: user?.credits ?? 0, creditsRemoved: removal ? -removal.delta : 0, mailed: true };
  });
}

/**
 * A claim younger than this may belong to a request still waiting for the provider (three tries of
 * 20 s at most): another request for the same purchase is refused meanwhile. An older one was left by
 * a request whose answer was lost (or whose process died); it still holds the credits until
 * REFUND_CLAIM_MS (lib/credits.server.ts), and the next request takes it over and asks the provider
 * again with the same key.
 */
const IN_FLIGHT_MS = 90_000;

/** Whether a payment's claim may belong to a request still waiting for the provider (database clock). */
const claimRunning = sql<boolean>`coalesce(${payments.refundClaimedAt} > now() - make_interval(secs => ${IN_FLIGHT_MS / 1000}), false)`;

/**
 * Claims a purchase for a refund before the provider is asked, or throws 409: refund_in_progress
 * while another request's claim on it holds (a double click), insufficient_credits unless the
 * balance holds the purchase's credits beyond those of the member's other refunds still under way,
 * answer_in_progress when it does only if the answers being written are left unpaid (each may still
 * spend a credit). Under the member's row lock, so two purchases refunded at once cannot both pass
 * the same balance; while the claim holds, no AI question can take a slot on its credits
 * (take_ai_question_slot, migration 0015). Returns the claim's time, which releaseClaim() needs: a
 * request releases only its own claim, and only when the provider refused or an error of ours came
 * first: an unknown outcome keeps it (IN_FLIGHT_MS). A claim lapses after REFUND_CLAIM_MS.
 */
async function claimRefund(db: Db, row: PaymentRow): Promise<Date> {
  // Claims are timed by the database's clock, which the AI slot's hold reads too (migration 0015),
  // to the millisecond so the time read back releases exactly this claim.
  const result = await db.transaction(async (tx): Promise<{ refusal: Refusal } | { claimedAt: Date }> => {
    // The purchase's row before the member's, in the order recording a refund (recordRefund) and
    // granting a purchase take them: the other order could deadlock with the provider's notice.
    const [own] = await tx
      .select({
        running: claimRunning,
        left: sql<boolean>`${payments.refundClaimedAt} is not null`,
      })
      .from(payments)
      .where(eq(payments.id, row.id))
      .for("update");
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, row.userId!)).for("update");
    if (own?.running) return { refusal: { code: "refund_in_progress", balance: 0 } };
    // A claim left by a request whose answer was lost: the provider may have made the refund, so it
    // is asked again with the same key whatever the balance now holds, and what it made is recorded
    // (recordRefund removes what is left). Checking first left a refund made but never recorded once
    // the hold had lapsed and the member had spent a credit (found by a review).
    if (!own?.left) {
      const free = (user?.credits ?? 0) - (await creditsHeldByRefunds(tx, row.userId!, row.id));
      const short = shortfall(free, await answersInProgress(tx, row.userId!), row.credits);
      if (short) return { refusal: { code: short, balance: Math.max(free, 0) } };
    }
    const [claim] = await tx
      .update(payments)
      .set({ refundClaimedAt: sql`date_trunc('milliseconds', now())` })
      .where(eq(payments.id, row.id))
      .returning({ claimedAt: payments.refundClaimedAt });
    return { claimedAt: claim!.claimedAt! };
  });
  if ("claimedAt" in result) return result.claimedAt;
  const { code, balance } = result.refusal;
  if (code === "refund_in_progress") throw new ApiError(409, code, REFUND_ERRORS.inProgress);
  if (code === "answer_in_progress") throw new ApiError(409, code, REFUND_ERRORS.answerInProgress);
  throw new ApiError(409, code, each(REFUND_ERRORS.insufficientCredits, { balance, credits: row.credits }), { balance, credits: row.credits });
}

/**
 * Whether the balance can give a purchase's credits back: `free` is what it holds beyond the member's
 * other refunds under way, and each answer being written may still spend one. claimRefund decides
 * with it and the refund control shows it, so they cannot disagree.
 */
function shortfall(free: number, answersBeingWritten: number, credits: number): "insufficient_credits" | "answer_in_progress" | null {
  if (free < credits) return "insufficient_credits";
  return free - answersBeingWritten < credits ? "answer_in_progress" : null;
}

type Refusal = { code: "refund_in_progress" | "insufficient_credits" | "answer_in_progress"; balance: number };

/** Releases this request's claim; a refusal by the provider also counts an attempt, so the next one has its own key. */
const releaseClaim = (db: Db, paymentId: string, claimedAt: Date, { refused = false } = {}) =>
  db
    .update(payments)
    .set({ refundClaimedAt: null, ...(refused ? { refundAttempts: sql`${payments.refundAttempts} + 1` } : {}) })
    .where(and(eq(payments.id, paymentId), eq(payments.refundClaimedAt, claimedAt), isNull(payments.refundedAt)));

/**
 * Records a refund the provider has taken, in the caller's transaction: the payment marked refunded,
 * the purchase's credits removed with one `refund` ledger row (what is left of them when the member has
 * spent some since: the money is on its way back all the same) and the member's purchase state set
 * again. Null when the payment is not a granted, unrefunded purchase of an existing account (already
 * recorded: only one transaction can mark it). `adminId` is null for a refund made in the provider's
 * dashboard.
 */
export async function recordRefund(
  tx: DbOrTx,
  logger: Logger,
  row: PaymentRow,
  refund: { refundRef: string | null; adminId: string | null },
): Promise<RefundResult | null> {
  if (!row.userId) return null;
  const userId = row.userId;
  const [marked] = await tx
    .update(payments)
    .set({ status: "refunded", refundedAt: sql`now()`, refundRef: refund.refundRef, refundedBy: refund.adminId, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), eq(payments.status, "succeeded"), isNotNull(payments.grantedAt), isNull(payments.refundedAt)))
    .returning();
  if (!marked) return null;
  const change = { userId, kind: "refund" as const, paymentId: row.id, adminId: refund.adminId, reason: `refund:${row.package}` };
  let creditsRemoved = row.credits;
  let balance = await changeCredits(tx, { ...change, delta: -row.credits });
  if (balance === null) {
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for("update");
    creditsRemoved = user?.credits ?? 0;
    logger.warn({ paymentId: row.id, left: creditsRemoved, credits: row.credits }, "refund after some of the purchase's credits were spent; removed the remaining credits");
    balance = creditsRemoved > 0 ? await changeCredits(tx, { ...change, delta: -creditsRemoved }) : 0;
  }
  await syncPurchaseState(tx, userId);
  return { payment: marked, balance: balance ?? 0, creditsRemoved };
}

/**
 * Records, in the caller's transaction, that the card's bank returned a refund after it had gone
 * through (Stripe's `refund.failed`): the money is back with the firm and still owed to the member.
 * The payment stays refunded and its credits stay removed (the member asked for the money, and a
 * second refund to the same card would come back too); the operator is alerted in the log, the
 * admin area shows it and the member is told (sendRefundFailedMail). Null when the refund is not
 * this payment's recorded one; `first` is false when it was recorded before (a redelivery).
 */
export async function recordRefundFailure(
  tx: DbOrTx,
  logger: Logger,
  row: PaymentRow,
  failure: { refundRef: string; reason: string },
): Promise<{ payment: PaymentRow; first: boolean } | null> {
  if (row.status !== "refunded" || (row.refundRef !== null && row.refundRef !== failure.refundRef)) return null;
  const [marked] = await tx
    .update(payments)
    .set({ refundFailedAt: sql`now()`, refundFailure: failure.reason, refundRef: failure.refundRef, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), eq(payments.status, "refunded"), isNull(payments.refundFailedAt)))
    .returning();
  if (!marked) return { payment: row, first: false };
  logger.error(
    { paymentId: row.id, refundRef: failure.refundRef, reason: failure.reason, amountCents: row.amountCents },
    "a refund was returned by the card's bank: the member is still owed the money; repay them another way",
  );
  return { payment: marked, first: true };
}

/**
 * Sets the member's `payment_done` and `package` from the purchases that remain: paid while at least
 * one succeeded payment is not refunded, with the package of the latest such payment ('' when none
 * is left). A grant sets them from the payment it grants (checkout.server.ts); a refund calls this in
 * its own transaction, after changeCredits() has locked the member's row, so the statement sees every
 * refund or grant of this member committed before it (two refunds at once: the second one to take
 * the lock writes the final state).
 */
export async function syncPurchaseState(tx: DbOrTx, userId: string): Promise<void> {
  const remaining = and(eq(payments.userId, userId), eq(payments.status, "succeeded"), isNull(payments.refundedAt));
  const latest = tx
    .select({ package: payments.package })
    .from(payments)
    .where(remaining)
    // Latest by grant (a succeeded payment always has one); receipt numbers follow grant order.
    .orderBy(sql`${payments.grantedAt} desc nulls last, ${payments.receiptNumber} desc nulls last, ${payments.createdAt} desc`)
    .limit(1);
  await tx
    .update(users)
    .set({
      paymentDone: sql`exists (select 1 from ${payments} where ${remaining})`,
      package: sql`coalesce((${latest}), '')`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** Tells the member their purchase was refunded (after the transaction that recorded it; never throws). */
export async function sendRefundMail(deps: ReceiptDeps, { payment, balance, creditsRemoved }: RefundResult): Promise<void> {
  try {
    const [user] = await deps.db.select({ name: users.name, email: users.email, lang: users.lang }).from(users).where(eq(users.id, payment.userId!));
    if (!user) return;
    const lang = isLang(user.lang) ? user.lang : "en";
    const values = {
      name: user.name,
      siteName: deps.env.SITE_NAME,
      number: payment.receiptNumber ? receiptLabel(payment.receiptNumber) : payment.id,
      package: packageName(payment.package, lang),
      amount: formatUsd(payment.amountCents),
      credits: creditsRemoved,
      balance,
      link: `${deps.origin}${receiptPath(lang, payment.id)}`,
    };
    const text = payment.provider === "test" ? REFUND_MAIL.testModeText : REFUND_MAIL.text;
    await deps.mailer.send({ to: user.email, subject: format(REFUND_MAIL.subject[lang], values), text: format(text[lang], values) });
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id }, "refund e-mail could not be sent");
  }
}

/** Tells the member that the card's bank returned their refund and that the firm will repay them another way (never throws). */
export async function sendRefundFailedMail(deps: ReceiptDeps, payment: PaymentRow): Promise<void> {
  try {
    if (!payment.userId) return;
    const [user] = await deps.db.select({ name: users.name, email: users.email, lang: users.lang }).from(users).where(eq(users.id, payment.userId));
    if (!user) return;
    const lang = isLang(user.lang) ? user.lang : "en";
    const reason = REFUND_FAILURE_TEXT[refundFailureReason(payment.refundFailure)][lang];
    const values = {
      name: user.name,
      siteName: deps.env.SITE_NAME,
      number: payment.receiptNumber ? receiptLabel(payment.receiptNumber) : payment.id,
      amount: formatUsd(payment.amountCents),
      reason,
      contact: `${deps.origin}${localePath(lang, "/contact")}`,
      link: `${deps.origin}${receiptPath(lang, payment.id)}`,
    };
    await deps.mailer.send({
      to: user.email,
      subject: format(REFUND_FAILED_MAIL.subject[lang], values),
      text: format(REFUND_FAILED_MAIL.text[lang], values),
    });
  } catch (error) {
    deps.logger.error({ err: error, paymentId: payment.id }, "refund-failed e-mail could not be sent");
  }
}

/**
 * Records that a refund the card's bank returned was repaid another way (a bank transfer), once, by
 * `adminId`: the admin panel and the receipt then say so instead of asking for it. 404 for an
 * unknown purchase, 409 `not_returned` for one whose refund was not returned, `already_repaid` twice.
 */
export async function markRefundRepaid(db: Db, paymentId: string, adminId: string): Promise<PaymentRow> {
  const [marked] = await db
    .update(payments)
    .set({ refundRepaidAt: sql`now()`, refundRepaidBy: adminId, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), isNotNull(payments.refundFailedAt), isNull(payments.refundRepaidAt)))
    .returning();
  if (marked) return marked;
  const [row] = await db.select({ failedAt: payments.refundFailedAt }).from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new ApiError(404, "payment_not_found", REFUND_ERRORS.notFound);
  if (!row.failedAt) throw new ApiError(409, "not_returned", REFUND_ERRORS.notReturned);
  throw new ApiError(409, "already_repaid", REFUND_ERRORS.alreadyRepaid);
}

/** A member's granted purchases, newest first, each with whether it can be refunded now. */
export async function refundCandidates(db: Db, userId: string, now = new Date()): Promise<{ balance: number; purchases: RefundCandidate[] } | null> {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const rows = await db
    .select({
      row: payments,
      // Claimed for a refund within REFUND_CLAIM_MS (its credits held) and within IN_FLIGHT_MS (under way).
      held: sql<boolean>`coalesce(${refundClaimHolds}, false)`,
      running: claimRunning,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.grantedAt)))
    .orderBy(desc(payments.grantedAt))
    .limit(50);
  // As claimRefund decides (the control said "refundable" where the server then refused, found by a
  // review): the credits other refunds hold, and one for each answer being written.
  const held = await creditsHeldByRefunds(db, userId);
  const pending = await answersInProgress(db, userId);
  const blocked = ({ row, held: holds, running }: (typeof rows)[number]): RefundCandidate["blocked"] => {
    if (row.refundedAt) return "already_refunded";
    if (!withinRefundWindow(row.grantedAt!, now)) return "refund_window_passed";
    if (running) return "refund_in_progress";
    return shortfall(user.credits - (held - (holds ? row.credits : 0)), pending, row.credits);
  };
  return {
    balance: user.credits,
    purchases: rows.map((found) => ({
      ...candidate(found.row),
      blocked: blocked(found),
    })),
  };
}

/** A purchase's fields as the refund control shows them. */
const candidate = (row: PaymentRow): Omit<RefundCandidate, "blocked"> => ({
  id: row.id,
  receiptNumber: row.receiptNumber,
  package: row.package,
  amountCents: row.amountCents,
  credits: row.credits,
  paidAt: row.grantedAt!.toISOString(),
  refundedAt: row.refundedAt?.toISOString() ?? null,
  refundFailedAt: row.refundFailedAt?.toISOString() ?? null,
  refundFailure: row.refundFailedAt ? refundFailureReason(row.refundFailure) : null,
  refundRepaidAt: row.refundRepaidAt?.toISOString() ?? null,
});
