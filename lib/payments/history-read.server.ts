// GET /api/v1/payment/history read together with the session (one statement): the member's
// purchases, newest first, as paymentHistory() (checkout.server.ts) answers them.
import { sql, type SQL } from "drizzle-orm";
import { payments } from "~/db/schema";
import { sessionUserId } from "~/lib/accounts/sessions.server";
import type { PaymentHistoryItem } from "~/lib/contracts/payment";
import { isoTime } from "~/lib/sql-json.server";

/**
 * The purchases subquery for readWithSession() (the latest 50, as paymentHistory()); a failed
 * attempt's `failure` is decodePaymentError()'s code: the stored error up to its first ": ", or
 * card_declined when none was stored.
 */
export const PAYMENTS_OF_SESSION_USER: SQL<PaymentHistoryItem[]> = sql<PaymentHistoryItem[]>`(select coalesce(json_agg(json_build_object(
      'id', p.id, 'package', p.package, 'amountCents', p.amount_cents, 'currency', p.currency,
      'credits', p.credits, 'status', p.status, 'receiptNumber', p.receipt_number,
      'refundedAt', ${isoTime(sql`p.refunded_at`)}, 'createdAt', ${isoTime(sql`p.created_at`)},
      'failure', case when p.status = 'failed' then split_part(coalesce(p.error, 'card_declined'), ': ', 1) end
    ) order by p.created_at desc, p.id desc), '[]'::json)
    from (select * from ${payments} where ${payments.userId} = ${sessionUserId}
      order by ${payments.createdAt} desc, ${payments.id} desc limit 50) p)`;
