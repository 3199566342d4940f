// /api/v1/payment: card checkout (create, confirm after 3-D Secure), the provider's webhook and the
// member's purchase history. Prices come from the catalog; a client's `amount` is ignored.
import { randomUUID } from "node:crypto";
import express, { Router, type Request } from "express";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";
import type { Lang } from "~/lib/i18n/languages";
import { cardErrorText } from "~/lib/payments/card-errors";
import {
  confirmPayment,
  createPayment,
  handlePaymentEvent,
  PAYMENT_ERRORS,
  PAYMENT_TEXT,
  type CheckoutDeps,
  type CheckoutResult,
} from "~/lib/payments/checkout.server";
import { WebhookPayloadError, WebhookSignatureError } from "~/lib/payments/provider";
import { getReceipt, receiptSeller, sendReceiptMail } from "~/lib/payments/receipts.server";
import { sendRefundFailedMail, sendRefundMail } from "~/lib/payments/refunds.server";
import { ReceiptIdSchema, type ReceiptResponse } from "~/lib/contracts/receipt";
import { RECEIPT_ERRORS } from "~/lib/payments/receipt-messages";
import { ConfirmPaymentSchema, CreatePaymentSchema, type PaymentResponse } from "~/lib/contracts/payment";
import { PAYMENTS_OF_SESSION_USER } from "~/lib/payments/history-read.server";
import { parseBody, requestLang, requireUser, requireUserWith, appContext } from "~/server/http";
import { refuseDeclaredOver, WEBHOOK_BODY_MAX_BYTES } from "~/server/body-limits";
import { paymentsAnswer } from "~/server/member-reads";

export const paymentRouter = Router();

function checkoutDeps(req: Request): CheckoutDeps {
  const context = appContext(req);
  const { db, payments, logger, rateLimiter, env, mailer, site } = context;
  return {
    db,
    provider: payments,
    logger: req.log ?? logger,
    rateLimiter,
    siteName: env.SITE_NAME,
    seller: receiptSeller(env),
    onGranted: (payment) => {
      if (payment.userId) void sendReceiptMail({ db, env, mailer, logger, origin: site.origin }, payment.id, payment.userId);
    },
    onRefunded: (refund) => void sendRefundMail({ db, env, mailer, logger, origin: site.origin }, refund),
    onRefundFailed: (payment) => void sendRefundFailedMail({ db, env, mailer, logger, origin: site.origin }, payment),
  };
}

/** The spec's checkout message for a missing card or country; other field problems keep the generic one. */
function parseCreateBody(req: Request) {
  try {
    return parseBody(req, CreatePaymentSchema, req.body);
  } catch (error) {
    const codes = (error instanceof ApiError ? error.details?.codes : undefined) as Record<string, string> | undefined;
    if (codes && (codes.paymentMethodId === "required" || codes.country === "required")) {
      throw new ApiError(400, "missing_details", PAYMENT_ERRORS.fillAllDetails, error instanceof ApiError ? error.details : undefined);
    }
    throw error;
  }
}

function toResponse(result: CheckoutResult, lang: Lang): PaymentResponse {
  const base = { transactionId: result.payment.id, package: result.payment.package };
  switch (result.status) {
    case "succeeded":
      return {
        success: true,
        status: "succeeded",
        message: PAYMENT_TEXT.succeeded[lang],
        ...base,
        creditsAdded: result.payment.credits,
        credits: result.balance,
        amountCents: result.payment.amountCents,
        currency: result.payment.currency,
        receiptNumber: result.payment.receiptNumber,
      };
    case "requires_action":
      return {
        success: false,
        status: "requires_action",
        message: PAYMENT_TEXT.requiresAction[lang],
        ...base,
        requiresAction: true,
        clientSecret: result.clientSecret,
      };
    case "pending":
      return { success: false, status: "pending", code: "processing", error: PAYMENT_TEXT.processing[lang], ...base };
    case "failed":
      return {
        success: false,
        status: "failed",
        code: result.code,
        error: cardErrorText(result.code, lang, result.message),
        ...base,
      };
  }
}

paymentRouter.post("/create", async (req, res) => {
  const user = await requireUser(req);
  const input = parseCreateBody(req);
  const result = await createPayment(checkoutDeps(req), {
    userId: user.id,
    // Remembered with the attempt, in its statement (the receipt e-mail goes out in this language).
    lang: requestLang(req),
    packageId: input.package,
    paymentMethodId: input.paymentMethodId,
    country: input.country,
    // A client that sends no key gets a fresh attempt per request.
    idempotencyKey: input.idempotencyKey ?? `server-${randomUUID()}`,
  });
  res.json(toResponse(result, requestLang(req)) satisfies PaymentResponse);
});

paymentRouter.post("/confirm", async (req, res) => {
  const user = await requireUser(req);
  const { transactionId } = parseBody(req, ConfirmPaymentSchema, req.body);
  const result = await confirmPayment(checkoutDeps(req), user.id, transactionId);
  res.json(toResponse(result, requestLang(req)) satisfies PaymentResponse);
});

// The signature covers the exact bytes, so this route reads the raw body (server/app.ts skips the JSON parser here).
paymentRouter.post("/webhook", refuseDeclaredOver(WEBHOOK_BODY_MAX_BYTES), express.raw({ type: () => true, limit: WEBHOOK_BODY_MAX_BYTES }), async (req, res) => {
  const deps = checkoutDeps(req);
  if (deps.provider.name === "test") throw new ApiError(404, "not_found", COMMON_ERRORS.notFound);
  if (!deps.provider.webhooksEnabled) {
    deps.logger.warn("payment webhook received but STRIPE_WEBHOOK_SECRET is not set");
    throw new ApiError(503, "webhook_not_configured", PAYMENT_ERRORS.webhookNotConfigured);
  }
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const signature = req.headers["stripe-signature"];
  let event;
  try {
    event = deps.provider.parseWebhook(raw, typeof signature === "string" ? signature : undefined);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new ApiError(400, "invalid_signature", PAYMENT_ERRORS.invalidSignature);
    }
    if (error instanceof WebhookPayloadError) throw new ApiError(400, "invalid_event", PAYMENT_ERRORS.invalidEvent);
    throw error;
  }
  if (!event) throw new ApiError(404, "not_found", COMMON_ERRORS.notFound);
  const result = await handlePaymentEvent(deps, event);
  res.json({ received: true, result });
});

paymentRouter.get("/history", async (req, res) => {
  // The session and the purchases in one statement (docs/decisions/0016-authenticated-reads.md).
  const { data: payments } = await requireUserWith(req, PAYMENTS_OF_SESSION_USER);
  res.json(paymentsAnswer(payments));
});

paymentRouter.get("/receipts/:id", async (req, res) => {
  const user = await requireUser(req);
  const id = ReceiptIdSchema.safeParse(req.params.id);
  const { db, env } = appContext(req);
  // An administrator opens any member's receipt from the admin area, to answer the member about it.
  const found = id.success ? await getReceipt(db, env, id.data, user.role === "admin" ? null : user.id) : null;
  if (!found) throw new ApiError(404, "receipt_not_found", RECEIPT_ERRORS.notFound);
  const { lang: _lang, ...receipt } = found;
  res.json({ success: true, receipt } satisfies ReceiptResponse);
});
