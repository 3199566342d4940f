// /api/v1/refunds: an administrator refunds a member's purchase in full (lib/payments/refunds.server.ts).
// Contract: lib/contracts/refund.ts. Every route answers 401 without a token and 403 for a non-admin.
import { Router } from "express";
import { formatUsd } from "~/lib/catalog";
import {
  RefundListQuerySchema,
  RefundSchema,
  RepaidSchema,
  type RefundListResponse,
  type RefundResponse,
  type RepaidResponse,
} from "~/lib/contracts/refund";
import { ApiError } from "~/lib/http/api-error";
import { ADMIN_USER_ERRORS } from "~/lib/admin/users.server";
import { format } from "~/lib/i18n/format";
import { REFUND_TEXT } from "~/lib/payments/receipt-messages";
import { markRefundRepaid, refundCandidates, refundPayment } from "~/lib/payments/refunds.server";
import { appContext, parseBody, requestLang, requireAdmin } from "~/server/http";

export const refundRouter = Router();

refundRouter.get("/", async (req, res) => {
  await requireAdmin(req);
  const { userId } = parseBody(req, RefundListQuerySchema, req.query);
  const list = await refundCandidates(appContext(req).db, userId);
  if (!list) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
  res.json({ success: true, ...list } satisfies RefundListResponse);
});

refundRouter.post("/", async (req, res) => {
  const admin = await requireAdmin(req);
  const { paymentId } = parseBody(req, RefundSchema, req.body);
  const { db, env, mailer, logger, payments, site } = appContext(req);
  const result = await refundPayment(
    { db, env, mailer, logger: req.log ?? logger, provider: payments, origin: site.origin },
    paymentId,
    admin.id,
  );
  res.json({
    success: true,
    message: format((result.payment.provider === "test" ? REFUND_TEXT.refundedTestMode : REFUND_TEXT.refunded)[requestLang(req)], {
      amount: formatUsd(result.payment.amountCents),
      credits: result.creditsRemoved,
    }),
    paymentId: result.payment.id,
    refundedAt: result.payment.refundedAt!.toISOString(),
    creditsRemoved: result.creditsRemoved,
    balance: result.balance,
  } satisfies RefundResponse);
});

refundRouter.post("/repaid", async (req, res) => {
  const admin = await requireAdmin(req);
  const { paymentId } = parseBody(req, RepaidSchema, req.body);
  const payment = await markRefundRepaid(appContext(req).db, paymentId, admin.id);
  (req.log ?? appContext(req).logger).info({ paymentId, adminId: admin.id }, "a returned refund was recorded as repaid another way");
  res.json({
    success: true,
    message: format(REFUND_TEXT.repaid[requestLang(req)], { amount: formatUsd(payment.amountCents) }),
    paymentId: payment.id,
    refundRepaidAt: payment.refundRepaidAt!.toISOString(),
  } satisfies RepaidResponse);
});
