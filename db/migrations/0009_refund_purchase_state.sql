-- A refund now gives the member's payment status and package back to what their remaining purchases
-- say (lib/payments/refunds.server.ts, syncPurchaseState): paid while a succeeded payment is not
-- refunded, with the package of the latest one, else not paid and ''. Members refunded before that
-- still read "Paid" with the refunded package; this sets them the same way. Members without a refund
-- are left as they are.
UPDATE "users" SET
  "payment_done" = EXISTS (
    SELECT 1 FROM "payments" p WHERE p."user_id" = "users"."id" AND p."status" = 'succeeded' AND p."refunded_at" IS NULL
  ),
  "package" = COALESCE((
    SELECT p."package" FROM "payments" p
    WHERE p."user_id" = "users"."id" AND p."status" = 'succeeded' AND p."refunded_at" IS NULL
    ORDER BY p."granted_at" DESC NULLS LAST, p."receipt_number" DESC NULLS LAST, p."created_at" DESC
    LIMIT 1
  ), ''),
  "updated_at" = now()
WHERE EXISTS (
  SELECT 1 FROM "payments" p WHERE p."user_id" = "users"."id" AND (p."status" = 'refunded' OR p."refunded_at" IS NOT NULL)
);
