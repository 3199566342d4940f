// The checkout: a payment row per (user, idempotency key), the provider's charge, and the grant.
// Credits are granted exactly once whichever way the success arrives (the API response, a retried
// request with the same key, one or many webhook deliveries, concurrently): the grant is one
// statement whose first part only matches a payment not granted yet, and the ledger's unique
// index refuses a second purchase row for the same payment.
// No database transaction is held open while the provider is called.
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { payments, processedEvents, users } from "~/db/schema";
import { signedOutIfDeleted } from "~/lib/accounts/users.server";
import { retryingConcurrentChange } from "~/lib/database-errors";
import { requirePackage, type PackageId } from "~/lib/catalog";
import { CREDIT_LIMIT_ERROR, MAX_CREDIT_BALANCE } from "~/lib/credits.server";
import { ApiError, tooManyRequests, type LocalizedText } from "~/lib/http/api-error";
import type { Logger } from "~/lib/logger.server";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { PAYMENT_ATTEMPT_RULE } from "~/lib/rate-rules";
import type { PaymentHistoryItem } from "~/lib/contracts/payment";
import type { ReceiptSeller } from "~/lib/contracts/receipt";
import { decodePaymentError, encodePaymentError } from "./card-errors";
import type { ChargeOutcome, PaymentEvent, PaymentProvider, RefundOutcome } from "./provider";
import { ProviderRequestError, ProviderUnavailableError } from "./provider";
import { recordRefund, recordRefundFailure, type RefundResult } from "./refunds.server";

export const PAYMENT_ERRORS = {
  fillAllDetails: {
    en: "Please fill all details.",
    ja: "すべての項目を入力してください。",
    zh: "请填写所有信息。",
  },
  providerUnavailable: {
    en: "The payment service is not responding. Please try again in a moment; you will not be charged twice.",
    ja: "決済サービスが応答していません。しばらくしてから再度お試しください。二重に請求されることはありません。",
    zh: "支付服务暂时没有响应。请稍后重试，您不会被重复扣款。",
  },
  refundNotRecorded: {
    en: "The refund this event names is not recorded here yet; deliver the event again later.",
    ja: "このイベントが示す返金はまだ記録されていません。後でもう一度送信してください。",
    zh: "此事件所指的退款尚未在此记录，请稍后重新发送该事件。",
  },
  notRecorded: {
    en: "Your card was charged, but your credits could not be added yet. Please wait a moment and press Pay again: it is the same payment, so you will not be charged twice.",
    ja: "カードへの請求は完了しましたが、クレジットをまだ追加できていません。少し待ってからもう一度「支払う」を押してください。同じお支払いとして処理されるため、二重に請求されることはありません。",
    zh: "您的银行卡已扣款，但积分暂时未能添加。请稍候再次点击“支付”：这是同一笔支付，不会重复扣款。",
  },
  inProgress: {
    en: "This payment is still being processed. Please wait a moment and try again.",
    ja: "このお支払いはまだ処理中です。少し待ってから再度お試しください。",
    zh: "此笔支付仍在处理中，请稍候再试。",
  },
  idempotencyConflict: {
    en: "This checkout attempt was already used for another purchase. Please reload the page and try again.",
    ja: "この購入手続きはすでに別のお支払いに使われています。ページを再読み込みしてからもう一度お試しください。",
    zh: "此次结账已用于另一笔购买。请刷新页面后重试。",
  },
  providerConflict: {
    en: "The payment provider could not complete this request. Please reload the page and try again.",
    ja: "決済サービスでこのリクエストを完了できませんでした。ページを再読み込みしてからもう一度お試しください。",
    zh: "支付服务无法完成此请求。请刷新页面后重试。",
  },
  refunded: {
    en: "This payment was refunded and its credits were taken back. To add credits, buy a package again.",
    ja: "このお支払いは返金済みで、そのクレジットは取り消されています。クレジットを追加するには、もう一度パッケージをご購入ください。",
    zh: "此笔支付已退款，其积分已被扣回。如需添加积分，请重新购买套餐。",
  },
  notFound: {
    en: "Payment not found.",
    ja: "お支払いが見つかりません。",
    zh: "未找到该笔支付。",
  },
  rateLimited: {
    en: "Too many payment attempts. Please wait a few minutes and try again.",
    ja: "お支払いの試行回数が多すぎます。数分待ってから再度お試しください。",
    zh: "支付尝试次数过多，请几分钟后再试。",
  },
  invalidSignature: {
    en: "The webhook signature is not valid.",
    ja: "Webhook の署名が正しくありません。",
    zh: "Webhook 签名无效。",
  },
  invalidEvent: {
    en: "The webhook body is not a payment event.",
    ja: "Webhook の本文が決済イベントではありません。",
    zh: "Webhook 正文不是支付事件。",
  },
  webhookNotConfigured: {
    en: "Payment webhooks are not configured on this server.",
    ja: "このサーバーでは決済 Webhook が設定されていません。",
    zh: "此服务器未配置支付 Webhook。",
  },
} satisfies Record<string, LocalizedText>;

/** Messages of a payment answer (success and in-between states). */
export const PAYMENT_TEXT = {
  succeeded: { en: "Payment successful! 🎉", ja: "お支払いが完了しました！🎉", zh: "支付成功！🎉" },
  requiresAction: {
    en: "Your bank asks you to confirm this payment.",
    ja: "カード会社がこのお支払いの本人確認を求めています。",
    zh: "您的银行要求验证此笔支付。",
  },
  processing: {
    en: "Your payment is being processed. Your credits will be added as soon as it is confirmed.",
    ja: "お支払いを処理しています。確認が取れ次第、クレジットが追加されます。",
    zh: "您的支付正在处理中，确认后积分将立即到账。",
  },
} satisfies Record<string, LocalizedText>;


// Markers in `error` while a payment is pending: nobody is driving it right now, a later request may.
const UNAVAILABLE = "provider_unavailable";
const PROCESSING = "processing";
/** Charged, but the grant failed (see applyOutcome): the next request with the attempt's key takes it over. */
const NOT_GRANTED = "not_granted";
/** A driver that has not finished after this long is presumed dead; its payment may be driven again. */
const LEASE_SECONDS = 60;
/** How long a duplicate request waits for the first one's outcome. */
const DEFAULT_WAIT_MS = 20_000;

export type PaymentRow = typeof payments.$inferSelect;

export type CheckoutResult =
  | { status: "succeeded"; payment: PaymentRow; balance: number }
  | { status: "requires_action"; payment: PaymentRow; clientSecret: string }
  | { status: "pending"; payment: PaymentRow }
  | { status: "failed"; payment: PaymentRow; code: string; message: string | null };

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  logger: Logger;
  rateLimiter: RateLimiter;
  siteName: string;
  /** Who issues the receipt of a purchase granted now (kept with the payment: lib/payments/receipts.server.ts). */
  seller: ReceiptSeller;
  /** Overrides DEFAULT_WAIT_MS (tests). */
  waitMs?: number;
  /** Called once per payment, after the transaction that granted it (the receipt e-mail). Not awaited. */
  onGranted?: (payment: PaymentRow) => void;
  /** Called once per payment refunded in the provider's dashboard, after its transaction (the refund e-mail). Not awaited. */
  onRefunded?: (refund: RefundResult) => void;
  /** Called once per refund the card's bank returned, after its transaction (the member's e-mail). Not awaited. */
  onRefundFailed?: (payment: PaymentRow) => void;
}

export interface CreatePaymentRequest {
  userId: string;
  packageId: PackageId;
  paymentMethodId: string;
  country: string;
  idempotencyKey: string;
  /** The language of the checkout, remembered on the account (the receipt e-mail uses it). */
  lang?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PAYMENT_COLUMNS = Object.entries(getTableColumns(payments));

/** A payments row read by a raw statement (`select p.*`), mapped as drizzle maps its own reads. */
function toPaymentRow(raw: Record<string, unknown>): PaymentRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of PAYMENT_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as PaymentRow;
}

/**
 * Starts a checkout attempt, or answers a retried one with its outcome (waiting while another request
 * drives it). A new attempt costs two statements besides the provider's call: one that remembers the
 * language, records the attempt, counts it against the rate limit and reads the balance for the cap,
 * and one that grants (grantPayment). Under load each round trip waits its turn in a busy event loop
 * (docs/performance.md, "Two instances on one PostgreSQL").
 */
export async function createPayment(deps: CheckoutDeps, request: CreatePaymentRequest): Promise<CheckoutResult> {
  const pkg = requirePackage(request.packageId);
  // Written out rather than built by drizzle's query builders: building these two statements cost
  // about 0.3 ms of CPU per checkout, writing them ~0.01 ms (docs/performance.md). Rows come back
  // as `payments.*` and are mapped by toPaymentRow.
  const insert = sql`insert into payments (user_id, package, amount_cents, currency, credits, provider, status, idempotency_key, country)
    values (${request.userId}, ${pkg.id}, ${pkg.priceCents}, ${pkg.currency}, ${pkg.credits}, ${deps.provider.name}, 'pending', ${request.idempotencyKey}, ${request.country})
    on conflict (user_id, idempotency_key) do nothing
    returning *`;
  // The receipt e-mail goes out in the language of the checkout.
  const lang = request.lang ? sql`remembered_lang as (update users set lang = ${request.lang} where id = ${request.userId} and lang <> ${request.lang}),` : sql``;
  const counting = deps.rateLimiter.consumeWhen(PAYMENT_ATTEMPT_RULE, request.userId, sql`inserted`);
  const [first] = rowsOf(
    await deps.db.execute(sql`
      with ${lang} inserted as (${insert})${counting ? sql`, counted as (${counting})` : sql``}
      select inserted.*, ${counting ? sql`counted.points, counted.retry_after` : sql`null as points, null as retry_after`},
        (select credits from users where id = ${request.userId}) as balance_before
      from inserted ${counting ? sql`left join counted on true` : sql``}`).catch(signedOutIfDeleted),
  );

  if (first) {
    const inserted = toPaymentRow(first);
    const limit = counting ? deps.rateLimiter.resultOf(PAYMENT_ATTEMPT_RULE, first) : null;
    if (limit && !limit.allowed) {
      // Nothing was charged: forget the attempt so the same key works once the window has passed.
      await deps.db.delete(payments).where(eq(payments.id, inserted.id));
      throw rateLimited(limit.retryAfterSeconds);
    }
    await ensureRoomFor(deps.db, inserted, first.balance_before === null || first.balance_before === undefined ? null : Number(first.balance_before));
    return drive(deps, inserted, request.paymentMethodId);
  }

  const [existing] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, request.userId), eq(payments.idempotencyKey, request.idempotencyKey)));
  if (!existing) throw rateLimited(PAYMENT_ATTEMPT_RULE.windowSeconds);
  if (existing.package !== pkg.id || existing.provider !== deps.provider.name) {
    throw new ApiError(409, "idempotency_conflict", PAYMENT_ERRORS.idempotencyConflict);
  }
  return awaitOutcome(deps, existing, request.paymentMethodId);
}

/** After the page completed 3-D Secure: confirms the charge and settles it. */
export async function confirmPayment(deps: CheckoutDeps, userId: string, paymentId: string): Promise<CheckoutResult> {
  const row = await getPayment(deps.db, paymentId);
  if (!row || row.userId !== userId) throw new ApiError(404, "payment_not_found", PAYMENT_ERRORS.notFound);
  const final = await finalResult(deps, row);
  if (final) return final;
  if (row.providerRef && (row.status === "requires_action" || row.error === PROCESSING)) {
    return callProvider(deps, row, () => deps.provider.confirm(row.providerRef!, row.id));
  }
  // The charge is still being created by the first request.
  return { status: "pending", payment: row };
}

async function awaitOutcome(deps: CheckoutDeps, first: PaymentRow, paymentMethodId: string): Promise<CheckoutResult> {
  const deadline = Date.now() + (deps.waitMs ?? DEFAULT_WAIT_MS);
  let delay = 50;
  let row: PaymentRow | null = first;
  for (;;) {
    if (!row) throw rateLimited(PAYMENT_ATTEMPT_RULE.windowSeconds);
    const final = await finalResult(deps, row);
    if (final) return final;
    if (row.status === "requires_action" && row.providerRef) {
      // The customer may have finished 3-D Secure meanwhile; otherwise the page gets the client secret again.
      return callProvider(deps, row, () => deps.provider.confirm(row!.providerRef!, row!.id));
    }
    const claimed = await claim(deps.db, row.id);
    if (claimed) return drive(deps, claimed, paymentMethodId);
    if (Date.now() >= deadline) throw new ApiError(409, "payment_in_progress", PAYMENT_ERRORS.inProgress);
    await sleep(delay);
    delay = Math.min(delay * 2, 400);
    row = await getPayment(deps.db, row.id);
  }
}

/** Takes over a pending payment nobody is driving (the last driver gave up or died). */
async function claim(db: Db, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ error: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "pending"),
        isNull(payments.grantedAt),
        or(isNotNull(payments.error), lt(payments.updatedAt, sql`now() - make_interval(secs => ${LEASE_SECONDS})`)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Refuses, before the card is charged, a new purchase that would take the balance above
 * MAX_CREDIT_BALANCE. The attempt never reached the provider, so it is forgotten like a
 * rate-limited one. (An attempt that did reach it may be charged already: it is driven and granted.)
 */
async function ensureRoomFor(db: Db, row: PaymentRow, balance: number | null): Promise<void> {
  if (!row.userId || balance === null || balance + row.credits <= MAX_CREDIT_BALANCE) return;
  await db.delete(payments).where(eq(payments.id, row.id));
  throw new ApiError(409, "credit_limit", CREDIT_LIMIT_ERROR, { credits: balance, max: MAX_CREDIT_BALANCE });
}

/** Charges (or, when the provider already knows the charge, looks it up) and settles the outcome. */
function drive(deps: CheckoutDeps, row: PaymentRow, paymentMethodId: string): Promise<CheckoutResult> {
  if (row.providerRef) return callProvider(deps, row, () => deps.provider.confirm(row.providerRef!, row.id));
  const pkg = requirePackage(row.package);
  return callProvider(deps, row, () =>
    deps.provider.charge({
      paymentId: row.id,
      userId: row.userId ?? "",
      packageId: pkg.id,
      amountCents: row.amountCents,
      currency: pkg.currency,
      paymentMethodId,
      country: row.country,
      description: `${deps.siteName} ${pkg.name.en} package: ${pkg.credits} credits`,
    }),
  );
}

async function callProvider(deps: CheckoutDeps, row: PaymentRow, call: () => Promise<ChargeOutcome>): Promise<CheckoutResult> {
  let outcome: ChargeOutcome;
  try {
    outcome = await call();
  } catch (error) {
    // Release the payment so that a retry with the same key may drive it again.
    await deps.db
      .update(payments)
      .set({ error: UNAVAILABLE, updatedAt: sql`now()` })
      .where(and(eq(payments.id, row.id), eq(payments.status, "pending"), isNull(payments.grantedAt)));
    if (error instanceof ProviderUnavailableError) {
      deps.logger.warn({ err: error, paymentId: row.id }, "payment provider unavailable");
      throw new ApiError(502, "payment_provider_unavailable", PAYMENT_ERRORS.providerUnavailable);
    }
    if (error instanceof ProviderRequestError) {
      deps.logger.warn({ err: error, paymentId: row.id, code: error.code }, "payment provider refused the request");
      throw new ApiError(409, "payment_provider_conflict", PAYMENT_ERRORS.providerConflict);
    }
    throw error;
  }
  return applyOutcome(deps, row, outcome);
}

async function applyOutcome(deps: CheckoutDeps, row: PaymentRow, outcome: ChargeOutcome): Promise<CheckoutResult> {
  const { db } = deps;
  const open = and(eq(payments.id, row.id), isNull(payments.grantedAt), inArray(payments.status, ["pending", "requires_action"]));
  switch (outcome.status) {
    case "succeeded": {
      if (outcome.amountCents !== row.amountCents || outcome.currency.toLowerCase() !== row.currency) {
        deps.logger.error({ paymentId: row.id, outcome }, "provider charged another amount than the catalog price; not granted");
        throw new ApiError(502, "payment_provider_unavailable", PAYMENT_ERRORS.providerUnavailable);
      }
      // The card is charged: a deadlock does not lose the grant (the statement grants once).
      const granting = () => grantPayment(db, row.id, deps.seller, outcome.providerRef, outcome.cardLast4);
      const grant = await retryingConcurrentChange(granting).catch(async (error: unknown) => {
        const current = await getPayment(db, row.id).catch(() => undefined);
        if (current?.userId === null) {
          await refundOwnerless(deps, current, outcome.providerRef);
          return null;
        }
        // Still ungranted after the retries (or the database gone): the card is charged, so "nothing
        // was changed" would be false (a review). Marked so Pay again (the same attempt's key) takes
        // the payment over at once; the provider answers its charge again with this same one (keyed
        // by our payment id; Stripe's webhook grants it meanwhile), and the grant is tried once more.
        deps.logger.error({ err: error, paymentId: row.id, providerRef: outcome.providerRef }, "charged payment not granted yet");
        const marked = await db
          .update(payments)
          .set({ error: NOT_GRANTED, updatedAt: sql`now()` })
          .where(open)
          .returning({ id: payments.id })
          .then(
            (rows) => rows.length > 0,
            (markError: unknown) => {
              deps.logger.error({ err: markError, paymentId: row.id }, "could not mark the charged payment for the next attempt");
              return null;
            },
          );
        // Settled meanwhile (the provider's webhook granted it): that is this checkout's answer.
        if (marked === false) return "settled" as const;
        // Unmarked, the next attempt takes it over once the first driver's lease has run out.
        throw new ApiError(503, "payment_not_recorded", PAYMENT_ERRORS.notRecorded, undefined, { "Retry-After": String(marked ? 1 : LEASE_SECONDS) });
      });
      if (grant === "settled") return currentResult(deps, row.id);
      if (!grant) throw new ApiError(404, "payment_not_found", PAYMENT_ERRORS.notFound);
      // Refunded at the provider before it could be granted (handlePaymentEvent): never granted now.
      if (grant.payment.refundedAt) throw new ApiError(409, "payment_refunded", PAYMENT_ERRORS.refunded);
      if (grant.granted) deps.onGranted?.(grant.payment);
      return { status: "succeeded", payment: grant.payment, balance: grant.balance };
    }
    case "requires_action": {
      const [updated] = await db
        .update(payments)
        .set({ status: "requires_action", providerRef: outcome.providerRef, error: null, updatedAt: sql`now()` })
        .where(open)
        .returning();
      if (!updated) return currentResult(deps, row.id);
      return { status: "requires_action", payment: updated, clientSecret: outcome.clientSecret };
    }
    case "processing": {
      const [updated] = await db
        .update(payments)
        .set({ status: "pending", providerRef: outcome.providerRef, error: PROCESSING, updatedAt: sql`now()` })
        .where(open)
        .returning();
      if (!updated) return currentResult(deps, row.id);
      return { status: "pending", payment: updated };
    }
    case "failed": {
      const [updated] = await db
        .update(payments)
        .set({
          status: "failed",
          providerRef: outcome.providerRef ?? undefined,
          error: encodePaymentError(outcome.code, outcome.message),
          updatedAt: sql`now()`,
        })
        .where(open)
        .returning();
      if (!updated) return currentResult(deps, row.id);
      return { status: "failed", payment: updated, code: outcome.code, message: outcome.message };
    }
  }
}

/** The answer for a payment that is already settled (granted or failed), else null; 409 once refunded. */
async function finalResult(deps: CheckoutDeps, row: PaymentRow): Promise<CheckoutResult | null> {
  // Its credits were taken back: neither a success nor a failure of this checkout
  // (docs/reliability.md, "Attacks and their answers").
  if (row.refundedAt || row.status === "refunded") throw new ApiError(409, "payment_refunded", PAYMENT_ERRORS.refunded);
  if (row.grantedAt || row.status === "succeeded") {
    // A succeeded payment is always granted in the same transaction; grantPayment only reads it then.
    const grant = await grantPayment(deps.db, row.id, deps.seller, row.providerRef);
    if (grant) return { status: "succeeded", payment: grant.payment, balance: grant.balance };
  }
  if (row.status === "failed") {
    const { code, message } = decodePaymentError(row.error);
    return { status: "failed", payment: row, code, message };
  }
  return null;
}

async function currentResult(deps: CheckoutDeps, paymentId: string): Promise<CheckoutResult> {
  const row = await getPayment(deps.db, paymentId);
  if (!row) throw new ApiError(404, "payment_not_found", PAYMENT_ERRORS.notFound);
  return (await finalResult(deps, row)) ?? { status: "pending", payment: row };
}

async function getPayment(db: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

function rateLimited(retryAfterSeconds: number): ApiError {
  return tooManyRequests(PAYMENT_ERRORS.rateLimited, retryAfterSeconds);
}

export interface GrantResult {
  /** True when this call wrote the grant; false when it had been granted before. */
  granted: boolean;
  payment: PaymentRow;
  /** The user's balance afterwards. */
  balance: number;
}

/**
 * Marks the payment succeeded and grants its credits, in one statement, unless it was granted
 * before. Returns null for an unknown payment.
 */
export function grantPayment(
  db: Db,
  paymentId: string,
  seller: ReceiptSeller,
  providerRef?: string | null,
  cardLast4?: string | null,
): Promise<GrantResult | null> {
  // One statement, or a read when granted before: no transaction (and its two round trips) needed.
  return grantInTransaction(db, paymentId, seller, providerRef, cardLast4);
}

async function grantInTransaction(
  tx: DbOrTx,
  paymentId: string,
  seller: ReceiptSeller,
  providerRef?: string | null,
  cardLast4?: string | null,
): Promise<GrantResult | null> {
  // One statement (atomic on its own, and one round trip): the only statement that can turn a
  // payment into "granted" matches once (a concurrent one waits for it and then matches nothing);
  // the same statement adds the credits, records the purchase in the ledger (changeCredits()'s two
  // writes, as spendCreditsCtes does for a spend; the cap was checked before the charge,
  // ensureRoomFor) and marks the package. A payment without an owner (account deleted) fails the
  // whole statement, so nothing is granted.
  // Written out rather than built by drizzle's query builder (see createPayment). The card's digits
  // and the provider's reference are kept when none is given, as before. The receipt is made out to
  // the account's name and address as they are now (payments.billed_name), by the seller the settings
  // name now (payments.seller_legal_name).
  const grant = sql`update payments set status = 'succeeded', granted_at = now(), updated_at = now(), error = null,
      receipt_number = nextval('receipt_number_seq'),
      billed_name = (select name from users where users.id = payments.user_id),
      billed_email = (select email from users where users.id = payments.user_id),
      seller_legal_name = ${seller.legalName}, seller_address = ${seller.address}, seller_tax_id = ${seller.taxId},
      card_last4 = coalesce(${cardLast4 || null}, card_last4),
      provider_ref = coalesce(provider_ref, ${providerRef || null})
    where id = ${paymentId} and granted_at is null and refunded_at is null
    returning *`;
  const [raw] = rowsOf(
    await tx.execute(sql`
      with granted as (${grant}),
      credit_change as (
        update users set credits = users.credits + granted.credits, package = granted.package, payment_done = true, updated_at = now()
        from granted where users.id = granted.user_id
        returning users.id, users.credits
      ),
      credit_ledger_row as (
        insert into credit_ledger (user_id, delta, balance_after, kind, reason, payment_id)
        select granted.user_id, granted.credits, credit_change.credits, 'purchase', 'package:' || granted.package, granted.id
        from granted join credit_change on credit_change.id = granted.user_id
        returning id
      )
      select granted.*, credit_change.credits as balance,
        case when credit_change.credits is null then ('payment ' || granted.id || ' has no owner to credit')::int end as owner_check
      from granted left join credit_change on true`),
  );
  if (!raw) {
    const [existing] = await tx
      .select({ payment: payments, balance: users.credits })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.id, paymentId));
    return existing ? { granted: false, payment: existing.payment, balance: existing.balance } : null;
  }
  return { granted: true, payment: toPaymentRow(raw), balance: Number(raw.balance) };
}

export const HANDLED_EVENTS = {
  succeeded: "payment_intent.succeeded",
  failed: "payment_intent.payment_failed",
  refunded: "charge.refunded",
  /** A refund the card's bank returned; Stripe sends both (the second for older API versions). */
  refundFailed: "refund.failed",
  refundUpdated: "charge.refund.updated",
} as const;

export type EventResult = "processed" | "duplicate" | "ignored";

const uuid = z.uuid();

/**
 * Applies a verified webhook event once: its id is recorded in processed_events in the same
 * transaction as its effect, so a redelivery (even a concurrent one) changes nothing.
 */
export async function handlePaymentEvent(deps: CheckoutDeps, received: PaymentEvent): Promise<EventResult> {
  const { db, provider, logger } = deps;
  const event = await withOurPaymentId(deps, received);
  let granted: PaymentRow | null = null;
  let refunded: RefundResult | null = null;
  let refundFailed: PaymentRow | null = null;
  let ownerless: PaymentRow | null = null;
  const result = await db.transaction(async (tx): Promise<EventResult> => {
    const recorded = await tx
      .insert(processedEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedEvents.id });
    if (recorded.length === 0) return "duplicate";
    const data = event.payment;
    if (!data || !Object.values<string>(HANDLED_EVENTS).includes(event.type)) return "ignored";

    // By the provider's reference, or (when our process died before saving it) by our id in the metadata.
    let [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, data.providerRef)));
    if (!row && data.paymentId && uuid.safeParse(data.paymentId).success) {
      [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, data.paymentId), eq(payments.provider, provider.name), isNull(payments.providerRef)));
    }
    if (!row) {
      logger.warn({ eventId: event.id, providerRef: data.providerRef }, "webhook for an unknown payment ignored");
      return "ignored";
    }

    if (data.refundFailure) {
      const failure = await recordRefundFailure(tx, logger, row, data.refundFailure);
      if (!failure && row.status === "succeeded" && row.grantedAt && data.amountCents >= row.amountCents) {
        // A whole refund that may not be recorded yet (an admin's still waiting for the provider's answer,
        // or a dashboard refund whose charge.refunded comes later): delivered again, it finds the refund.
        // A part refunded is never applied here (refunds are whole), nor is its failure.
        // Answered 200 "ignored", it was never delivered again and the failure lost.
        logger.warn({ eventId: event.id, paymentId: row.id, refundRef: data.refundFailure.refundRef }, "a failed refund before its refund is recorded: asked to deliver it again");
        throw new ApiError(503, "refund_not_recorded", PAYMENT_ERRORS.refundNotRecorded);
      }
      if (!failure) {
        const seen = { eventId: event.id, paymentId: row.id, refundRef: data.refundFailure.refundRef, reason: data.refundFailure.reason };
        // Refunded by several refunds (a dashboard's parts), only the newest is the recorded one: the
        // return of another is money owed again, which nothing here can record (found by a review).
        if (row.status === "refunded") {
          logger.error(
            { ...seen, recordedRefundRef: row.refundRef, amountCents: data.amountCents },
            "a refund of this payment was returned by the card's bank, not the one recorded here: part of the money may still be owed; check the provider's dashboard and repay the member another way",
          );
        } else logger.warn(seen, "a failed refund that is not the payment's recorded one ignored");
        return "ignored";
      }
      if (failure.first) refundFailed = failure.payment;
      return "processed";
    }
    if (event.type === HANDLED_EVENTS.refunded) {
      if (row.status === "refunded") return "processed"; // our own refund, or one already recorded
      if (!data.refund || data.refund.amountCents < row.amountCents) {
        // Refunds are whole (docs/architecture.md, "Refunds"): a part refunded in the dashboard is
        // left to the operator; the rest of it, refunded later, completes the refund.
        logger.error({ eventId: event.id, paymentId: row.id, refundedCents: data.refund?.amountCents }, "partial refund made at the provider; not applied");
        return "ignored";
      }
      if (row.userId && row.grantedAt) {
        refunded = await recordRefund(tx, logger, row, { refundRef: data.refund.refundRef, adminId: null });
        if (refunded) return "processed";
      }
      // Nobody holds its credits: not granted yet (its success may still be delivered, and must then
      // grant nothing) or its account deleted. The payment is kept as refunded.
      await tx
        .update(payments)
        .set({
          status: "refunded",
          refundedAt: sql`now()`,
          refundRef: data.refund.refundRef,
          providerRef: sql`coalesce(${payments.providerRef}, ${data.providerRef})`,
          error: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(payments.id, row.id), isNull(payments.refundedAt), or(isNull(payments.grantedAt), isNull(payments.userId))));
      logger.warn({ eventId: event.id, paymentId: row.id, status: row.status }, "refund at the provider of a payment whose credits nobody holds");
      return "processed";
    }
    if (event.type === HANDLED_EVENTS.succeeded) {
      if (data.amountCents !== row.amountCents || data.currency.toLowerCase() !== row.currency) {
        logger.error({ eventId: event.id, paymentId: row.id }, "webhook amount differs from the catalog price; not granted");
        return "ignored";
      }
      if (row.userId === null && row.grantedAt === null) {
        if (row.status === "refunded") return "processed";
        // Its account was deleted while the charge was under way: nobody to credit, so the money
        // goes back. The event is not recorded (the rollback) until the refund is taken.
        ownerless = row;
        throw OWNERLESS;
      }
      const grant = await grantInTransaction(tx, row.id, deps.seller, data.providerRef, data.cardLast4);
      if (grant?.granted) granted = grant.payment;
      return "processed";
    }
    await tx
      .update(payments)
      .set({
        status: "failed",
        providerRef: data.providerRef,
        error: encodePaymentError(data.failure?.code ?? "card_declined", data.failure?.message ?? null),
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, row.id), isNull(payments.grantedAt), inArray(payments.status, ["pending", "requires_action"])));
    return "processed";
  }).catch((error: unknown) => {
    if (error !== OWNERLESS) throw error;
    return null;
  });
  if (result === null) {
    await refundOwnerless(deps, ownerless!, event.payment!.providerRef);
    await db.insert(processedEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return "processed";
  }
  if (granted) deps.onGranted?.(granted);
  // Assigned inside the transaction's callback, which the compiler does not follow.
  const refundedNow = refunded as RefundResult | null;
  if (refundedNow) deps.onRefunded?.(refundedNow);
  const refundFailedNow = refundFailed as PaymentRow | null;
  if (refundFailedNow) deps.onRefundFailed?.(refundFailedNow);
  return result;
}

const OWNERLESS = new Error("the payment's account was deleted");

/**
 * A refunded charge names its PaymentIntent, whose reference we save only once the charge's answer
 * has reached us; our id is in the PaymentIntent's metadata. A refund delivered before that answer
 * (a slow answer, or one that never came) is matched by that id, read from the provider, so the
 * payment is marked refunded and never granted afterwards. 503 while the provider cannot say: the
 * delivery comes again.
 */
async function withOurPaymentId(deps: CheckoutDeps, event: PaymentEvent): Promise<PaymentEvent> {
  const data = event.payment;
  if (event.type !== HANDLED_EVENTS.refunded || !data || data.paymentId) return event;
  const [known] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, deps.provider.name), eq(payments.providerRef, data.providerRef)));
  if (known) return event;
  try {
    return { ...event, payment: { ...data, paymentId: await deps.provider.paymentIdOf(data.providerRef) } };
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.logger.warn({ err: error, eventId: event.id }, "payment provider unavailable to name the payment of a refunded charge");
    throw new ApiError(503, "payment_provider_unavailable", PAYMENT_ERRORS.providerUnavailable);
  }
}

/**
 * Gives back a charge that succeeded after its account was deleted (the deletion does not wait for a
 * payment under way): nobody can be credited, and the payment is kept anonymised as refunded
 * (docs/reliability.md, "Attacks and their answers"). The provider's refund is idempotent per payment, so a repeat
 * is harmless. Throws a 503 while the provider cannot take it, so the webhook is delivered again.
 */
async function refundOwnerless(deps: CheckoutDeps, row: PaymentRow, providerRef: string): Promise<void> {
  let outcome: RefundOutcome;
  try {
    outcome = await deps.provider.refund(providerRef, row.id, row.amountCents);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.logger.warn({ err: error, paymentId: row.id }, "payment provider unavailable for the refund of a deleted account's charge");
    throw new ApiError(503, "payment_provider_unavailable", PAYMENT_ERRORS.providerUnavailable);
  }
  if (outcome.status === "failed") {
    deps.logger.error({ paymentId: row.id, reason: outcome.reason }, "refund of a deleted account's charge refused by the provider");
    throw new ApiError(503, "payment_provider_unavailable", PAYMENT_ERRORS.providerUnavailable);
  }
  await deps.db
    .update(payments)
    .set({ status: "refunded", refundedAt: sql`now()`, refundRef: outcome.refundRef, providerRef, error: null, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), isNull(payments.userId), isNull(payments.grantedAt), isNull(payments.refundedAt)));
  deps.logger.warn({ paymentId: row.id }, "a charge that succeeded after its account was deleted was refunded");
}

/** The member's purchases, newest first (for /explore). */
export async function paymentHistory(db: Db, userId: string, limit = 50): Promise<PaymentHistoryItem[]> {
  const rows = await db
    .select({
      id: payments.id,
      package: payments.package,
      amountCents: payments.amountCents,
      currency: payments.currency,
      credits: payments.credits,
      status: payments.status,
      receiptNumber: payments.receiptNumber,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
      error: payments.error,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map(({ error, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    failure: row.status === "failed" ? decodePaymentError(error).code : null,
  }));
}
